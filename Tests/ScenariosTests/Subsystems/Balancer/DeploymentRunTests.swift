import Testing
@testable import Scenarios
@testable import Simulator

/// Deployments of ``deployScenario``: each server has its own health checks (HAProxy's one
/// check task per server), its first at 0, 2/3 or 4/3 s and each next one 2 s after the last
/// ended; with rise 2 and a 1 s boot a server is back 1 ms (0.5 ms each way) after the second
/// of its checks that find it booted, whatever the clients do.
struct DeploymentRunTests {
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
        #expect(Self.nanoseconds(deployment.steps.map(\.drainStarted)) == [5_000_000_000, 9_005_000_000, 13_673_666_666])
        // A drain waits for at most one request: 10 ms of service and 1 ms of network.
        #expect(deployment.steps.allSatisfy { step in step.drainStarted!.duration(to: step.drainEnded!) <= .microseconds(11_500) })
        // Booted 1 s after the restart; its next two checks pass: a's at 6.003 and 8.004 s, b's
        // at 10.671667 and 12.672667 s, c's at 15.340333 and 17.341333 s (2.001 s apart).
        #expect(Self.nanoseconds(deployment.steps.map(\.healthy)) == [8_005_000_000, 12_673_666_666, 17_342_333_333])
        #expect(deployment.steps.map(\.backInRotation) == deployment.steps.map(\.healthy))
        #expect(deployment.ended == 18.342333333 && abs(deployment.duration! - 13.342333333) < 1e-9)
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
        // Restarted at once: up 1 s later, passed by its next two checks, as with drain.
        #expect(Self.nanoseconds(deployment.steps.map(\.restarted)) == [5_000_000_000, 9_005_000_000, 13_673_666_666])
        #expect(Self.nanoseconds(deployment.steps.map(\.healthy)) == [8_005_000_000, 12_673_666_666, 17_342_333_333])
    }

    @Test func allAtOnceNothingAnswersUntilTheServersAreBack() throws {
        let result = try Self.run([("  drain: true", "  drain: false"), ("  strategy: rolling", "  strategy: all_at_once")])
        let deployment = try #require(result.deployment)
        #expect(deployment.steps.allSatisfy { $0.restarted.nanoseconds == 5_000_000_000 })
        // Up at 6 s exactly: a's checks at 6.003 and 8.004 s pass, b's at 6.669667 and 8.670667 s;
        // c's at 5.335333 s is refused while it boots, its next two at 7.336333 and 9.337333 s pass.
        #expect(Self.nanoseconds(deployment.steps.map(\.healthy)) == [8_005_000_000, 8_671_666_666, 9_338_333_333])
        #expect(result.completionsPerSecond[5] == 0 && result.completionsPerSecond[4] > 0 && result.completionsPerSecond[6] > 0)
        // Every try of every request in that second is refused: 3 tries, then nginx's 502. From
        // 5.336333 s c is down by its refused check (fall 1): 2 tries, failing sooner, so more.
        #expect(result.completed - result.succeeded == 915)
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
        // Rolled back from the end of the observed pause; a's check at 10.005 s finds it still
        // booting, those at 12.006 and 14.007 s pass.
        #expect(Self.nanoseconds(deployment.steps.map(\.drainStarted)) == [5_000_000_000, 9_005_000_000])
        #expect(Self.nanoseconds(deployment.steps.map(\.healthy)) == [8_005_000_000, 14_008_000_000])
        #expect(deployment.finalVersions.map(\.version) == [1, 1, 1])
        #expect(deployment.everyServerOnOldVersion)
        // Every request the bad version answered while it served failed (500s are not retried).
        #expect(result.completed - result.succeeded == 84 && check.failed <= 84 && result.statusFailures.map(\.status) == [500])
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
