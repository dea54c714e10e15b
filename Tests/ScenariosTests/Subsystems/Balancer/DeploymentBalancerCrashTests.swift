import Testing
@testable import Scenarios
@testable import Simulator

/// A deployment is driven from outside the balancer, as a deploy script drives nginx, so a crash
/// of the balancer takes what the deployment had set on it: its drain marks (a fresh process has
/// none) and the passed checks it counted. A drain the deployment was waiting for ended at the
/// crash — the forwards went with the process — where it waited the whole `drain_timeout` and
/// then read "drained" at the drain's start.
struct DeploymentBalancerCrashTests {
    /// Three servers of one slot serving 200 ms, three users: the deployment drains web1 from
    /// 2 s, its forward in flight till 2.020 s; the balancer crashes at 2.010 s and, if
    /// `restarts`, is back at 3 s.
    static func run(restarts: Bool) throws -> TrafficResult {
        let text = """
            seed: 2
            run: {duration: 30s}
            servers:
              - {name: web, count: 3, slots: 1, service_time: 200ms}
            balancer:
              strategy: round_robin
              forward_timeout: 2s
              retries: {tries: 2, on: [error, timeout]}
              health_check: {interval: 500ms, timeout: 200ms, rise: 1, fall: 1}
            workload: {type: closed_loop, users: 3, timeout: 5s}
            deploy: {at: 2s, strategy: rolling, drain: true, drain_timeout: 5s, boot_time: 1s, health_deadline: 10s}
            faults:
              - {at: 2010ms, crash: balancer}
            \(restarts ? "  - {at: 3s, restart: balancer}\n" : "")
            """
        return ScenarioRunner.runTraffic(try ScenarioLoader.parse(text, file: "deploy-crash.yaml"), seed: nil)
    }

    /// The drain ends at the crash and web1 restarts at once (it waited to 7 s); the restarted
    /// balancer has no drain mark, so web1 is back in rotation at its boot (3 s) and the
    /// deployment completes at 5.839 s (it did at 10.849 s), with no "back in rotation after a deployment" for
    /// web1 (its drain was gone).
    @Test func aCrashMidDrainEndsTheDrainAndTheDeploymentGoesOn() throws {
        let result = try Self.run(restarts: true)
        let deployment = try #require(result.deployment)
        #expect(deployment.outcome == .completed)
        #expect(deployment.ended == 5.839333333)
        #expect(deployment.steps.map(\.server) == ["web1", "web2", "web3"])
        #expect(deployment.steps[0].drainEnded?.nanoseconds == 2_010_000_000 && deployment.steps[0].restarted.nanoseconds == 2_010_000_000)
        #expect(deployment.steps.map(\.drainTimedOut) == [false, false, false])
        #expect(deployment.steps.map { $0.healthy?.nanoseconds } == [3_502_000_000, 4_670_666_666, 5_839_333_333])
        #expect(Array(result.eventsCSV().split(separator: "\n").prefix(5)) == [
            "seconds,subject,event",
            "2.000000,web1,draining for a deployment",
            "3.000000,web1,marked up (balancer restart)",
            "3.001000,web1,marked down (health check)",
            "3.502000,web1,marked up (health check)",
        ])
        #expect(result.balancer?.outOfRotation.first == .init(server: "web1", start: 2, end: 3))
    }

    /// No balancer back: no check passes web1 by the health deadline, so the deployment halts and
    /// rolls it back — asked of a balancer that is down, the rollback's drain marks nothing and is
    /// over at once (it read "drained 2.010 s", the drain of before) — and ends at 22.010 s.
    @Test func withNoBalancerBackTheHealthDeadlineRollsItBack() throws {
        let result = try Self.run(restarts: false)
        let deployment = try #require(result.deployment)
        #expect(deployment.outcome == .rolledBack(reason: "web1: not healthy within the health deadline"))
        #expect(deployment.ended == 22.01)
        #expect(deployment.steps.map(\.kind) == [.deploy, .rollback])
        #expect(deployment.steps.map { $0.drainEnded?.nanoseconds } == [2_010_000_000, 12_010_000_000])
        #expect(deployment.steps.map(\.restarted.nanoseconds) == [2_010_000_000, 12_010_000_000])
        #expect(deployment.steps.allSatisfy { $0.healthy == nil })
        #expect(result.balancer?.events.map(\.description) == ["draining for a deployment"])
    }
}
