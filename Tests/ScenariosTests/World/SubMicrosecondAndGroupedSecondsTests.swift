import Foundation
import Reports
import Testing
@testable import Scenarios
@testable import Simulator

/// Durations under what the report's last decimal shows, rates over a run too short to show its
/// time, and the MapReduce job's phase times grouped as every other table writes seconds.
struct SubMicrosecondAndGroupedSecondsTests {
    /// The one rule of the one formatter: a time the clock can have (at least half a nanosecond)
    /// that would read 0.000 reads `< 0.001` of its unit; zero and rounding noise read 0.000.
    @Test func theFormatterWritesTimesBelowItsLastDecimal() {
        #expect(DurationFormat.seconds(3e-9) == "< 0.001 s")
        #expect(DurationFormat.seconds(0.0004999, grouping: true) == "< 0.001 s")
        #expect(DurationFormat.seconds(0.0005) == "0.001 s")
        #expect(DurationFormat.seconds(0) == "0.000 s")
        #expect(DurationFormat.seconds(1e-16) == "0.000 s")
        #expect(DurationFormat.seconds(nil) == "—")
        #expect(DurationFormat.milliseconds(3e-9) == "< 0.001 ms")
        #expect(DurationFormat.milliseconds(4.99e-7) == "< 0.001 ms")
        #expect(DurationFormat.milliseconds(1e-6) == "0.001 ms")
        #expect(DurationFormat.milliseconds(0) == "0.000 ms")
        #expect(DurationFormat.milliseconds(12.5) == "12,500.000 ms")
    }

    /// The checker's world: one request over 1 ns links to a 1 ns service, a run of a few
    /// nanoseconds. It read "virtual time: 0.000 s", latencies of "0.001 ms" (the histogram counts
    /// a latency under 1 µs as 1 µs) and "333,333,333.3 successful requests per virtual second".
    @Test func aNanosecondWorldSaysWhatItsTimesAre() throws {
        let result = ScenarioRunner.run(try ScenarioLoader.parse("""
            name: ns
            run: {requests: 1}
            network: {latency: 1ns}
            servers: [{name: s, slots: 1, service_time: 1ns}]
            workload: {type: closed_loop, users: 1}
            """, file: "ns.yaml"))
        let traffic = try #require(result.traffic)
        #expect(traffic.virtualSeconds < 1e-6)
        let markdown = traffic.markdown()
        #expect(markdown.contains("- virtual time: < 0.001 s; events processed:"))
        #expect(markdown.contains("Throughput: — (1 successful request in < 0.001 s of virtual time, too short a run for a rate per second).\n"))
        #expect(markdown.contains("| < 0.001 ms | < 0.001 ms | < 0.001 ms | < 0.001 ms | < 0.001 ms | < 0.001 ms | < 0.001 ms |"))
        #expect(markdown.contains("| s      |      1 |         1 |          — |    0 | < 0.001 ms |"))
        #expect(!markdown.contains("per virtual second"))
        #expect(!markdown.contains("0.000 s"))
    }

    /// A latency is no longer than the run: one request whose latency is the whole run read a
    /// maximum above its percentiles (the top of its histogram bucket); capped at the run's
    /// length, none reads above it.
    @Test func noLatencyReadsLongerThanTheRun() throws {
        let result = ScenarioRunner.run(try ScenarioLoader.parse("""
            run: {requests: 1}
            network: {latency: 1.0002ms}
            servers: [{name: s, slots: 1, service_time: 1ms}]
            workload: {type: closed_loop, users: 1}
            """, file: "one.yaml"))
        let traffic = try #require(result.traffic)
        for figure in traffic.latency {
            #expect(traffic.latencyText(figure.seconds) <= DurationFormat.milliseconds(traffic.virtualSeconds), "\(figure.label)")
        }
        #expect(!traffic.runTooShortForRates)
        #expect(traffic.markdown().contains(" successful requests per virtual second."))
    }

    /// The job table's phase times and the submission instant, grouped: "28800.253 s" and
    /// "Submitted at 3600.022 s" beside the world's "3,602.000 s".
    @Test func theJobsTimesAreGrouped() throws {
        let result = ScenarioRunner.run(try ScenarioLoader.parse("""
            name: late
            run: {duration: 1s}
            mapreduce:
              cluster: {workers: 2}
              jobs: [{id: j, name: word-count, reducers: 1, submit_at: 3600s, input: {synthetic: {lines: 20, seed: 1}}}]
            """, file: "late.yaml"))
        let markdown = result.markdown()
        let lines = markdown.split(separator: "\n").map(String.init)
        let submitted = try #require(lines.first { $0.hasPrefix("Submitted at ") })
        #expect(submitted.hasPrefix("Submitted at 3,600."), "\(submitted)")
        let mapPhase = try #require(lines.first { $0.hasPrefix("| map phase") })
        #expect(mapPhase.contains("(3,600.") && !mapPhase.contains("(3600."), "\(mapPhase)")
        let reducePhase = try #require(lines.first { $0.hasPrefix("| reduce phase") })
        #expect(reducePhase.contains(" → 3,60") && !reducePhase.contains(" 360"), "\(reducePhase)")
    }
}
