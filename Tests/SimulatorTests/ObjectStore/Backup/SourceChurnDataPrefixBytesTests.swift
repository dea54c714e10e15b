import Testing
@testable import Simulator

/// The churn changes only its own files, those under `data/`, judged by the path's bytes as S3
/// judges a key under a prefix (s78 made every other path of the backups bytes). It used
/// `String.hasPrefix`, which compares grapheme by grapheme under canonical equivalence: in
/// `data/\u{301}x` the `/` and the combining acute are one grapheme, `/́`, so the file was not
/// the churn's though its bytes start with `data/` (64 61 74 61 2F CC 81 78).
struct SourceChurnDataPrefixBytesTests {
    static let accented = "data/\u{301}x"

    @Test func aPathWhoseBytesStartWithDataIsTheChurns() {
        #expect(!Self.accented.hasPrefix("data/"))  // Swift's grapheme-wise prefix
        let source = SourceDirectory([Self.accented: [1, 2], "output/part-00000": [3]])
        // Deletions only, one a round: the churn's one file goes. Before, it had no file of its
        // own, so the round created one (`data/dir-NN/f-….bin`) instead.
        let churn = SourceChurn(initialFiles: 0, directories: 1, changesPerRound: 1, createWeight: 0, modifyWeight: 0, deleteWeight: 1)
        var random = SeededRandom(seed: 3)
        let changes = churn.round(of: source, using: &random)
        #expect(changes.count == 1)
        guard case .remove(let path) = changes.first else {
            Issue.record("expected a removal, got \(changes)")
            return
        }
        #expect(Array(path.utf8) == Array(Self.accented.utf8))
    }
}
