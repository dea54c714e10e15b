import Foundation
import Testing
@testable import Reports

/// A run that stopped early makes none of its checks (report.json: `"checked": false`, and
/// `"holds": false`): the page counted them as not holding, "expectations: 0 of 2 hold · claims:
/// 0 of 1 hold", while report.md said each was not checked (C1's F2).
@Suite struct HTMLVerdictStoppedEarlyTests {
    func summary(_ json: String) -> [String]? {
        VerdictSummary(json: Data(json.utf8))?.parts.map { "\($0.tone.rawValue): \($0.text)" }
    }

    @Test func checksAndClaimsOfAStoppedRunAreNotChecked() {
        let json = """
            {"passed": false, "checks": [{"holds": false, "checked": false}, {"holds": false, "checked": false}],
             "claims": [{"claim": "it finishes", "holds": false, "checked": false}]}
            """
        #expect(summary(json) == ["fail: failed", "neutral: expectations: not checked (the run stopped early)",
                                  "neutral: claims: not checked (the run stopped early)"])
    }

    /// Made and unmade verdicts in one list: the made ones are counted, the others said apart.
    @Test func onlyTheChecksMadeAreCounted() {
        let json = #"{"checks": [{"holds": true, "checked": true}, {"holds": false, "checked": true}, {"holds": false, "checked": false}]}"#
        #expect(summary(json) == ["mixed: expectations: 1 of 2 hold, 1 not checked"])
    }

    /// A report without `checked` (older ones, the MapReduce experiment's claims) is read as
    /// before; a `checked` of another type is not Orrery's shape.
    @Test func aVerdictWithoutCheckedIsAMadeOne() {
        #expect(summary(#"{"checks": [{"holds": false}], "claims": [{"holds": true}]}"#) == ["fail: expectations: 0 of 1 hold", "pass: claims: 1 of 1 hold"])
        #expect(summary(#"{"checks": [{"holds": false, "checked": "no"}]}"#) == nil)
    }
}
