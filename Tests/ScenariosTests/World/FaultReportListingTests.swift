import Foundation
import Testing
@testable import Scenarios
@testable import Simulator

/// The Faults list: one entry per written fault, with the `for:` written, whatever the level;
/// instants and lengths written as every report table writes seconds; and queue nodes filed
/// under the queue on the timeline.
struct FaultReportListingTests {
    static func run(_ yaml: String) throws -> RunResult {
        ScenarioRunner.run(try ScenarioLoader.parse(yaml, file: "faults.yaml"))
    }

    /// The `- ` lines of a report's faults section (`## Faults` alone, `# Faults` composed).
    static func markdownFaults(_ markdown: String, heading: String) -> [String] {
        let lines = markdown.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let at = lines.firstIndex(of: heading) else { return [] }
        return lines[(at + 2)...].prefix { $0.hasPrefix("- ") }.map { String($0.dropFirst(2)) }
    }

    /// The checker's `n2`: a `slow` with `factor: 1` and a `drop_rate: 0`, each `for: 1s`, were
    /// four faults without a length ("slow s ×1" at 0.5 s and at 1.5 s): their levels equal
    /// their undos'.
    @Test func aLevelEqualToItsDefaultIsOneFaultWithItsLength() throws {
        let result = try Self.run("""
            name: n2
            run: {duration: 3s}
            network: {latency: 1ms}
            servers: [{name: s, slots: 1, service_time: 1ms, error_rate: 0.5}]
            workload: {type: open_loop, rate: 10, timeout: 100ms}
            faults:
              - {at: 0.5s, slow: s, factor: 1, for: 1s}
              - {at: 1s, errors: s, rate: 0.5, for: 1s}
              - {at: 1s, drop_rate: 0, for: 1s}
            """)
        let expected = ["0.500 s: slow s ×1 for 1.000 s", "1.000 s: errors s rate 0.5 for 1.000 s", "1.000 s: drop rate 0 for 1.000 s"]
        #expect(result.faults == expected)
        #expect(result.traffic?.faults == expected)
        #expect(Self.markdownFaults(try #require(result.traffic).markdown(), heading: "## Faults") == expected)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.json().utf8)) as? [String: Any])
        #expect(json["faults"] as? [String] == expected)
    }

    /// The checker's `n1`: `errors` with `rate: 0` for 1 ms.
    @Test func anErrorBurstOfRateZeroIsOneFault() throws {
        let result = try Self.run("""
            run: {duration: 1s}
            servers: [{name: s, slots: 1, service_time: 1ms}]
            workload: {type: open_loop, rate: 10, timeout: 100ms}
            faults: [{at: 0.5s, errors: s, rate: 0, for: 1ms}]
            """)
        #expect(result.faults == ["0.500 s: errors s rate 0 for 0.001 s"])
    }

    /// The checker's `f1`: `slow s3` ×5 for 2 s at 1 s, and ×2 for 10 s at 1.5 s. The later one
    /// outlasts the earlier one, whose end the schedule leaves out (``LevelWindows``): the list
    /// gave both without a length and an invented "slow s3 ×1" at 11.5 s. The later one keeps
    /// its `for:`; the earlier one is listed with its own `for:` as written (the loader keeps it,
    /// ``FaultSchedule/Entry/writtenLength``).
    @Test func overlappingSlowdownsAreListedOnceEach() throws {
        let result = try Self.run("""
            run: {duration: 4s}
            servers: [{name: s, count: 3, slots: 1, service_time: 1ms}]
            balancer: {strategy: round_robin}
            workload: {type: open_loop, rate: 50, timeout: 1s}
            faults:
              - {at: 1s, slow: s3, factor: 5, for: 2s}
              - {at: 1.5s, slow: s3, factor: 2, for: 10s}
            """)
        #expect(result.faults == ["1.000 s: slow s3 ×5 for 2.000 s", "1.500 s: slow s3 ×2 for 10.000 s"])
        #expect(!result.faults.contains { $0.contains("×1 ") || $0.hasSuffix("×1") })
        // The network still applies the schedule as before: three entries, the first end left out.
        let scenario = try ScenarioLoader.parse("""
            run: {duration: 4s}
            servers: [{name: s, count: 3, slots: 1, service_time: 1ms}]
            balancer: {strategy: round_robin}
            workload: {type: open_loop, rate: 50, timeout: 1s}
            faults: [{at: 1s, slow: s3, factor: 5, for: 2s}, {at: 1.5s, slow: s3, factor: 2, for: 10s}]
            """, file: "f1.yaml")
        #expect(scenario.faults.entries.map(\.fault) == [.slow("s3", factor: 5), .slow("s3", factor: 2), .slow("s3", factor: 1)])
    }

