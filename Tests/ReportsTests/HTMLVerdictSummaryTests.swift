import Foundation
import Testing
@testable import Reports

@Suite("Verdict summaries from report.json")
struct HTMLVerdictSummaryTests {
    func summary(_ json: String) -> [String]? {
        VerdictSummary(json: Data(json.utf8))?.parts.map { "\($0.tone.rawValue): \($0.text)" }
    }

    @Test("a run: passed, its expectations and its claims")
    func run() {
        let json = """
            {"passed": false, "checks": [{"expectation": "p99 < 1ms", "holds": false, "measured": 2}, {"holds": true}],
             "claims": [{"claim": "x", "holds": true}, {"claim": "y", "holds": false}, {"claim": "z", "holds": false}]}
            """
        #expect(summary(json) == ["fail: failed", "mixed: expectations: 1 of 2 hold", "mixed: claims: 1 of 3 hold"])
    }

    @Test("a MapReduce claim not judged (holds: null) is counted as not checked, not as a malformed report")
    func claimNotJudged() {
        let json = #"{"claims": [{"claim": "x", "holds": true}, {"claim": "y", "holds": null, "measured": false}, {"claim": "z", "holds": false}]}"#
        #expect(summary(json) == ["mixed: claims: 1 of 2 hold, 1 not checked"])
    }

    @Test("claims with verdict words are counted by verdict, in order of first appearance")
    func claimVerdicts() {
        let json = #"{"claims": [{"verdict": "holds"}, {"verdict": "does not hold"}, {"verdict": "holds"}]}"#
        #expect(summary(json) == ["neutral: claims: 2 holds, 1 does not hold"])
    }

    @Test("a sweep: worlds passed over all variants")
    func sweep() {
        #expect(summary(#"{"variants": [{"worlds": 10, "passed": 10}, {"worlds": 10, "passed": 9}]}"#) == ["mixed: worlds: 19 of 20 pass"])
    }

    @Test("no verdict fields, other shapes or no JSON object: no summary", arguments: [
        #"{"seed": 2024, "counts": [1, 2]}"#,
        #"{"passed": 1, "checks": [{"holds": "yes"}], "claims": [{"claim": "x"}]}"#,
        #"{"checks": []}"#,
        "[1, 2]",
        "not json",
    ])
    func noSummary(json: String) {
        #expect(summary(json) == nil)
    }
}
