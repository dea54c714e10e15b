import Testing
@testable import Scenarios
@testable import Simulator

/// `orrery experiment deploy` on the small cluster of ``deployScenario``: the four variants, their
/// figures and the report's files.
struct DeployExperimentTests {
    static let comparison: DeployComparison = {
        let base = try! ScenarioLoader.parse(deployScenario, file: "d.yaml")
        return DeployComparison.run(base, jobs: 1)
    }()

    @Test func theFourVariantsChangeOnlyHowTheyDeploy() throws {
        #expect(Self.comparison.variants.map(\.name) == ["graceful rolling", "rolling without drain", "all at once", "bad release"])
        let plans = Self.comparison.variants.compactMap { $0.scenario.deployment }
        #expect(plans.map(\.strategy) == [.rolling, .rolling, .allAtOnce, .rolling])
        #expect(plans.map(\.drain) == [true, false, false, true])
        #expect(plans.map(\.releaseErrorRate) == [0, 0, 0, DeployComparison.badReleaseErrorRate])
        #expect(Set(plans.map(\.bootTime)) == [.seconds(1)] && Set(plans.map(\.pause)) == [.seconds(1)])
    }

    @Test func onlyTheAllAtOnceRestartHasSecondsWithoutAnAnswer() throws {
        let comparison = Self.comparison
        #expect(comparison.variants.map(\.secondsWithoutAnswer) == [0, 0, 1, 0])
        #expect(comparison.variant("graceful rolling")?.failed == 0 && comparison.variant("graceful rolling")?.reset == 0)
        #expect(comparison.variant("rolling without drain")?.reset == 3)
        #expect(comparison.variant("all at once")?.failed == 915)
        let bad = try #require(comparison.variant("bad release")?.deployment)
        #expect(bad.everyServerOnOldVersion && bad.steps.map(\.kind) == [.deploy, .rollback])
    }

    @Test func theReportIsWrittenFromTheFigures() throws {
        let bundle = Self.comparison.bundle()
        #expect(bundle.files.map(\.path) == ["deploy/report.md", "deploy/report.json", "deploy/variants.csv", "deploy/steps.csv",
                                             "deploy/throughput.svg", "deploy/latency.svg", "deploy/timeline.svg"])
        let report = Self.comparison.markdown()
        #expect(report.contains("for 1 s no request succeeded"))
        #expect(report.contains("restarted a into its old version"))
        #expect(report.contains("rolling, one server at a time; drained first (timeout 10.000 s); boot 1.000 s"))
        #expect(Self.comparison.variantsCSV().split(separator: "\n").count == 5)
        #expect(Self.comparison.stepsCSV().split(separator: "\n").count == 1 + 3 + 3 + 3 + 2)
    }

    /// With nginx's passive health on (max_fails 1, fail_timeout 10 s), the forwards the
    /// all-at-once restart failed at 5 s keep every server out through second 15, after the health
    /// check has passed them (rise 2 every 2 s): the balancer answers 502 to everything, the error
    /// check halts the deployment, and the report says why rather than "the boot, then the wait".
    @Test func anAllAtOnceRestartHeldOutByPassiveHealthIsRolledBackAndSaysWhy() throws {
        let text = deployScenario.replacingOccurrences(of: "passive_health: {max_fails: 0}", with: "passive_health: {max_fails: 1, fail_timeout: 10s}")
        let comparison = DeployComparison.run(try ScenarioLoader.parse(text, file: "d.yaml"), jobs: 1)
        let all = try #require(comparison.variant("all at once"))
        let figures = try #require(all.deployment)
        guard case .rolledBack = figures.outcome else { Issue.record("expected a rollback, got \(figures.outcome)"); return }
        let probe = try #require(all.result.balancer?.events.first { $0.isProbe && $0.at >= 6 })
        #expect(probe.at >= 16 && probe.at < 17)
        let paragraph = DeployComparison.allAtOnceParagraph(all, figures: figures, users: 3, failTimeout: .seconds(10))
        #expect(paragraph.contains("nginx keeps such a server out until `fail_timeout` (10.000 s) has passed counted in whole seconds"))
        #expect(paragraph.contains("the deployment halted and every server was restarted into its old version — a second outage"))
        #expect(!paragraph.contains("The deployment itself was the quickest"))
    }

    @Test func aFileWithoutADeploymentIsRefused() throws {
        let text = deployScenario.components(separatedBy: "deploy:\n")[0]
        let scenario = try ScenarioLoader.parse(text, file: "d.yaml")
        #expect(scenario.deployment == nil)
        #expect(DeployComparison.variants(scenario).isEmpty)
    }
}
