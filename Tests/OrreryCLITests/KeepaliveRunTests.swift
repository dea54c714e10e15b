import Foundation
import Testing

/// A world with keepalive pools through the real binary: its figures in `expect:`, and the same
/// report from two separate processes (no hash order in the pools' behaviour).
struct KeepaliveRunTests {
    /// Two users, one server, 1 ms one way, keepalive_requests 5: each user's connection carries
    /// 5 requests, so 20 requests need 4 setups and 16 reuses.
    static let scenario = """
    name: pooled
    seed: 7
    run: {requests: 20}
    network: {latency: 1ms}
    servers: [{name: s, slots: 2, service_time: 10ms, connection_limit: 2}]
    balancer: {keepalive: {connections: 8, requests: 5, timeout: 30s}}
    workload: {type: closed_loop, users: 2}
    expect:
      - connection_setups == 4
      - connection_reuses == 16
      - setups_per_request == 0.2
      - connections_retired == 4
      - mean_setup_time == 2ms
      - connections_refused == 0
    """

    @Test func aPooledRunMeetsItsExactExpectationsAndReplaysByteForByte() throws {
        let dir = try OrreryProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Self.scenario.write(to: dir.appendingPathComponent("pooled.yaml"), atomically: true, encoding: .utf8)
        var reports: [String] = []
        for name in ["one", "two"] {
            let outcome = try OrreryProcess.run(["run", "pooled.yaml", "--out", name], in: dir)
            #expect(outcome.status == 0, "\(outcome.standardError)\(outcome.standardOutput)")
            reports.append(try String(contentsOf: dir.appendingPathComponent("\(name)/pooled/report.json"), encoding: .utf8))
        }
        #expect(reports[0] == reports[1])
        #expect(reports[0].contains("\"setupsPerRequest\" : 0.2"))
    }

    /// The pools' open and idle connections are OpenMetrics gauges: with keepalive_requests 5 the
    /// last of the 4 connections is retired after the 20th request, so both end at 0, after
    /// peaking at 2 open.
    @Test func thePoolsAreGaugesInOpenMetrics() throws {
        let dir = try OrreryProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Self.scenario.write(to: dir.appendingPathComponent("pooled.yaml"), atomically: true, encoding: .utf8)
        let outcome = try OrreryProcess.run(["run", "pooled.yaml", "--out", "out", "--metrics", "metrics.txt", "--metrics-interval", "1ms"], in: dir)
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let lines = try String(contentsOf: dir.appendingPathComponent("metrics.txt"), encoding: .utf8).split(separator: "\n")
        func values(_ state: String) -> [Double] {
            lines.filter { $0.hasPrefix("orrery_balancer_pooled_connections{balancer=\"balancer\",state=\"\(state)\"}") }
                .compactMap { $0.split(separator: " ").dropFirst().first.flatMap { Double($0) } }
        }
        #expect(values("open").max() == 2 && values("open").last == 0)
        #expect(values("idle").last == 0)
    }
}
