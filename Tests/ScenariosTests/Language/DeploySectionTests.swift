import Testing
@testable import Scenarios
@testable import Simulator

/// Three one-slot servers with a 10 ms constant service time behind least_conn, three users,
/// health checks every 2 s (rise 2), and a rolling deployment at 5 s: every instant of it follows
/// from the check grid.
let deployScenario = """
name: d
seed: 1
run:
  duration: 20s
network:
  latency: 0.5ms
servers:
  - {name: a, slots: 1, service_time: 10ms}
  - {name: b, slots: 1, service_time: 10ms}
  - {name: c, slots: 1, service_time: 10ms}
balancer:
  strategy: least_conn
  forward_timeout: 10s
  retries: {tries: 3, on: [error, timeout]}
  passive_health: {max_fails: 0}
  health_check: {interval: 2s, timeout: 1s, rise: 2, fall: 1}
workload:
  type: closed_loop
  users: 3
  timeout: 60s
deploy:
  at: 5s
  strategy: rolling
  drain: true
  drain_timeout: 10s
  boot_time: 1s
  health_deadline: 30s
  pause: 1s
  max_error_ratio: 0.05
  servers: [a, b, c]
  version: 2
  release_error_rate: 0
"""

struct DeploySectionTests {
    @Test func everyDeploySettingIsRead() throws {
        let plan = try #require(try ScenarioLoader.parse(deployScenario, file: "d.yaml").deployment)
        #expect(plan == DeploymentPlan(at: .seconds(5), strategy: .rolling, drain: true, drainTimeout: .seconds(10), bootTime: .seconds(1),
                                       healthDeadline: .seconds(30), pause: .seconds(1), maxErrorRatio: 0.05, servers: ["a", "b", "c"],
                                       version: 2, releaseErrorRate: 0))
    }

    @Test func theDefaultsAreAGracefulRollingDeploymentOfVersionTwoToEveryServer() throws {
        let text = deployScenario.components(separatedBy: "deploy:\n")[0] + "deploy: {at: 5s}\n"
        let plan = try #require(try ScenarioLoader.parse(text, file: "d.yaml").deployment)
        #expect(plan == DeploymentPlan(at: .seconds(5)))
        #expect(plan.strategy == .rolling && plan.drain && plan.servers.isEmpty && plan.version == 2 && plan.maxErrorRatio == nil)
    }

    static let badDeployments: [(from: String, to: String, error: String)] = [
        ("  at: 5s", "  at: -5s", "d.yaml:22:7: error: a duration cannot be negative, got -5s (at deploy.at)"),
        ("  at: 5s", "  at: 2h", "d.yaml:22:7: error: the deployment starts after the run's time limit (100.000 s) and would never happen; move it earlier or raise run.time_limit (at deploy.at)"),
        ("  strategy: rolling", "  strategy: rolling_update", "d.yaml:23:13: error: expected one of rolling, all_at_once, got 'rolling_update' (at deploy.strategy)"),
        ("  drain: true", "  drain: maybe", "d.yaml:24:10: error: expected true or false, found 'maybe' (at deploy.drain)"),
        ("  drain_timeout: 10s", "  drain_timeout: 2h", "d.yaml:25:18: error: 'drain_timeout' is at most 3,600.000 s, got 2h (at deploy.drain_timeout)"),
        ("  boot_time: 1s", "  boot_time: -1s", "d.yaml:26:14: error: a duration cannot be negative, got -1s (at deploy.boot_time)"),
        ("  health_deadline: 30s", "  health_deadline: 0s", "d.yaml:27:20: error: must be longer than zero, got 0s (at deploy.health_deadline)"),
        ("  pause: 1s", "  pause: 90m", "d.yaml:28:10: error: 'pause' is at most 3,600.000 s, got 90m (at deploy.pause)"),
        ("  max_error_ratio: 0.05", "  max_error_ratio: 1.5", "d.yaml:29:20: error: a probability must be between 0 and 1, got 1.5 (at deploy.max_error_ratio)"),
        ("  servers: [a, b, c]", "  servers: [a, bb, c]", "d.yaml:30:16: error: unknown server 'bb'; did you mean 'b'? (at deploy.servers.[1])"),
        ("  servers: [a, b, c]", "  servers: [a, b, a]", "d.yaml:30:19: error: server 'a' is listed twice (at deploy.servers.[2])"),
        ("  version: 2", "  version: 1", "d.yaml:31:12: error: must be 2 … 1,000,000, got 1 (at deploy.version)"),
        ("  release_error_rate: 0", "  release_error_rate: -0.1", "d.yaml:32:23: error: a probability must be between 0 and 1, got -0.1 (at deploy.release_error_rate)"),
        ("  release_error_rate: 0", "  release_eror_rate: 0", "d.yaml:32:3: error: unknown key 'release_eror_rate'; did you mean 'release_error_rate'? (at deploy)"),
    ]

    @Test(arguments: badDeployments.indices)
    func aBadDeploySettingIsReportedWithItsPosition(index: Int) {
        let bad = Self.badDeployments[index]
        let text = deployScenario.replacingOccurrences(of: bad.from, with: bad.to)
        #expect(text != deployScenario)
        #expect(loadError(text, file: "d.yaml")?.description == bad.error)
    }

    @Test func aDeploymentNeedsABalancer() {
        let text = "run: {duration: 10s}\nservers: [{name: s}]\nworkload: {type: closed_loop, users: 1}\ndeploy: {at: 1s}\n"
        #expect(loadError(text, file: "w.yaml")?.description == "w.yaml:4:9: error: a deployment drains servers through the balancer; add a 'balancer' section (at deploy)")
    }
}