    /// Pairing follows the file's order: a level written without `for:` stays alone, and a hand-
    /// written undo later in the file is an entry of its own, not an invented length.
    @Test func writtenFaultsPairOnlyWithTheirOwnEnds() {
        func at(_ seconds: Int64) -> VirtualInstant { .after(.seconds(seconds)) }
        let s3 = NodeID("s3")
        // Written: slow ×2 (no for), errors s3 0.5 for 2 s, slow ×1 by hand at 6 s.
        let written: [FaultSchedule.Entry] = [
            .init(at: at(1), fault: .slow(s3, factor: 2)), .init(at: at(2), fault: .errors(s3, rate: 0.5)),
            .init(at: at(4), fault: .errors(s3, rate: 0)), .init(at: at(6), fault: .slow(s3, factor: 1)),
        ]
        let listed = FaultSchedule.asWritten(written).enumerated().sorted { ($0.element.at, $0.offset) < ($1.element.at, $1.offset) }.map(\.element)
        #expect(FaultSchedule.reportLines(listed, end: at(20)) == [
            "1.000 s: slow s3 ×2 until 6.000 s", "2.000 s: errors s3 rate 0.5 for 2.000 s", "6.000 s: slow s3 ×1",
        ])
    }

    /// Instants and lengths as the Failovers table writes seconds: rounded, not truncated
    /// (0.181807 s was "t=0.181s" in the list and "0.182 s" in the table), and grouped
    /// ("t=3609.990s" beside "3,609.001 s").
    @Test func instantsAndLengthsAreWrittenAsTheTablesWriteSeconds() throws {
        func at(_ seconds: Double) -> VirtualInstant { .after(.seconds(double: seconds)) }
        let entries: [FaultSchedule.Entry] = [
            .init(at: at(0.181807), fault: .crash("s1")), .init(at: at(1.181807), fault: .restart("s1", bootTime: .milliseconds(1500))),
            .init(at: at(3609.99), fault: .pause("s2", duration: .seconds(36_000))), .init(at: at(3700), fault: .latencySpike(extra: .milliseconds(5))),
            .init(at: at(3701), fault: .latencySpike(extra: .zero)), .init(at: at(3702), fault: .hang("s2", duration: .seconds(2))),
        ]
        #expect(FaultSchedule.reportLines(entries.map(FaultSchedule.Listed.init), end: at(3650.0004)) == [
            "0.182 s: crash s1", "1.182 s: restart s1 (boot 1.500 s)", "3,609.990 s: pause s2 for 36,000.000 s",
            "3,700.000 s: latency spike +0.005 s for 1.000 s (not reached: the run ended at 3,650.000 s)",
            "3,702.000 s: hang s2 for 2.000 s (not reached: the run ended at 3,650.000 s)",
        ])
        // The same instant in a run's Faults list and in its Failovers table.
        let result = try Self.run("""
            run: {duration: 2s}
            servers: [{name: s, count: 2, slots: 1, service_time: 1ms}]
            balancer: {strategy: round_robin}
            workload: {type: open_loop, rate: 10, timeout: 1s}
            faults: [{at: 181.807ms, crash: s1}]
            """)
        #expect(result.faults == ["0.182 s: crash s1"])
        #expect(result.traffic?.markdown().contains("| s1     | crash s1 | 0.182 s |") == true)
    }

    /// The counted line of faults not reached writes its instants the same way.
    @Test func theCountOfFaultsNotReachedWritesSecondsAsTheTablesDo() {
        func at(_ seconds: Int64) -> VirtualInstant { .after(.seconds(seconds)) }
        let entries = (1...12).map { FaultSchedule.Entry(at: at(1000 * $0), fault: .crash("s1")) }
        let lines = FaultSchedule.reportLines(entries.map(FaultSchedule.Listed.init), end: at(500))
        #expect(lines.last == "… and 2 more faults not reached, the last at 12,000.000 s (the run ended at 500.000 s)")
        #expect(FaultSchedule.reportLines(Array(entries.prefix(11)).map(FaultSchedule.Listed.init), end: at(500)).last
                == "… and 1 more fault not reached, the last at 11,000.000 s (the run ended at 500.000 s)")
    }

    /// The checker's `qq3`: crashed brokers and a crashed consumer were filed under the balancer
    /// in timeline.csv ("broker-2,balancer,down,1,3,down").
    @Test func queueNodesAreTheQueuesOnTheTimeline() throws {
        let result = try Self.run("""
            name: qq3
            run: {duration: 5s}
            queue:
              brokers: 2
              replication: 2
              acks: leader
              topics: [{name: T, partitions: 1}]
              producers: [{name: p, to: ["T:*"], messages: 200, rate: 100}]
              consumers: [{name: c, from: ["T:*"], commit_interval: 1s}]
            faults: [{at: 1s, crash: broker-1}, {at: 1.5s, crash: c}, {at: 1s, crash: broker-2}, {at: 3s, restart: broker-2}]
            """)
        let down = result.timeline.filter { $0.kind == "down" }
        #expect(Set(down.map(\.node)) == ["broker-1", "broker-2", "c"])
        #expect(down.allSatisfy { $0.subsystem == .queue })
        let file = try #require(result.bundle(formats: [.csv]).files.first { $0.path == "\(result.scenario)/timeline.csv" })
        let csv = String(decoding: file.contents, as: UTF8.self)
        #expect(csv.contains("broker-2,queue,down,1,3,down"))
        #expect(!csv.contains(",balancer,"))
    }
}
