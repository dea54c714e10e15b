import Foundation
import Testing
@testable import Scenarios
@testable import Simulator

/// The Failovers table lists its first ``TrafficResult/failoversShown`` rows and counts the
/// rest, as the Faults list counts the faults past the run's end; report.json keeps them all.
struct FailoverRowCapTests {
    /// 300 crashes of `s1` inside the run, each restarted half a second later and seen by the
    /// health checks: 165 breaks, each a row.
    @Test func threeHundredReachedCrashesAreFortyRowsAndACount() throws {
        let faults = (0..<300).map { "  - {at: \($0).1s, crash: s1}\n  - {at: \($0).6s, restart: s1}" }.joined(separator: "\n")
        let result = ScenarioRunner.run(try ScenarioLoader.parse("""
            name: crashes
            run: {duration: 301s}
            servers: [{name: s, count: 2, slots: 4, service_time: 1ms}]
            balancer: {strategy: round_robin, health_check: {interval: 100ms, timeout: 50ms, rise: 1, fall: 1}}
            workload: {type: open_loop, rate: 10, timeout: 1s}
            faults:
            \(faults)
            """, file: "crashes.yaml"))
        let traffic = try #require(result.traffic)
        let failovers = try #require(traffic.balancer?.failovers)
        // Some crashes join the break before them (the checks' rounds drift with their timeouts).
        #expect(failovers.count > 100)
        let markdown = traffic.markdown()
        let lines = markdown.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let heading = try #require(lines.firstIndex { $0.hasSuffix("# Failovers") })
        let rows = lines[(heading + 2)...].prefix { $0.hasPrefix("|") }
        #expect(rows.count == 2 + TrafficResult.failoversShown)
        #expect(rows.last?.hasPrefix("| s1     | crash s1 | 39.100 s |") == true, "\(rows.last ?? "")")
        let count = lines[heading + 2 + rows.count + 1]
        #expect(count == "… and \(failovers.count - 40) more failovers, the last at 299.100 s (report.json's `failovers` lists them all).")
        // report.json keeps every one.
        let json = try #require(try JSONSerialization.jsonObject(with: Data(traffic.json().utf8)) as? [String: Any])
        let balancer = try #require(json["balancer"] as? [String: Any])
        #expect((balancer["failovers"] as? [Any])?.count == failovers.count)
    }

    /// At the cap, no count.
    @Test func aTableAtTheCapHasNoCount() throws {
        let faults = (0..<TrafficResult.failoversShown).map { "  - {at: \($0).1s, crash: s1}\n  - {at: \($0).6s, restart: s1}" }.joined(separator: "\n")
        let result = ScenarioRunner.run(try ScenarioLoader.parse("""
            run: {duration: 41s}
            servers: [{name: s, count: 2, slots: 4, service_time: 1ms}]
            balancer: {strategy: round_robin, health_check: {interval: 100ms, timeout: 50ms, rise: 1, fall: 1}}
            workload: {type: open_loop, rate: 10, timeout: 1s}
            faults:
            \(faults)
            """, file: "crashes.yaml"))
        let markdown = try #require(result.traffic).markdown()
        #expect(result.traffic?.balancer?.failovers.count == TrafficResult.failoversShown)
        #expect(!markdown.contains("more failover"))
    }
}
