import Testing
@testable import Scenarios

/// A queue experiment's runs and its placement analysis' algorithms are told apart by name in
/// every heading, row and chart; two of one name loaded (`leader crash` twice made two sections of
/// one heading), by bytes and by look-alikes, as A-4's variants are refused
/// (``DistinctNames``).
struct QueueExperimentDistinctNamesTests {
    static let header = QueueExperimentTests.header
    static let runRemedy = "give each run its own name: the report's headings and rows tell the runs apart by it"
    static let algorithmRemedy = "give each algorithm its own name: the analysis' tables tell the algorithms apart by it"

    static func refusal(_ text: String) -> String { experimentError(text)?.description ?? "" }

    @Test func aRunNamedTwiceIsRefusedAtItsSecondName() {
        #expect(Self.refusal(Self.header + "runs: [{name: r}, {name: r}]\n")
            == "x.yaml:4:26: error: run 'r' is listed twice; \(Self.runRemedy) (at runs.[1].name)")
        #expect(Self.refusal(Self.header + "runs: [{name: \"\\uFF52\"}, {name: r}]\n")
            == "x.yaml:4:33: error: run 'r' (U+0072) names the same as run '\u{FF52}' (U+FF52) in other code points (Unicode compatibility equivalence, NFKC); \(Self.runRemedy) (at runs.[1].name)")
        #expect(Self.refusal(Self.header + "runs: [{name: r}, {name: R}]\n") == "")
    }

    @Test func anAlgorithmNamedTwiceIsRefusedAtItsSecondName() {
        let analysis = "placement_analysis:\n  brokers: [3]\n  partitions: 10\n  replication: 1\n  algorithms:\n"
        #expect(Self.refusal(Self.header + analysis + "    - {name: ring, placement: jump}\n    - {name: ring, placement: rendezvous}\n")
            == "x.yaml:10:14: error: algorithm 'ring' is listed twice; \(Self.algorithmRemedy) (at placement_analysis.algorithms.[1].name)")
        #expect(Self.refusal(Self.header + analysis + "    - {name: ring, placement: jump}\n    - {name: rendezvous, placement: rendezvous}\n") == "")
    }
}
