import Foundation
import Testing
@testable import Scenarios

/// A run that stopped early checks none of its expectations ("not checked (the run stopped
/// early)"), yet judged its claims: "0 of 1 claim holds" and "**does not hold**" beside a figure
/// that met the claim, report.json `holds: false` with no `checked` (C1's F1). Its claims are not
/// checked now, in report.md and report.json alike.
struct StoppedRunClaimsTests {
    /// A job submitted at 5 s in a run stopped at 5.5 s: `mapreduce.jobs` already reads 1.
    static let mapReduce = """
        name: stopped1
        mapreduce:
          jobs: [{name: word-count, reducers: 1, submit_at: 5s, input: {synthetic: {lines: 20000}}}]
        run: {time_limit: 5.5s}
        expect: ["mapreduce.failed_jobs >= 1", "mapreduce.jobs == 1"]
        claims:
          - {claim: "it finishes", holds_if: "mapreduce.jobs == 1"}
        """

    /// Servers and clients alone (the traffic report): `p99 < 1s` measured 11.007 ms so far.
    static let traffic = """
        name: stopped2
        servers:
          - {name: s, count: 3, service_time: 5ms}
        workload: {type: closed_loop, users: 10, think_time: 10ms}
        run: {requests: 1000, time_limit: 1s}
        expect: ["success_ratio >= 0.5", "completed >= 150"]
        claims:
          - {claim: "fast", holds_if: "p99 < 1s"}
        """

    static func run(_ yaml: String) throws -> RunResult {
        ScenarioRunner.run(try ScenarioLoader.parse(yaml, file: "s.yaml"))
    }

    @Test func aStoppedWorldsClaimIsNotChecked() throws {
        let result = try Self.run(Self.mapReduce)
        #expect(result.failure != nil)
        #expect(result.claims.map(\.checked) == [false])
        #expect(result.markdown().contains("""
            # Claims

            The run stopped early: its claim is not checked (a claim is reported, never fails the run).

            | claim       | holds if              | measured | in this world                       |
            | ----------- | --------------------- | -------: | ----------------------------------- |
            | it finishes | `mapreduce.jobs == 1` |        1 | not checked (the run stopped early) |

            """))
        let claims = try #require(Self.claims(result.json()))
        #expect(claims.count == 1)
        #expect(claims[0]["checked"] as? Bool == false && claims[0]["holds"] as? Bool == false)
    }

    @Test func aStoppedTrafficRunsClaimIsNotChecked() throws {
        let result = try Self.run(Self.traffic)
        #expect(result.failure != nil)
        let report = result.markdown()
        #expect(report.contains("The run stopped early: its claim is not checked (a claim is reported, never fails the run)."), "\(report)")
        #expect(report.contains("| fast  | `p99 < 1s` |  0.011 s | not checked (the run stopped early) |"))
        #expect(!report.contains("does not hold"))
        let claims = try #require(Self.claims(result.json()))
        #expect(claims.first?["checked"] as? Bool == false)
    }

    /// A run that ends counts its judged claims as before, and its JSON says each was checked.
    @Test func aFinishedRunsClaimsAreChecked() throws {
        let result = ScenarioRunner.run(try ScenarioLoader.parse(ClaimTests.world, file: "c.yaml"))
        #expect(result.claims.map(\.checked) == [true, true])
        #expect(result.markdown().contains("# Claims\n\n1 of 2 claims hold in this world (a claim is reported, never fails the run).\n"))
        #expect(try #require(Self.claims(result.json())).map { $0["checked"] as? Bool } == [true, true])
    }

    /// The summary sentence over a mix, and over several unjudged claims.
    @Test func theSummaryCountsJudgedAndUnjudgedApart() throws {
        let claim = try ScenarioLoader.parse(Self.mapReduce, file: "s.yaml").claims[0]
        let made = ExpectationCheck(expectation: claim.conditions[0], measured: 1, runStoppedEarly: false)
        let unmade = ExpectationCheck(expectation: claim.conditions[0], measured: 1, runStoppedEarly: true)
        #expect(ClaimOutcome.summary([.init(claim: claim, checks: [made]), .init(claim: claim, checks: [unmade])])
            == "1 of 1 claim holds in this world, 1 not checked (the run stopped early) (a claim is reported, never fails the run).")
        #expect(ClaimOutcome.summary([.init(claim: claim, checks: [unmade]), .init(claim: claim, checks: [unmade])])
            == "The run stopped early: its 2 claims are not checked (a claim is reported, never fails the run).")
    }

    static func claims(_ json: String) -> [[String: Any]]? {
        let document = try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        return document?["claims"] as? [[String: Any]]
    }
}
