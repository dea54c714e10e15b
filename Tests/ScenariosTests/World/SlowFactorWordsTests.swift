import Foundation
import Testing
import Simulator
@testable import Scenarios

/// A slowdown's factor reaches prose as a number in prose (``Fault/levelText(_:)``): the fault
/// list of report.md and report.json, a Failovers row's fault cell and the timeline's labels print
/// `slow s3 ×2`, where they printed the `Double`, `×2.0` and `×1000000.0`. The trace keeps its
/// own record of the factor (`service times × 2.0`), which this leaves as it is.
struct SlowFactorWordsTests {
    @Test func aFactorPrintsGroupedWithoutTrailingZeros() {
        #expect([2, 1.5, 1_000, 3.142, 1_000_000, 0.25, 1, 1.000001].map(Fault.levelText)
            == ["2", "1.5", "1,000", "3.142", "1,000,000", "0.25", "1", "1.000001"])
        #expect(Fault.slow("s3", factor: 2).reportText == "slow s3 ×2")
        #expect(Fault.slow("worker-1", factor: 1_000_000).reportText == "slow worker-1 ×1,000,000")
    }

    /// A world's fault list, as report.md and report.json write it: the written factor, a
    /// slowdown without `for:` and the undo it ends with.
    @Test func aWorldsFaultListPrintsTheFactorInWords() throws {
        let result = ScenarioRunner.run(try ScenarioLoader.parse("""
            run: {duration: 10s}
            servers: [{name: s, count: 3}]
            balancer: {strategy: round_robin}
            workload: {type: closed_loop, users: 2}
            faults:
              - {at: 1s, slow: s1, factor: 1.5, for: 1s}
              - {at: 2s, slow: s2, factor: 1000}
              - {at: 3s, slow: s3, factor: 2, for: 2s}
              - {at: 4s, slow: s2, factor: 1}
            """, file: "slow.yaml"))
        #expect(result.faults == [
            "1.000 s: slow s1 ×1.5 for 1.000 s",
            "2.000 s: slow s2 ×1,000 until 4.000 s",
            "3.000 s: slow s3 ×2 for 2.000 s",
            "4.000 s: slow s2 ×1",
        ])
        #expect(try #require(result.traffic).markdown().contains("- 2.000 s: slow s2 ×1,000 until 4.000 s\n"))
    }

    /// The schema's MapReduce `slow_factor` says what a draw is held to, as README does.
    @Test func theSchemaSaysASlowFactorDrawIsHeldToOneToAMillion() {
        #expect(ScenarioSchema.jsonText.contains(#""description": "How many times slower, drawn as a duration in seconds (default uniform 2 … 8). Each draw is held to 1 … 1,000,000 (a draw of 1 or below is no slowdown) and rounded to thousandths.""#))
    }
}
