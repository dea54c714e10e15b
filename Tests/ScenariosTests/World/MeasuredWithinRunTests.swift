import Foundation
import Reports
import Testing
@testable import Scenarios
@testable import Simulator

/// What report.json, summary.csv and the zones' and deployment phases' tables say of latencies and
/// rates: no latency longer than the run (the histogram counts a latency under 1 µs as 1 µs and
/// gives a bucket's top), no rate over less than a microsecond.
struct MeasuredWithinRunTests {
    static func traffic(_ yaml: String) throws -> TrafficResult {
        try #require(ScenarioRunner.run(try ScenarioLoader.parse(yaml, file: "within.yaml")).traffic)
    }

    static func object(_ json: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    }

    /// One request over 1 ns links to a server serving in 1 ns: a run of 3 ns.
    static let nanosecondWorld = """
        name: ns
        run: {requests: 1}
        network: {latency: 1ns}
        servers: [{name: s, slots: 1, service_time: 1ns}]
        workload: {type: closed_loop, users: 1}
        """

    /// The checker's 3 ns world: its latencies read 1e-06 s in report.json (the histogram's
    /// microsecond) and its throughput 333,333,333.3 requests a second, over 3 ns. Now every
    /// latency is the run's 3 ns, exactly, and neither the clients' nor the server's throughput
    /// is given (report.md already read `< 0.001 ms` and `—`).
    @Test func aNanosecondRunGivesItsExactLatencyAndNoRate() throws {
        let traffic = try Self.traffic(Self.nanosecondWorld)
        #expect(traffic.virtualSeconds == 3e-9)
        #expect(traffic.latency.map(\.seconds) == Array(repeating: 3e-9, count: 7))  // the histogram keeps the maximum and mean exactly
        #expect(traffic.throughput == 1 / 3e-9)
        #expect(!traffic.ratesMeasured)
        let json = traffic.json()
        let document = try Self.object(json)
        let latency = try #require(document["latency"] as? [[String: Any]])
        #expect(latency.map { $0["label"] as? String } == ["p50", "p90", "p95", "p99", "p99.9", "mean", "max"])
        #expect(latency.map { $0["seconds"] as? Double } == Array(repeating: 3e-9, count: 7))
        #expect(document["throughput"] == nil)
        let server = try #require((document["servers"] as? [[String: Any]])?.first)
        #expect(server["throughput"] == nil)
        #expect(server["latency"] as? [String: Double] == ["p50": 3e-9, "p95": 3e-9, "p99": 3e-9, "p999": 3e-9, "mean": 3e-9])
        #expect(json.contains("\"seconds\" : 3e-09") && !json.contains("1e-06") && !json.contains("throughput"))
        let csv = traffic.summaryCSV()
        // Nine decimals where six would write a real 3 ns latency as 0.000000.
        #expect(csv.contains("latency_p50_seconds,0.000000003\nlatency_p90_seconds,0.000000003\n"))
        #expect(csv.contains("latency_max_seconds,0.000000003\n") && csv.contains("throughput_per_second,\n"))
    }

    /// A world whose servers no client calls (seed 001's: jobs alone, submitted through the
    /// balancer) ends no client request: summary.csv read `throughput_per_second,0.000` where
    /// metrics.csv and report.json give no `balancer.throughput`.
    @Test func aWorldWithoutClientRequestsGivesNoThroughputInItsSummary() throws {
        let traffic = try Self.traffic(JobSubmissionIDTests.jobsThroughBalancer(1))
        #expect(traffic.issued == 0 && traffic.completed == 0)
        #expect(traffic.value(of: BalancerMetric.throughput.metric) == nil)
        #expect(traffic.summaryCSV().contains("\nthroughput_per_second,\n"))
    }

    /// Expectations read the figures the reports give: the 3 ns world's p99 is 3 ns, and its
    /// throughputs (the clients' and the servers' least and most) are not measured, so a check on
    /// them fails as unmeasured where `balancer.throughput > 1000000` held at 333,333,333/s.
    @Test func expectationsReadTheLatencyWithinTheRunAndNoRateOverNanoseconds() throws {
        let traffic = try Self.traffic(Self.nanosecondWorld + """

            expect:
              - balancer.throughput > 1000000
              - balancer.p99 <= 1ms
            """)
        #expect(traffic.value(of: Metric(.balancer, "p99", .duration)) == 3e-9)
        #expect(traffic.value(of: Metric(.balancer, "throughput", .rate)) == nil)
        #expect(traffic.value(of: Metric(.balancer, "min_server_throughput", .rate)) == nil)
        #expect(traffic.value(of: Metric(.balancer, "max_server_throughput", .rate)) == nil)
        #expect(traffic.checks.map(\.holds) == [false, true])
        #expect(traffic.checks.map(\.measured) == [nil, 3e-9])
    }

