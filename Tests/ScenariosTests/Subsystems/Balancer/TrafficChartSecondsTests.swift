import Testing
@testable import Reports
@testable import Scenarios

/// The throughput and connections charts draw the seconds timeline.csv writes: a crashed
/// server's line drops to 0 and runs to the run's end, a server that never answered is drawn,
/// health events past the first dozen are counted on the chart, and two detectors' events say
/// which fired.
struct TrafficChartSecondsTests {
    static func run(_ text: String) throws -> TrafficResult {
        try #require(ScenarioRunner.run(try ScenarioLoader.parse(text, file: "t.yaml"), seed: nil).traffic)
    }

    static func world(faults: String, balancer: String = "{strategy: least_conn, passive_health: {max_fails: 1, fail_timeout: 1s}}",
                      servers: String = "[{name: a, slots: 1, service_time: {exponential: 10ms}}, {name: b, slots: 1, service_time: {exponential: 10ms}}]") -> String {
        """
        name: crashmid
        seed: 3
        run: {duration: 20s}
        servers: \(servers)
        balancer: \(balancer)
        workload: {type: closed_loop, users: 4, timeout: 1s}
        faults: \(faults)
        """
    }

    /// The points of each polyline of `svg`, as written.
    static func polylines(_ svg: String) -> [[String]] {
        svg.components(separatedBy: "<polyline points=\"").dropFirst().map { String($0.prefix { $0 != "\"" }).split(separator: " ").map(String.init) }
    }

    @Test func aCrashedServersLineDropsToZeroAndRunsToTheRunsEnd() throws {
        let traffic = try Self.run(Self.world(faults: "[{at: 10s, crash: a}]"))
        #expect(traffic.timelineSeconds == 21)
        #expect(traffic.virtualSeconds == 20.012536 && traffic.timelineEnd == 20.012536)
        let chart = traffic.throughputChart()
        let a = try #require(chart.series.first { $0.name == "a" })
        #expect(a.samples.count == 21 && a.end == 20.012536)
        #expect(a.samples[10...].allSatisfy { $0.value == 0 })
        // timeline.csv writes the same 21 seconds for each server.
        #expect(traffic.timelineCSV().split(separator: "\n").count == 1 + 21 * 2)
        // Drawn: a's line ends on the x axis (y 394) at the plot's right edge, as b's does at its
        // last second's value.
        let lines = Self.polylines(chart.svg())
        #expect(lines.count == 3)
        #expect(lines[0].last == "782,394")
        #expect(lines[1].last?.hasPrefix("782,") == true)
    }

    @Test func serversThatNeverAnswerAreDrawnAtZero() throws {
        let traffic = try Self.run(Self.world(faults: "[{at: 0s, crash: a}, {at: 0s, crash: b}]"))
        let chart = traffic.throughputChart()
        #expect(chart.series.map(\.name) == ["a", "b", "failed (all servers)"])
        #expect(chart.series[0].samples.count == 21 && chart.series[0].samples.allSatisfy { $0.value == 0 })
        let lines = Self.polylines(chart.svg())
        #expect(lines.count == 3)
        #expect(lines[0].count == 21 && lines[0].allSatisfy { $0.hasSuffix(",394") } && lines[0].last == "782,394")
        #expect(lines[1] == lines[0])
    }

    @Test func twoDetectorsEventsSayWhichFired() throws {
        let traffic = try Self.run(Self.world(
            faults: "[{at: 10s, crash: a}, {at: 15s, restart: a}]",
            balancer: "{strategy: least_conn, forward_timeout: 200ms, passive_health: {max_fails: 1, fail_timeout: 2s}, health_check: {interval: 3s, timeout: 1s, rise: 1, fall: 1}}"))
        let labels = traffic.throughputChart().events.map(\.label)
        #expect(labels == ["a down (passive health)", "a down (health check)", "a up (health check)", "a up (passive health)"])
    }

    @Test func healthEventsPastTheFirstDozenAreCountedOnTheChart() throws {
        let crashes = (0..<8).map { "{at: \(1 + 2 * $0)s, crash: s\($0 + 1)}, {at: \(2 + 2 * $0)s, restart: s\($0 + 1)}" }.joined(separator: ", ")
        let traffic = try Self.run(Self.world(
            faults: "[\(crashes)]", balancer: "{strategy: least_conn, health_check: {interval: 1s, timeout: 0.5s, rise: 1, fall: 1}}",
            servers: "[{name: s, count: 8, slots: 1, service_time: {exponential: 10ms}}]"))
        let chart = traffic.throughputChart()
        #expect(chart.events.count == 12)
        #expect(chart.note == "+4 more events (events.csv)")
        #expect(chart.svg().contains(">\(chart.note ?? "")</text>"))
    }
}
