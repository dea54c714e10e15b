import Testing
@testable import Scenarios
@testable import Simulator

/// Builder BP (session 80): an all-at-once restart that did not halt (no error check) was held
/// out by passive health's 30 s fail_timeout until 41 s, long after the health check had passed
/// both servers at 13.5 s; the paragraph said the outage was "the boot, then the wait for the
/// health check". It names what the run measured.
struct DeployOutageCauseTests {
    /// DeployOutagePastTheDeploymentTests' world without `max_error_ratio`: nothing halts it.
    static let comparison: DeployComparison = {
        let world = DeployOutagePastTheDeploymentTests.world.replacingOccurrences(of: "\n  max_error_ratio: 0.2", with: "")
        return DeployComparison.run(try! ScenarioLoader.parse(world, file: "sc-dp/deploy.yaml"), jobs: 1)
    }()

    @Test func passiveHealthIsNamedWhenItHeldTheServersOut() throws {
        let all = try #require(Self.comparison.variant("all at once"))
        #expect(all.deployment?.outcome == .completed)
        let hold = try #require(DeployComparison.passiveHold(all))
        #expect(hold.passed == 13.505 && hold.probe.map { $0 > 41 && $0 < 41.01 } == true)
        let text = try #require(Self.comparison.explanations().first { $0.hasPrefix("**All at once.**") })
        #expect(text.hasPrefix("**All at once.** Every server restarted at 10.000 s: for 31 s no request succeeded — the boot, the wait for the health check (it had passed them all by 13.505 s), then passive health, which kept them out for the forwards their restart failed until `fail_timeout` (30.000 s) had passed (the first was probed at 41.001 s) — and 186,009 requests failed (97.2% of all completed in the run). "))
        #expect(!text.contains("then the wait for the health check to pass the servers"))
    }

    /// A deployment that halted says why in its own sentences; the cause is not said twice.
    @Test func aHaltedDeploymentKeepsItsOwnExplanation() throws {
        let all = try #require(DeployOutagePastTheDeploymentTests.comparison.variant("all at once"))
        #expect(DeployComparison.outageCause(all, bootTime: .seconds(2)) == "the boot, then the wait for the health check to pass the servers")
    }
}
