import Testing
import Reports
@testable import Scenarios
@testable import Simulator

/// The deploy report at its edges (session 73's checker): a halt the health deadline caused is
/// not told as the error check's, a deployment that starts when the clients stop draws no
/// figures from nothing, and a limit prints as written.
struct DeployEdgeTests {
    static func run(_ text: String) -> DeployComparison {
        DeployComparison.run(try! ScenarioLoader.parse(text, file: "d.yaml"), jobs: 1)
    }

    /// A 3 s boot against a 1 s health deadline: no new version ever becomes healthy.
    static let unhealthy = run(deployProseScenario.replacingOccurrences(of: "health_deadline: 20s", with: "health_deadline: 1s"))

    @Test func aHaltByTheHealthDeadlineNamesIt() {
        let report = Self.unhealthy.markdown()
        #expect(report.contains("restarted with nothing in flight (0 reset), but the health check did not pass a within the health deadline (1.000 s), so it never went back in rotation. "))
        #expect(report.contains("The deployment took 3.004 s. It halted — the health check had not passed a within the health deadline (1.000 s) — and every server deployed so far was rolled back to its old version."))
        #expect(report.contains("**All at once.** Every server restarted at 2.000 s. Then the health check had not passed a, b, c within the health deadline (1.000 s): the deployment halted and every server was restarted into its old version — a second outage."))
        #expect(report.contains("**Bad release.** Version 2 answers 50% of requests with 500 but its health endpoint answers 200, yet the health check did not pass a within the health deadline (1.000 s), so it never went back in rotation. The deployment halted and restarted a into its old version. "))
        #expect(!report.contains("put back once the health check had passed it"))
        #expect(!report.contains("passed a at —"))
        #expect(!report.contains("failed answers of 0"))
    }

    /// `deploy.at` at the run's `duration`: one paragraph saying so, and no "during" figures.
    @Test func aDeploymentWithNoTimeToActSaysSo() {
        let comparison = Self.run(deployProseScenario.replacingOccurrences(of: "at: 2s", with: "at: 20s"))
        #expect(comparison.explanations() == ["**No time to act.** The deployment starts at 20.000 s, and the clients stop sending at 20.000 s (the run's `duration`): the four deployments met no new request, only those still in flight when the clients stopped (the table's *reset*), so the runs show nothing of what they cost the clients: no outage, throughput or latency during them. Their error checks saw no answer: each was inconclusive (no answers in the pause), so a deployment that reads \"completed\" was not tested. Set `deploy.at` before the end of the run to compare them."])
        #expect(comparison.markdown().contains("| all at once           | completed |  4.881 s |      3 |       3 |     3 |                — |            249.9 |                — |  12.000 ms |          — |  12.000 ms |          — |"))
    }

    /// A limit of 0.99995 read "halts above 100.0%"; the check that never tripped says so with it.
    @Test func theLimitPrintsAsWritten() {
        let comparison = Self.run(deployProseScenario.replacingOccurrences(of: "max_error_ratio: 0.2", with: "max_error_ratio: 0.99995"))
        let report = comparison.markdown()
        #expect(report.contains("; pause 1.000 s; halts above 99.995% failed answers. "))
        #expect(report.contains("so the health check passed a at 5.512 s and it went back in rotation. The error check never tripped (limit 99.995%). "))
        #expect(report.contains("It halted — the error check saw no answer from c in the pause (181 answers from the other servers), nothing of the new version — and every server deployed so far was rolled back to its old version."))
    }

    /// One percent style: the bad release's line read "50 % of requests", its paragraph "50%".
    @Test func theBadReleaseShareHasOneStyle() {
        let base = try! ScenarioLoader.parse(deployProseScenario, file: "d.yaml")
        #expect(DeployComparison.variants(base)[3].summary == "graceful rolling, but the new version answers 50% of requests with 500")
    }

    @Test func sharesPrintAsWrittenOrBounded() {
        #expect(NumberFormat.writtenPercent(0.05) == "5.0%")
        #expect(NumberFormat.writtenPercent(0.99995) == "99.995%")
        #expect(NumberFormat.writtenPercent(0.00001) == "0.001%")
        #expect(NumberFormat.writtenPercent(0.5, minimumDecimals: 0) == "50%")
        #expect(NumberFormat.boundedPercent(1.0 / 26_610) == "< 0.1%")
        #expect(NumberFormat.boundedPercent(0.004, decimals: 0) == "< 1%")
        #expect(NumberFormat.boundedPercent(0.9998) == "> 99.9%")
        #expect(NumberFormat.boundedPercent(0) == "0.0%")
        #expect(NumberFormat.boundedPercent(1) == "100.0%")
        #expect(NumberFormat.boundedPercent(0.601) == "60.1%")
    }
}
