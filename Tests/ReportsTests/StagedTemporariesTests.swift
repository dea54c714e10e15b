import Foundation
import Testing
@testable import Reports

/// The temporaries a signal removes (``StagedTemporaries``): every file an ``AtomicFileSet`` has
/// staged is tracked from before it exists until it is renamed into place or removed, and no
/// longer. The removal itself runs in the signal handler and is tested through the binary
/// (`SignalCleanupCommandTests`); here other tests stage files at the same time, so only the paths
/// under this test's own directory are looked at, and none is removed.
@Suite("StagedTemporaries")
struct StagedTemporariesTests {
    /// The tracked paths under `scratch`, sorted.
    private func tracked(under scratch: ScratchDirectory) -> [String] {
        StagedTemporaries.paths.filter { $0.hasPrefix(scratch.url.path + "/") }.sorted()
    }

    @Test("a staged file is tracked until the commit renames it")
    func trackedUntilCommit() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let files = AtomicFileSet()
        let first = try #require(try files.stage("a\n", at: scratch.url.appendingPathComponent("a.txt")))
        let second = try #require(try files.stage("b\n", at: scratch.url.appendingPathComponent("sub/b.txt")))
        #expect(tracked(under: scratch) == [first.path, second.path].sorted())
        #expect(first.lastPathComponent.hasPrefix(".orrery-write-") && first.lastPathComponent.hasSuffix(".tmp"))
        try files.commit()
        #expect(tracked(under: scratch) == [])
        #expect(try scratch.contents() == ["a.txt", "sub", "sub/b.txt"])
    }

    @Test("a discarded set's files are removed and forgotten")
    func forgottenOnDiscard() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let files = AtomicFileSet()
        try files.stage("a\n", at: scratch.url.appendingPathComponent("a.txt"))
        #expect(tracked(under: scratch).count == 1)
        files.discard()
        #expect(tracked(under: scratch) == [])
        #expect(try scratch.contents() == [])
    }

    @Test("a set that fails to stage forgets what it had staged")
    func forgottenOnFailure() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let files = AtomicFileSet()
        try files.stage("a\n", at: scratch.url.appendingPathComponent("a.txt"))
        #expect(throws: ReportWriteError.conflictingPaths(scratch.url.appendingPathComponent("a.txt").path,
                                                         scratch.url.appendingPathComponent("a.txt").path)) {
            try files.stage("again\n", at: scratch.url.appendingPathComponent("a.txt"))
        }
        #expect(tracked(under: scratch) == [])
        #expect(try scratch.contents() == [])
    }

    @Test("a forgotten path is no longer tracked, and the next is")
    func forgottenPathUntracked() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let path = scratch.url.appendingPathComponent("x").path
        let first = StagedTemporaries.track(path)
        StagedTemporaries.forget(first)
        let second = StagedTemporaries.track(path + "2")
        #expect(tracked(under: scratch) == [path + "2"])
        StagedTemporaries.forget(second)
        #expect(tracked(under: scratch) == [])
    }

    @Test("a signal ignored when the process starts is seen as ignored")
    func ignoredSignalSeen() {
        // SIGURG is ignored by no one here and handled by no one: set it to ignored, look, restore.
        let previous = signal(SIGURG, SIG_IGN)
        defer { signal(SIGURG, previous) }
        #expect(CommitSignals.isIgnored(SIGURG))
        signal(SIGURG, SIG_DFL)
        #expect(!CommitSignals.isIgnored(SIGURG))
    }
}
