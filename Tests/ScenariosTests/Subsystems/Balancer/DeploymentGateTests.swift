import Testing
@testable import Scenarios
@testable import Simulator

/// A deployment's error check judges the new version by what it answered: a pause in which the
/// wave's servers answered nothing passes nothing (an outside audit's world: without drain the
/// resets at each restart let passive health hold the server down for `fail_timeout`, the health
/// check put it "back in rotation", and its empty pause passed — a bad release went on to the
/// next server and the halt was blamed on a server that had served nothing).
struct DeploymentGateTests {
    static let text = """
        name: nodrain
        seed: 3
        run: {duration: 150s}
        network: {latency: 0.5ms}
        servers:
          - {name: nexus-alpha, slots: 1, service_time: {exponential: 10.638ms}}
          - {name: nexus-beta, slots: 1, service_time: {exponential: 10.638ms}}
          - {name: nexus-gamma, slots: 1, service_time: {exponential: 10.638ms}}
        balancer:
          strategy: least_conn
          forward_timeout: 10s
          retries: {tries: 3, on: [error, timeout]}
          passive_health: {max_fails: 3, fail_timeout: 60s}
          health_check: {interval: 30s, timeout: 5s, rise: 1, fall: 1}
        workload: {type: closed_loop, users: 10, timeout: 60s}
        deploy: {at: 30s, strategy: rolling, drain: DRAIN, boot_time: 5s, health_deadline: 60s, pause: 5s, max_error_ratio: 0.05}

        """

    static func run(drain: Bool) throws -> DeploymentFigures {
        let scenario = try ScenarioLoader.parse(text.replacingOccurrences(of: "DRAIN", with: "\(drain)"), file: "g.yaml")
        return try #require(ScenarioRunner.runTraffic(scenario, seed: nil).deployment)
    }

    @Test func aPauseInWhichTheNewVersionAnsweredNothingHaltsTheDeployment() throws {
        let deployment = try Self.run(drain: false)
        let failed = try #require(deployment.checks.last)
        #expect(!failed.passed && failed.answeredByWave == 0 && failed.answered > 0)
        #expect(deployment.checks.dropLast().allSatisfy { $0.passed && $0.answeredByWave > 0 })
        #expect(deployment.outcome == .rolledBack(reason: "\(failed.servers.joined(separator: ", ")): the new version answered nothing during its pause"))
        #expect(deployment.finalVersions.allSatisfy { $0.version != 2 })
    }

    @Test func drainedServersAnswerInTheirPausesAndPass() throws {
        let deployment = try Self.run(drain: true)
        #expect(deployment.outcome == .completed)
        #expect(deployment.checks.count == 3 && deployment.checks.allSatisfy { $0.passed && $0.answeredByWave > 0 })
        // Each wave's answers are a part of all the balancer gave in its pause.
        #expect(deployment.checks.allSatisfy { $0.answeredByWave < $0.answered })
    }
}
