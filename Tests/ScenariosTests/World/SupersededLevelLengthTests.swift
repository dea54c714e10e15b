import Foundation
import Testing
@testable import Scenarios
@testable import Simulator

/// Two overlapping level faults of one target: the loader leaves the earlier one's end out of
/// the schedule (``LevelWindows``), so the later one's level holds, and keeps the earlier one's
/// written `for:` (``FaultSchedule/Entry/writtenLength``) for the report, which lists each fault
/// as written — "slow s3 ×5 for 2.000 s", not "until 1.500 s". The schedule the network applies
/// is the one it applied before.
struct SupersededLevelLengthTests {
    static func scenario(_ faults: String) throws -> Scenario {
        try ScenarioLoader.parse("""
            run: {duration: 4s}
            servers: [{name: s, count: 3, slots: 1, service_time: 1ms}]
            balancer: {strategy: round_robin}
            workload: {type: open_loop, rate: 50, timeout: 1s}
            faults:
            \(faults)
            """, file: "levels.yaml")
    }

    @Test func aSupersededSlowdownKeepsItsWrittenLength() throws {
        let scenario = try Self.scenario("""
              - {at: 1s, slow: s3, factor: 5, for: 2s}
              - {at: 1.5s, slow: s3, factor: 2, for: 10s}
            """)
        // Applied as before: the fault, the later fault, the later one's end; the first end left out.
        let entries = scenario.faults.entries
        #expect(entries.map(\.fault) == [.slow("s3", factor: 5), .slow("s3", factor: 2), .slow("s3", factor: 1)])
        #expect(entries.map(\.at) == [.after(.seconds(1)), .after(.milliseconds(1500)), .after(.milliseconds(11500))])
        #expect(entries.map(\.writtenLength) == [.seconds(2), nil, nil])
        let result = ScenarioRunner.run(scenario)
        #expect(result.faults == ["1.000 s: slow s3 ×5 for 2.000 s", "1.500 s: slow s3 ×2 for 10.000 s"])
        let markdown = try #require(result.traffic).markdown()
        #expect(markdown.contains("- 1.000 s: slow s3 ×5 for 2.000 s\n- 1.500 s: slow s3 ×2 for 10.000 s\n"))
    }

    /// The same for error bursts and the drop rate, several deep: each written fault once, with
    /// its own length, whichever of them the schedule cut short.
    @Test func errorBurstsAndDropRatesKeepTheirLengths() throws {
        let scenario = try Self.scenario("""
              - {at: 1s, errors: s1, rate: 0.5, for: 1s}
              - {at: 1.2s, errors: s1, rate: 0.2, for: 1s}
              - {at: 1.4s, errors: s1, rate: 0.9, for: 1s}
              - {at: 2s, drop_rate: 0.1, for: 500ms}
              - {at: 2.1s, drop_rate: 0.2, for: 800ms}
            """)
        #expect(scenario.faults.entries.compactMap(\.writtenLength) == [.seconds(1), .seconds(1), .milliseconds(500)])
        #expect(ScenarioRunner.run(scenario).faults == [
            "1.000 s: errors s1 rate 0.5 for 1.000 s", "1.200 s: errors s1 rate 0.2 for 1.000 s", "1.400 s: errors s1 rate 0.9 for 1.000 s",
            "2.000 s: drop rate 0.1 for 0.500 s", "2.100 s: drop rate 0.2 for 0.800 s",
        ])
    }

    /// A burst inside a longer one keeps its end in the schedule (it ends the level there, as
    /// documented): nothing is kept aside, and it lists with its length as before.
    @Test func aWindowInsideALongerOneIsUnchanged() throws {
        let scenario = try Self.scenario("""
              - {at: 1s, slow: s3, factor: 5, for: 2s}
              - {at: 1.5s, slow: s3, factor: 2, for: 500ms}
            """)
        #expect(scenario.faults.entries.allSatisfy { $0.writtenLength == nil })
        #expect(scenario.faults.entries.count == 4)
    }

    /// Behaviour unchanged: the same run's digest with and without the kept length.
    @Test func theRunIsTheSameWithoutTheKeptLength() throws {
        let scenario = try Self.scenario("""
              - {at: 1s, slow: s3, factor: 5, for: 2s}
              - {at: 1.5s, slow: s3, factor: 2, for: 10s}
            """)
        var stripped = scenario
        stripped.faults.entries = scenario.faults.entries.map { FaultSchedule.Entry(at: $0.at, fault: $0.fault) }
        #expect(ScenarioRunner.run(scenario).digest == ScenarioRunner.run(stripped).digest)
    }
}
