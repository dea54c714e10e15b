import Foundation
import Reports
import Testing
@testable import Scenarios

/// The balancer's report at H5's edges: a deployment check that saw no answer, deployment phases
/// without a success, a hang's 500s, a world without clients behind a `gateway:`, one keepalive
/// connection.
struct BalancerReportEdgeTests {
    static func files(_ text: String, file: String = "b.yaml") throws -> (result: RunResult, markdown: String, json: String) {
        let result = ScenarioRunner.run(try ScenarioLoader.parse(text, file: file))
        let bundle = result.bundle(formats: [.md, .json])
        func contents(_ suffix: String) throws -> String {
            let file = try #require(bundle.files.first { $0.path.hasSuffix(suffix) })
            return String(decoding: file.contents, as: UTF8.self)
        }
        return (result, try contents("/report.md"), try contents("/report.json"))
    }

    /// H5's d3: a deployment at 9.9 s of a 10 s run; its pause (10.252 s → 11.252 s) saw no
    /// answer, which the report called "passed" with a failed share of 0.00 %, and its empty
    /// phases read 0.000 ms.
    @Test func aCheckThatSawNoAnswerIsInconclusive() throws {
        let (_, markdown, json) = try Self.files("""
            name: d3
            run: {duration: 10s}
            servers: [{name: s, count: 2, slots: 1, service_time: 1ms}]
            balancer: {strategy: round_robin, health_check: {interval: 200ms, timeout: 100ms, rise: 1, fall: 1}}
            workload: {type: open_loop, rate: 50, timeout: 1s}
            deploy: {at: 9.9s, strategy: all_at_once, drain: false, boot_time: 200ms, health_deadline: 2s, pause: 1s}

            """)
        #expect(markdown.contains("| s1, s2  | 10.252 s | 11.252 s |                     0 |      0 |            — |                         0 | inconclusive (no answers in the pause) |\n"))
        #expect(markdown.contains("| phase  | succeeded |      p50 |      p95 |      p99 |      max |\n"))
        #expect(markdown.contains("| during |         0 |        — |        — |        — |        — |\n"))
        #expect(markdown.contains("| after  |         0 |        — |        — |        — |        — |\n"))
        #expect(!markdown.contains("0.000 ms"))
        #expect(!markdown.contains("0.00%"))
        // The JSON leaves the empty phases' latencies out.
        #expect(json.contains("{\n        \"phase\" : \"during\",\n        \"requests\" : 0\n      }"))
        #expect(json.contains("{\n        \"phase\" : \"after\",\n        \"requests\" : 0\n      }"))
    }

    /// A deployment past the first thousand seconds: its plan, steps and checks write seconds as
    /// the report's other tables do, grouped ("1,200.000 s"), where they read "1200.000 s".
    @Test func aLateDeploymentsTimesAreGrouped() throws {
        let (_, markdown, _) = try Self.files("""
            name: late
            run: {duration: 1210s}
            servers: [{name: s, count: 2, slots: 1, service_time: 1ms}]
            balancer: {strategy: round_robin, health_check: {interval: 200ms, timeout: 100ms, rise: 1, fall: 1}}
            workload: {type: open_loop, rate: 1, timeout: 1s}
            deploy: {at: 1200s, strategy: all_at_once, drain: false, boot_time: 200ms, health_deadline: 2s, pause: 1s}

            """)
        #expect(markdown.contains("- plan: version 2 at 1,200.000 s; all servers at once; no drain;"))
        #expect(markdown.contains("| s1     | deploy | 1 → 2   |           — |       — |              — | 1,200.000 s |     0 | 1,200.373 s | 1,200.373 s |\n"))
        #expect(markdown.contains("| s1, s2  | 1,200.373 s | 1,201.373 s |"))
        #expect(!markdown.contains("1200.000"))
    }

    /// H5's d2: the phase table's "requests" counted the successes alone (108 during the
    /// deployment, while 25 more got a 500 in that window): the column says so.
    @Test func thePhaseTableCountsSuccesses() throws {
        let (result, markdown, _) = try Self.files("""
            name: d2
            run: {duration: 10s}
            servers: [{name: s, count: 2, slots: 1, service_time: 1ms}]
            balancer: {strategy: round_robin, health_check: {interval: 200ms, timeout: 100ms, rise: 1, fall: 1}}
            workload: {type: open_loop, rate: 50, timeout: 1s}
            deploy: {at: 1s, strategy: rolling, drain: true, boot_time: 200ms, health_deadline: 2s, pause: 1s, max_error_ratio: 0.1, release_error_rate: 1}

            """)
        let traffic = try #require(result.traffic)
        let phases = try #require(traffic.deployment?.phases)
        #expect(phases.reduce(0) { $0 + $1.requests } == traffic.succeeded)
        #expect(markdown.contains("| phase  | succeeded |      p50 |      p95 |      p99 |      max |\n"))
        #expect(markdown.contains("| during |       108 | 3.001 ms | 3.001 ms | 3.001 ms | 3.447 ms |\n"))
        #expect(!markdown.contains("| phase  | requests |"))
    }

