import Testing
@testable import Scenarios
@testable import Simulator

/// Deployments of ``deployScenario``: health checks every 2 s with rise 2 and a 1 s boot put
/// every server back at a check round plus the 1 ms a check takes (0.5 ms each way), whatever
/// the clients do.
@Suite struct DeploymentRunTests {
    static func run(_ changes: [(String, String)] = [], seed: UInt64? = nil) throws -> TrafficResult {
        var text = deployScenario
        for (from, to) in changes {
            #expect(text.contains(from))
            text = text.replacingOccurrences(of: from, with: to)
        }
        return ScenarioRunner.runTraffic(try ScenarioLoader.parse(text, file: "d.yaml"), seed: seed)
    }

    static func nanoseconds(_ instants: [VirtualInstant?]) -> [Int64?] { instants.map { $0?.nanoseconds } }

    @Test func drainedOneAtATimeNoRequestFailsAndEachServerIsBackAtACheckRound() throws {
        let result = try Self.run()
        let deployment = try #require(result.deployment)
        #expect(deployment.outcome == .completed)
        #expect(result.completed == result.succeeded)
        #expect(result.balancer?.retried == 0 && result.balancer?.failedForwards == 0)
        #expect(deployment.steps.map(\.server) == ["a", "b", "c"])
        #expect(deployment.steps.map(\.resetAtRestart) == [0, 0, 0])
        #expect(deployment.steps.allSatisfy { !$0.drainTimedOut && $0.drainEnded == $0.restarted })
        // Drain from the start, or from the previous server's return plus the 1 s pause.
        #expect(Self.nanoseconds(deployment.steps.map(\.drainStarted)) == [5_000_000_000, 11_001_000_000, 17_001_000_000])
        // A drain waits for at most one request: 10 ms of service and 1 ms of network.
        #expect(deployment.steps.allSatisfy { step in step.drainStarted!.duration(to: step.drainEnded!) <= .microseconds(11_500) })
        // Booted 1 s after the restart, between rounds; the next round is refused or not yet
        // due, the two after it pass.
        #expect(Self.nanoseconds(deployment.steps.map(\.healthy)) == [10_001_000_000, 16_001_000_000, 22_001_000_000])
        #expect(deployment.steps.map(\.backInRotation) == deployment.steps.map(\.healthy))
        #expect(deployment.ended == 23.001 && deployment.duration == 18.001)
        #expect(deployment.checks.map(\.passed) == [true, true, true] && deployment.checks.allSatisfy { $0.failed == 0 })
        #expect(deployment.finalVersions.map(\.version) == [2, 2, 2])
    }

    @Test func withoutDrainTheRequestsInFlightAreResetAndRetried() throws {
        let result = try Self.run([("  drain: true", "  drain: false")])
        let deployment = try #require(result.deployment)
        #expect(deployment.outcome == .completed)
        #expect(deployment.steps.allSatisfy { $0.drainStarted == nil })
        #expect(deployment.steps.map(\.resetAtRestart) == [1, 1, 1])
        // Without passive health the balancer keeps sending a booting server requests; each is
        // refused and retried on another server, so no client sees a failure.
        #expect(result.completed == result.succeeded)
        #expect(result.balancer?.retried == 316 && result.balancer?.failedForwards == 316)
        // Restarted at once: up 1 s later, passed by the round at that very instant and the next.
        #expect(Self.nanoseconds(deployment.steps.map(\.restarted)) == [5_000_000_000, 9_001_000_000, 15_001_000_000])
        #expect(Self.nanoseconds(deployment.steps.map(\.healthy)) == [8_001_000_000, 14_001_000_000, 20_001_000_000])
    }

    @Test func allAtOnceNothingAnswersUntilTheServersAreBack() throws {
        let result = try Self.run([("  drain: true", "  drain: false"), ("  strategy: rolling", "  strategy: all_at_once")])
        let deployment = try #require(result.deployment)
        #expect(deployment.steps.allSatisfy { $0.restarted.nanoseconds == 5_000_000_000 })
        // Up at 6 s exactly: the checks at 6 s and 8 s pass.
        #expect(Self.nanoseconds(deployment.steps.map(\.healthy)) == [8_001_000_000, 8_001_000_000, 8_001_000_000])
        #expect(result.completionsPerSecond[5] == 0 && result.completionsPerSecond[4] > 0 && result.completionsPerSecond[6] > 0)
        // Every try of every request in that second is refused: 3 tries, then nginx's 502.
        #expect(result.completed - result.succeeded == 750)
        #expect(result.statusFailures.map(\.status) == [502])
        #expect(deployment.finalVersions.map(\.version) == [2, 2, 2])
    }

    @Test func aBadReleaseTripsTheErrorCheckAndEveryServerEndsOnTheOldVersion() throws {
        let result = try Self.run([("  release_error_rate: 0", "  release_error_rate: 1")])
        let deployment = try #require(result.deployment)
        #expect(deployment.outcome == .rolledBack(reason: "a: error ratio above the limit"))
        #expect(deployment.steps.map(\.server) == ["a", "a"])
        #expect(deployment.steps.map(\.kind) == [.deploy, .rollback])
        #expect(deployment.steps.map(\.toVersion) == [2, 1])
        let check = try #require(deployment.checks.first)
        #expect(deployment.checks.count == 1 && !check.passed && check.errorRatio > 0.05)
        // Rolled back from the end of the observed pause; back at the third round after it.
        #expect(Self.nanoseconds(deployment.steps.map(\.drainStarted)) == [5_000_000_000, 11_001_000_000])
        #expect(Self.nanoseconds(deployment.steps.map(\.healthy)) == [10_001_000_000, 16_001_000_000])
        #expect(deployment.finalVersions.map(\.version) == [1, 1, 1])
        #expect(deployment.everyServerOnOldVersion)
        // Every request the bad version answered while it served failed (500s are not retried).
        #expect(result.completed - result.succeeded == 83 && check.failed <= 83 && result.statusFailures.map(\.status) == [500])
    }

    @Test func aServerThatIsNotHealthyByTheDeadlineHaltsTheDeployment() throws {
        let result = try Self.run([("  health_deadline: 30s", "  health_deadline: 2s")])
        let deployment = try #require(result.deployment)
        #expect(deployment.outcome == .rolledBack(reason: "a: not healthy within the health deadline"))
        #expect(deployment.steps.first?.healthy == nil && deployment.steps.first?.backInRotation == nil)
        // Still out of rotation, the server is rolled back at once: nothing left to drain.
        let rollback = try #require(deployment.steps.last)
        #expect(rollback.kind == .rollback && rollback.drainStarted == rollback.drainEnded && rollback.resetAtRestart == 0)
        #expect(rollback.drainStarted == deployment.steps.first?.restarted.advanced(by: .seconds(2)))
        #expect(deployment.finalVersions.map(\.version) == [1, 1, 1])
    }

    @Test func theSameSeedGivesTheSameDeployment() throws {
        let first = try Self.run(seed: 7), second = try Self.run(seed: 7)
        #expect(first.digest == second.digest)
        #expect(first.deployment?.steps == second.deployment?.steps)
    }
}
