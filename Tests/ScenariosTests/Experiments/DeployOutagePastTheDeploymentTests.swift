import Testing
@testable import Scenarios
@testable import Simulator

/// Checker Z's F2 (session 79): two servers restarted at once at 10 s were held out by passive
/// health's 30 s fail_timeout until 41 s, long after the deployment's window ended at 19 s; the
/// outage was counted over that window alone ("for 10 s no request succeeded"), where the run
/// had no successful answer in any second from 10 s to 40 s. F13: "the other 1 carried".
struct DeployOutagePastTheDeploymentTests {
    static let world = """
    name: deploy
    description: ab -c 10 through nginx least_conn to 3 single-worker servers of 94 requests/s each (seed 003)
    seed: 12
    run:
      duration: 60s
    network:
      latency: 0.5ms
    servers:
      - {name: nexus-alpha, slots: 1, service_time: {exponential: 10.638ms}}
      - {name: nexus-beta, slots: 1, service_time: {exponential: 10.638ms}}
    balancer:
      strategy: least_conn
      forward_timeout: 10s
      retries: {tries: 3, on: [error, timeout]}
      passive_health: {max_fails: 3, fail_timeout: 30s}
      health_check: {interval: 3s, timeout: 1s, rise: 1, fall: 1}
    workload:
      type: closed_loop
      users: 6
      timeout: 60s
    deploy:
      at: 10s
      strategy: rolling
      drain: true
      drain_timeout: 4s
      boot_time: 2s
      health_deadline: 60s
      pause: 1s
      max_error_ratio: 0.2
    """

    static let comparison: DeployComparison = {
        let base = try! ScenarioLoader.parse(world, file: "sc-dp/deploy.yaml")
        return DeployComparison.run(base, jobs: 1)
    }()

    /// Every second from 10 s to 40 s had no successful answer: 31, not the deployment's 10.
    @Test func theOutageIsCountedToTheEndOfTheRun() throws {
        let all = try #require(Self.comparison.variant("all at once"))
        #expect(all.deployment?.ended.map { $0 < 20 } == true)
        #expect(all.result.completionsPerSecond[10...40].allSatisfy { $0 == 0 })
        #expect(all.result.completionsPerSecond[41] > 0)
        #expect(Self.comparison.variants.map(\.secondsWithoutAnswer) == [0, 0, 31, 0])
        let report = Self.comparison.markdown()
        #expect(report.contains("In all, for 31 s no request succeeded and 186,009 requests failed (97.2% of all completed in the run)."))
        #expect(report.contains("*s without answer*: whole seconds from the deployment's start to the end of the run in which no request succeeded (a restart can keep servers out of rotation after the deployment has ended).\n"))
    }

    /// One server left while the other is out: "the other server", not "the other 1"; the
    /// file's description is quoted as the file's, not as the scenario's words about the run.
    @Test func theWordsFollowTheCounts() {
        let report = Self.comparison.markdown()
        #expect(report.contains("While a server was out the other server carried the 6 connections: "))
        #expect(!report.contains("the other 1 "))
        #expect(report.contains("\nScenario `sc-dp/deploy.yaml` (the file's description: “ab -c 10 through nginx least_conn to 3 single-worker servers of 94 requests/s each (seed 003)”).\n"))
        #expect(DeployComparison.otherServers(1) == "the other server" && DeployComparison.otherServers(2) == "the other 2")
        #expect(DeployComparison.otherServers(1, noun: true) == "the other server" && DeployComparison.otherServers(3, noun: true) == "the other 3 servers")
    }

    /// The all-at-once variant has no successful answer during its deployment: its p99 is "—"
    /// (F7: the claims' maintenance table read "0.0 ms", from the same figures).
    @Test func noSuccessDuringTheDeploymentHasNoP99() throws {
        let all = try #require(Self.comparison.variant("all at once"))
        #expect(all.measuredDuring == nil)
        #expect(Self.comparison.variant("graceful rolling")?.measuredDuring != nil)
    }
}