    /// A run of a few microseconds still gives its rate, and a long one reads as before.
    @Test func aRunOfAMicrosecondOrMoreGivesItsRate() throws {
        let traffic = try Self.traffic("""
            run: {requests: 1}
            network: {latency: 1us}
            servers: [{name: s, slots: 1, service_time: 1us}]
            workload: {type: closed_loop, users: 1}
            """)
        #expect(traffic.virtualSeconds == 3e-6)
        #expect(traffic.ratesMeasured)
        let document = try Self.object(traffic.json())
        #expect((document["throughput"] as? Double).map { abs($0 - 1 / 3e-6) < 1e-3 } == true)
        #expect(((document["servers"] as? [[String: Any]])?.first?["throughput"] as? Double).map { abs($0 - 1 / 3e-6) < 1e-3 } == true)
        // 3 µs, within the histogram's first bucket: exact.
        #expect((document["latency"] as? [[String: Any]])?.first?["seconds"] as? Double == 3e-6)
    }

    /// A deployment cut by the time limit as its only request ends (5.0008 ms through the
    /// balancer): the phase's maximum read 5.003 ms (the top of its histogram bucket) in both
    /// reports, longer than the 5.0008 ms run, beside the report's own maximum of 5.001 ms.
    @Test func aDeploymentPhaseReadsNoLongerThanTheRun() throws {
        let traffic = try Self.traffic("""
            name: deploy-cut
            run: {requests: 1, time_limit: 5.0008ms}
            network: {latency: 1.0002ms}
            servers: [{name: s, slots: 1, service_time: 1ms}]
            balancer: {strategy: round_robin}
            workload: {type: closed_loop, users: 1}
            deploy: {at: 5ms, boot_time: 1ms, pause: 1ms}
            """)
        #expect(traffic.virtualSeconds == 0.005000796)
        let deployment = try #require(traffic.deployment)
        #expect(deployment.phases.map(\.phase) == ["before", "during"])
        #expect(deployment.phase("during")?.max == 0.005000796)  // exact (the top of its bucket read 5.003 ms)
        let markdown = traffic.markdown()
        #expect(markdown.contains("| before |         0 |        — |        — |        — |        — |\n"))
        #expect(markdown.contains("| during |         1 | 5.001 ms | 5.001 ms | 5.001 ms | 5.001 ms |\n"), "\(markdown)")
        #expect(markdown.contains("| 5.001 ms | 5.001 ms | 5.001 ms | 5.001 ms | 5.001 ms | 5.001 ms | 5.001 ms |\n"))
        let phases = try #require((try Self.object(traffic.json())["deployment"] as? [String: Any])?["phases"] as? [[String: Any]])
        #expect(phases.count == 2 && phases[0]["p50"] == nil && phases[0]["requests"] as? Int == 0)
        #expect(phases[1]["max"] as? Double == 0.005000796 && phases[1]["p99"] as? Double == 0.005000796)
    }

    /// A zone's latencies: the mean read 0.005002 s (the histogram's) in report.json, longer
    /// than the 0.005000796 s run whose one request it measured.
    @Test func aZoneReadsNoLongerThanTheRun() throws {
        let traffic = try Self.traffic("""
            name: zones-one
            run: {requests: 1}
            zones:
              list: [{name: a, clients: 1}]
              within: {latency: 1.0002ms}
              between: {latency: 2ms}
            servers: [{name: s, zone: a, slots: 1, service_time: 1ms}]
            balancer: {strategy: round_robin}
            workload: {type: closed_loop, users: 1}
            """)
        #expect(traffic.virtualSeconds == 0.005000796)
        let zone = try #require(traffic.zones?.zones.first)
        #expect(zone.mean == 0.005000796)  // exact (the histogram's buckets' mean read 0.005002)
        let zones = try #require((try Self.object(traffic.json())["zones"] as? [String: Any])?["zones"] as? [[String: Any]])
        #expect(zones.first?["mean"] as? Double == 0.005000796)
        #expect(zones.first?["p99"] as? Double == 0.005000796)
        #expect(traffic.markdown().contains("| a    |       1 |       1 |      1 |      0 | 5.001 ms | 5.001 ms | 5.001 ms |"))
    }
}
