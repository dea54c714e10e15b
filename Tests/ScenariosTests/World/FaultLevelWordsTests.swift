import Testing
@testable import Scenarios
@testable import Simulator

/// An error or drop rate reaches a report as the file writes it (``Fault/levelText(_:)``), as a
/// slowdown's factor does: `errors s2 rate 1`, `drop rate 0`, where the `Double` printed `1.0` and
/// `0.0` in the fault list, the Failovers table and the load-time refusals. The trace keeps
/// ``Fault/description``, which the digest folds.
struct FaultLevelWordsTests {
    @Test func ratesReadAsWritten() {
        #expect(Fault.errors("s2", rate: 1).reportText == "errors s2 rate 1")
        #expect(Fault.errors("s2", rate: 0.25).reportText == "errors s2 rate 0.25")
        #expect(Fault.errors("s2", rate: 0).reportText == "errors s2 rate 0")
        #expect(Fault.dropRate(0).reportText == "drop rate 0")
        #expect(Fault.dropRate(0.001).reportText == "drop rate 0.001")
        #expect(Fault.dropRate(1e-12).reportText == "drop rate 0.000000000001")
        #expect(Fault.errors("s2", rate: 1).description == "errors s2 rate 1.0")
    }

    /// The fault list and a Failovers row of one run.
    @Test func aRunsListAndRowsWriteThem() throws {
        let scenario = try ScenarioLoader.parse("""
            seed: 1
            run: {duration: 4s}
            network: {latency: 1ms}
            balancer:
              strategy: round_robin
              health_check: {interval: 100ms, timeout: 50ms, rise: 2, fall: 2}
            servers: [{name: s, count: 2, slots: 1, queue: 10, service_time: 10ms}]
            workload: {type: closed_loop, users: 1, think_time: 50ms, timeout: 500ms}
            faults:
              - {at: 1s, errors: s2, rate: 1, for: 1s}
              - {at: 2.5s, drop_rate: 0.5, for: 500ms}
            """, file: "levels.yaml")
        let result = ScenarioRunner.run(scenario)
        #expect(result.faults == ["1.000 s: errors s2 rate 1 for 1.000 s", "2.500 s: drop rate 0.5 for 0.500 s"])
        let rows = try #require(result.traffic?.balancer?.failovers).map(\.fault)
        #expect(rows == ["errors s2 rate 1"])
    }
}