    /// H5's u1: a hang held 11 requests and answered them 500, which the Requests table counted
    /// and the per-server "500s" (the error rate's) did not: they have their own column, and
    /// those answered 500 (their callers still waiting) are among the server's 500s too, so the
    /// server's 500s add up to the clients' (checker P, s78: 0 where the clients counted 11).
    @Test func aHangsHeldRequestsHaveTheirColumn() throws {
        let (result, markdown, json) = try Self.files("""
            name: u1
            run: {duration: 2s}
            servers: [{name: s, slots: 1, queue: 100, service_time: 1s, speed: 0.5}]
            workload: {type: open_loop, rate: 20, timeout: 10s}
            faults: [{at: 0.5s, restart: s, boot_time: 0s}, {at: 0.7s, pause: s, for: 0.2s}, {at: 1.0s, hang: s, for: 0.5s}]

            """)
        let traffic = try #require(result.traffic)
        #expect(traffic.statusFailures.first { $0.status == 500 }?.count == 11)
        #expect(traffic.servers.map(\.heldByHang) == [11] && traffic.servers.map(\.errors) == [11])
        #expect(markdown.contains("| server | served | successes | per second | 500s | held by a hang |"))
        // One success fewer than before s78: the pause at 0.7 s now stops the request in service.
        #expect(markdown.contains("| s      |      5 |         4 |        0.3 |   11 |             11 |"))
        #expect(markdown.contains("A request that arrives while its server hangs is held, and answered 500 when the hang ends (not at all when the hang outlasts the run).\n"))
        #expect(json.contains("\"errors\" : 11,\n      \"heldByHang\" : 11,\n"))
    }

    /// Without a hang the table is as it was.
    @Test func withoutAHangTheTableHasNoHangColumn() throws {
        let (_, markdown, json) = try Self.files("""
            name: plain
            run: {requests: 2}
            servers: [{name: s, slots: 1, service_time: 1ms}]
            workload: {type: closed_loop, users: 1}

            """)
        #expect(markdown.contains("| server | served | successes | per second | 500s |      p50 |"))
        #expect(!markdown.contains("held by a hang"))
        #expect(!json.contains("heldByHang"))
    }

    /// Seed 001's shape: a `gateway:` in front of the coordinator and no workload. The report
    /// printed a throughput of 0.0, "No client request succeeded", 0.0 per second beside 1
    /// served, and called the gateway a balancer.
    @Test func aWorldWithoutClientsPrintsNoClientFigures() throws {
        let (result, markdown, json) = try Self.files("""
            name: g
            servers: [{on: mapreduce.coordinator, slots: 1, service_time: 1ms}]
            gateway: {strategy: round_robin}
            mapreduce:
              cluster: {workers: 1, map_slots: 1}
              jobs: [{id: j, name: word-count, reducers: 1, via: gateway, input: {synthetic: {lines: 10, seed: 1}}}]

            """)
        #expect(markdown.contains("### Requests\n\nNo client request was issued: there is no client throughput or latency to measure.\n\n### Servers\n"))
        #expect(!markdown.contains("Throughput:"))
        #expect(!markdown.contains("No client request succeeded"))
        #expect(!markdown.contains("### Latency of successful requests"))
        #expect(markdown.contains("| coordinator |      1 |         0 |          — |    0 |   — |   — |   — |     — |    — |\n"))
        #expect(markdown.contains("### Gateway (`round_robin`)\n"))
        #expect(markdown.contains("#### Servers as the gateway saw them\n"))
        #expect(!markdown.contains("### Balancer ("))
        // No request ended: no throughput (0 over 0 s), in the metrics as in the prose.
        for metric in [BalancerMetric.throughput, .minServerThroughput, .maxServerThroughput] {
            #expect(result.value(of: metric.metric) == nil, "\(metric)")
        }
        #expect(markdown.contains("| `balancer.throughput` "))
        #expect(markdown.split(separator: "\n").contains { $0.hasPrefix("| `balancer.throughput` ") && $0.hasSuffix(" — |") })
        #expect(!json.contains("\"balancer.throughput\" : 0"))
    }

    @Test func oneKeepaliveConnectionAndOneWorkerAreSingular() throws {
        let (_, markdown, _) = try Self.files("""
            name: ka
            run: {requests: 2}
            servers: [{name: s, slots: 1, service_time: 1ms}]
            balancer: {strategy: round_robin, keepalive: {connections: 1, workers: 1}}
            workload: {type: closed_loop, users: 1}

            """)
        #expect(markdown.contains("`keepalive 1` idle connection per worker (1 worker), "))
    }
}
