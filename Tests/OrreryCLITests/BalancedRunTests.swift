import Foundation
import Testing

/// `orrery run` on a scenario with a balancer writes the balancer's reports and charts.
struct BalancedRunTests {
    @Test func aBalancedRunWritesChartsTimelineAndEvents() throws {
        let dir = try OrreryProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let scenario = """
        name: balanced
        run: {duration: 20s}
        servers: [{name: s, count: 3, slots: 2, service_time: {exponential: 5ms}}]
        balancer: {strategy: least_request, forward_timeout: 500ms, passive_health: {max_fails: 2, fail_timeout: 5s}}
        workload: {type: open_loop, rate: 200, timeout: 2s}
        faults: [{at: 5s, crash: s2}, {at: 10s, restart: s2}]
        expect: [success_ratio >= 0.99, detection_time < 1s, recovery_time < 6s]
        """
        try scenario.write(to: dir.appendingPathComponent("balanced.yaml"), atomically: true, encoding: .utf8)
        let outcome = try OrreryProcess.run(["run", "balanced.yaml", "--out", "out"], in: dir)
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let report = dir.appendingPathComponent("out/balanced")
        for file in ["report.md", "report.json", "servers.csv", "summary.csv", "timeline.csv", "events.csv", "throughput.svg", "connections.svg"] {
            #expect(FileManager.default.fileExists(atPath: report.appendingPathComponent(file).path), "\(file) is missing")
        }
        let markdown = try String(contentsOf: report.appendingPathComponent("report.md"), encoding: .utf8)
        #expect(markdown.contains("## Balancer (`least_request`)"))
        #expect(markdown.contains("### Failovers"))
        #expect(markdown.contains("marked down (passive health)"))
    }

    @Test func experimentsListTheClaimsAndTheStrategyComparison() throws {
        let outcome = try OrreryProcess.run(["experiment", "nonsense", "--out", "/tmp/orrery-never"])
        #expect(outcome.status == 2)
        #expect(outcome.standardError.contains("The value 'nonsense' is invalid"))
        let listed = outcome.standardError.split(separator: "\n").filter { $0.hasPrefix("  - ") }.map { $0.dropFirst(4) }
        #expect(listed == ["a1", "a2", "a3", "a4", "mapreduce", "backup", "claims", "strategies", "deploy", "queue", "keepalive", "zones", "all"])
        let list = try OrreryProcess.run(["experiment", "--list"])
        #expect(list.status == 0)
        #expect(list.standardOutput.split(separator: "\n").map { $0.prefix(while: { $0 != " " }) }
            == ["a1", "a2", "a3", "a4", "mapreduce", "backup", "claims", "strategies", "deploy", "queue", "keepalive", "zones"])
    }
}
