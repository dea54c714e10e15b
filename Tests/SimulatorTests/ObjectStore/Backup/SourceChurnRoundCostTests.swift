import Testing
@testable import Simulator

/// A churn round draws its changes from the directory as the changes before them left it, without
/// copying the directory or filtering every path (s81: each change copied and filtered the whole
/// directory, and 3 days of a growing one ran past 500 s). ``SourceDirectory/Draft`` must answer
/// exactly what the copy and the filter did, so the draws, and the changes, stay the same.
struct SourceChurnRoundCostTests {
    /// Paths around the `data/` range's edges (`data`, `data0`, `dat`, `data/` plus a combining
    /// mark) and a few inside it, so that writes and removals collide.
    static let alphabet = ["dat", "data", "data/", "data/\u{301}x", "data/a", "data/b", "data/b/c", "data/é", "data/e\u{301}",
                           "data/z", "data0", "datb", "output/part-0", "zz"]

    /// The copy-and-filter answer: the churn's paths of the changed directory, in byte order.
    static func filtered(_ directory: SourceDirectory) -> [String] {
        directory.paths.filter { S3ObjectKey($0).hasBytePrefix("data/") }
    }

    @Test func aDraftRanksThePathsAsTheChangedCopyFiltersThem() {
        var random = SeededRandom(seed: 81)
        var checked = 0
        for _ in 0..<200 {
            var base = SourceDirectory()
            for path in Self.alphabet where random.next() % 2 == 0 { base.write([UInt8(path.utf8.count)], to: path) }
            var draft = SourceDirectory.Draft(base, prefix: "data/")
            var copy = base
            for step in 0..<12 {
                let path = Self.alphabet[Int(random.next() % UInt64(Self.alphabet.count))]
                let change: SourceChange = random.next() % 3 == 0 ? .remove(path: path) : .write(path: path, bytes: [UInt8(step)])
                draft.apply(change)
                copy.apply(change)
                let expected = Self.filtered(copy)
                #expect(draft.count == expected.count)
                #expect((0..<draft.count).map(draft.path(at:)) == expected)
                for path in Self.alphabet { #expect(draft[path] == copy[path]) }
                checked += 1
            }
        }
        #expect(checked == 2_400)
    }

    @Test func theChurnsRangeIsFoundByBytes() {
        // Written one by one: "data/é" and "data/e\u{301}" are one `String` key but two paths.
        let directory = Self.alphabet.reduce(into: SourceDirectory()) { $0.write([1], to: $1) }
        let range = directory.positions(underBytePrefix: "data/")
        #expect(Array(directory.paths[range]) == Self.filtered(directory))
        #expect(Array(directory.paths[range]) == ["data/", "data/a", "data/b", "data/b/c", "data/e\u{301}", "data/z", "data/é", "data/\u{301}x"])
        #expect(SourceDirectory().positions(underBytePrefix: "data/") == 0..<0)
    }

    /// The total is kept as files come and go: an overwrite counts the new size, a removal
    /// nothing, a removal of nothing changes nothing.
    @Test func totalBytesFollowTheFiles() {
        var directory = SourceDirectory(["a": [1, 2, 3], "b": [4]])
        #expect(directory.totalBytes == 4)
        directory.write([9, 9, 9, 9, 9], to: "a")
        #expect(directory.totalBytes == 6)
        directory.remove("b")
        directory.remove("missing")
        #expect(directory.totalBytes == 5)
        directory.apply(.write(path: "c", bytes: []))
        #expect(directory.totalBytes == 5 && directory.count == 2)
    }
}
