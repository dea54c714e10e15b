import Foundation
import Testing
@testable import Reports

#if canImport(Glibc)
import Glibc
#endif

/// Two writers of one report folder take turns (``FolderLock``): the second waits for the first,
/// and is refused with nothing written when it waits longer than its patience; the temporaries
/// a killed writer left are removed by the next write, once nobody else can be writing there;
/// and SIGTERM in the middle of a commit ends the process only after it.
@Suite("Folder locks")
struct FolderLockTests {
    /// Holds `directory` as another process would: its own open file description and `flock`.
    final class ForeignHold: Sendable {
        let descriptor: Int32
        init(_ directory: URL) throws {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            descriptor = open(directory.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            try #require(descriptor >= 0 && flock(descriptor, LOCK_EX | LOCK_NB) == 0)
        }
        func release() { close(descriptor) }
    }

    /// Whether another writer could take `directory` now.
    static func isFree(_ directory: URL) -> Bool {
        let descriptor = open(directory.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        defer { close(descriptor) }
        return descriptor >= 0 && flock(descriptor, LOCK_EX | LOCK_NB) == 0
    }

    static func bundle(_ title: String) -> ReportBundle {
        var bundle = ReportBundle()
        bundle.add("small/report.md", "# \(title)\n")
        bundle.add("small/summary.csv", "metric,value\n")
        return bundle
    }

    @Test("a folder another writer holds past the patience is refused, and nothing is written")
    func aHeldFolderIsRefused() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let out = scratch.url.appendingPathComponent("o")
        try Self.bundle("first").write(to: out)
        let before = try scratch.contents()
        let hold = try ForeignHold(out.appendingPathComponent("small"))
        defer { hold.release() }
        let files = AtomicFileSet()
        let folder = out.appendingPathComponent("small").path
        #expect(throws: ReportWriteError.folderBusy(path: FileIdentity.canonicalPath(folder), patience: .milliseconds(100))) {
            try files.lock(out.appendingPathComponent("small"), patience: .milliseconds(100))
        }
        #expect(ReportWriteError.folderBusy(path: "o/small", patience: .seconds(10)).description
            == "another process is writing into \"o/small\" and still was after 10.000 s of waiting; nothing was written: wait for it to end, or name another --out")
        #expect(try scratch.contents() == before)
        #expect(try String(contentsOf: out.appendingPathComponent("small/report.md"), encoding: .utf8) == "# first\n")
    }

    @Test("a writer waits for the holder to let go, then writes; the folder is free after its commit")
    func aWriterWaitsItsTurn() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let out = scratch.url.appendingPathComponent("o")
        let hold = try ForeignHold(out.appendingPathComponent("small"))
        let released = DispatchSemaphore(value: 0)
        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(300)) {
            hold.release()
            released.signal()
        }
        try Self.bundle("second").write(to: out)
        // It could only have written once the hold was let go.
        #expect(released.wait(timeout: .now()) == .success)
        #expect(try String(contentsOf: out.appendingPathComponent("small/report.md"), encoding: .utf8) == "# second\n")
        #expect(Self.isFree(out.appendingPathComponent("small")))
    }

    @Test("holds nest on one thread, and the last one lets go")
    func holdsNest() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        var outer: FolderLock? = try FolderLock(scratch.url.path, patience: .zero)
        var inner: FolderLock? = try FolderLock(scratch.url.path + "/.", patience: .zero)
        #expect(!Self.isFree(scratch.url))
        inner = nil
        #expect(!Self.isFree(scratch.url))
        outer = nil
        #expect(Self.isFree(scratch.url))
        _ = (outer, inner)
    }

    @Test("a discarded set lets go of its folders")
    func discardLetsGo() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let files = AtomicFileSet()
        try files.lock(scratch.url.appendingPathComponent("small"))
        #expect(!Self.isFree(scratch.url.appendingPathComponent("small")))
        files.discard()
        #expect(try scratch.contents().isEmpty)
    }

    /// A run killed while it wrote left 29–30 hidden temporaries that no later run removed,
    /// since a temporary could not be told from another writer's under way.
    @Test("the temporaries a killed writer left are removed by the next write; a report folder's below stay")
    func leftoverTemporariesGo() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let out = scratch.url.appendingPathComponent("o")
        try Self.bundle("first").write(to: out)
        let left = [
            "o/small/.orrery-write-0D5C2A44-5E0B-4C43-9A0B-6C2B1F0E9A11.tmp",
            "o/small/.orrery-keep-7E1F4B90-2C3D-4E5F-8A9B-0C1D2E3F4A5B.tmp",
            "o/small/job-1/.orrery-write-11111111-2222-3333-4444-555555555555.tmp",
            "o/small/shard-1-of-2/.orrery-write-66666666-7777-8888-9999-000000000000.tmp",
            "o/.orrery-write-AAAAAAAA-BBBB-CCCC-DDDD-EEEEEEEEEEEE.tmp",
        ]
        for path in left + ["o/small/shard-1-of-2/sweep.json", "o/small/.orrery-notes"] {
            try ReportFolderReplacedWholeTests.write("left\n", path, in: scratch)
        }
        try Self.bundle("second").write(to: out)
        #expect(try scratch.contents() == [
            "o", "o/.orrery-write-AAAAAAAA-BBBB-CCCC-DDDD-EEEEEEEEEEEE.tmp", "o/small", "o/small/.orrery-notes",
            "o/small/report.md", "o/small/shard-1-of-2",
            "o/small/shard-1-of-2/.orrery-write-66666666-7777-8888-9999-000000000000.tmp",
            "o/small/shard-1-of-2/sweep.json", "o/small/summary.csv",
        ])
    }

    /// Ctrl-C or `kill` while a commit renames its files would leave a folder part old, part
    /// new: the signal waits for the commit to end, then ends the process as it would have.
    /// The test's child process may start with signals blocked; a command's do not.
    static func unblockTermination() {
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, SIGTERM)
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
    }

    @Test("SIGTERM during a commit ends the process only once the commit is done")
    func aSignalWaitsForTheCommit() async {
        // Held off: the process goes on to its own exit.
        await #expect(processExitsWith: .exitCode(7)) {
            FolderLockTests.unblockTermination()
            CommitSignals.install()
            CommitSignals.begin()
            raise(SIGTERM)
            exit(7)
        }
        await #expect(processExitsWith: .signal(SIGTERM)) {
            FolderLockTests.unblockTermination()
            CommitSignals.install()
            CommitSignals.begin()
            raise(SIGTERM)
            // Still here: the commit goes on, and ends the process when it ends.
            CommitSignals.end()
            // Not reached.
            exit(0)
        }
        await #expect(processExitsWith: .signal(SIGTERM)) {
            FolderLockTests.unblockTermination()
            CommitSignals.install()
            raise(SIGTERM)
            // Not reached: no commit was under way.
            exit(0)
        }
    }
}
