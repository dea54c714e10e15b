import Testing
@testable import Scenarios
@testable import Simulator

/// The rolling deployment without drain: passive health marked each server down for its resets
/// and kept it out for `fail_timeout` (30 s) after the health check had passed it (12.005 s and
/// 16.506 s), so the two servers answered nothing for the rest of the deployment and 168,005
/// requests failed — and the paragraph named passive health only for taking the servers out,
/// where the all-at-once paragraph names it for holding them out (DeployOutageCauseTests).
struct DeployNoDrainPassiveHoldTests {
    @Test func passiveHealthIsNamedWhenItHeldTheServersOut() throws {
        let text = try #require(DeployOutageCauseTests.comparison.explanations().first { $0.hasPrefix("**Rolling without drain.**") })
        #expect(text.contains(" Passive health held nexus-alpha and nexus-beta out after the health check had passed them: "), "\(text)")
    }

    /// Servers held out briefly are named too (b for 0.8 s, c for 4.5 s past the check).
    @Test func aShortHoldIsNamedWithItsInstants() throws {
        let comparison = DeployComparison.run(try ScenarioLoader.parse(deployProseScenario, file: "d.yaml"), jobs: 1)
        let variant = try #require(comparison.variant("rolling without drain"))
        let figures = try #require(variant.deployment)
        #expect(DeployComparison.passiveHoldSentence(variant, figures: figures) == " Passive health held b and c out after the health check had passed them: nginx keeps a server it marked down out until `fail_timeout` (4.000 s) has passed since its last failure (b passed at 10.188 s, first probed at 11.010 s; c passed at 14.863 s, first probed at 19.376 s).")
    }

    /// Without passive health nothing holds a server out: no sentence.
    @Test func noSentenceWithoutPassiveHealth() throws {
        let comparison = DeployProseTests.single
        let variant = try #require(comparison.variant("rolling without drain"))
        let figures = try #require(variant.deployment)
        #expect(DeployComparison.passiveHoldSentence(variant, figures: figures) == "")
    }
}
