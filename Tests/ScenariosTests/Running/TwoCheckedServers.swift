@testable import Scenarios
@testable import Simulator

/// The world the failover-row tests share: two web servers behind a round-robin balancer whose
/// health checks (every 1 s, 500 ms timeout, rise 1, fall 1) take one out, 20 requests a second
/// for 30 s, and `faults` (a flow list, or block lines after a newline).
enum TwoCheckedServers {
    static func run(faults: String, file: String) throws -> RunResult {
        ScenarioRunner.run(try ScenarioLoader.parse("""
            seed: 1
            run: {duration: 30s}
            balancer:
              strategy: round_robin
              health_check: {interval: 1s, timeout: 500ms, rise: 1, fall: 1}
            servers:
              - {name: web, count: 2, slots: 4, service_time: 5ms}
            workload: {type: open_loop, rate: 20, timeout: 5s}
            faults: \(faults)
            """, file: file), seed: nil)
    }

    /// Seconds as whole milliseconds, for exact comparisons.
    static func milliseconds(_ seconds: Double?) -> Double? { seconds.map { ($0 * 1000).rounded() } }
}
