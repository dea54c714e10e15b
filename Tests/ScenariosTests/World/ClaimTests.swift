import Foundation
import Testing
@testable import Scenarios

/// `claims:` — checked against the run's figures and reported, never failing the run.
@Suite struct ClaimTests {
    static let world = """
        name: c
        mapreduce: {cluster: {workers: 2}, jobs: [{name: word-count, reducers: 1, input: {synthetic: {lines: 200}}}]}
        expect: [mapreduce.output_exact == true]
        claims:
          - claim: "every job is exact"
            holds_if: mapreduce.output_exact == true
          - claim: "a job takes a day"
            holds_if: [mapreduce.makespan >= 1h, mapreduce.jobs == 1]
        """

    @Test func claimsAreCheckedAndReportedWithoutFailingTheRun() throws {
        let scenario = try ScenarioLoader.parse(Self.world, file: "c.yaml")
        #expect(scenario.claims.map(\.text) == ["every job is exact", "a job takes a day"])
        #expect(scenario.claims.map(\.line) == [5, 7])
        #expect(scenario.claims[1].conditions.map(\.text) == ["mapreduce.makespan >= 1h", "mapreduce.jobs == 1"])
        let result = ScenarioRunner.run(scenario)
        #expect(result.passed, "a claim that does not hold does not fail the run")
        #expect(result.claims.map(\.holds) == [true, false])
        #expect(result.claims[1].checks.map(\.holds) == [false, true])
        let report = result.markdown()
        #expect(report.contains("# Claims\n\n1 of 2 claims hold in this world"))
        #expect(report.contains("| a job takes a day  | `mapreduce.makespan >= 1h`, `mapreduce.jobs == 1` |"))
        #expect(report.contains("**does not hold**"))
        #expect(result.json().contains("\"claims\" : ["))
    }

    @Test func aWorldWithoutClaimsWritesNoClaimsAnywhere() throws {
        let result = ScenarioRunner.run(try ScenarioLoader.parse("mapreduce: {cluster: {workers: 1}, jobs: [{name: word-count, reducers: 1, input: {synthetic: {lines: 10}}}]}\n", file: "n.yaml"))
        #expect(!result.markdown().contains("# Claims"))
        #expect(!result.json().contains("claims"))
    }

    @Test(arguments: [
        ("claims: [{claim: x}]", "c.yaml:2:10: error: missing required key 'holds_if' (at claims.[0])"),
        ("claims: [{claim: x, holds_if: mapreduce.speed > 1}]", "c.yaml:2:31: error: unknown metric 'mapreduce.speed'"),
        ("claims: [{claim: x, holds_if: []}]", "c.yaml:2:31: error: a claim needs at least one condition (at claims.[0].holds_if)"),
        ("claims: [{claim: x, holds_if: log.lost == 0}]", "c.yaml:2:31: error: 'log.lost' measures the log section, which this scenario does not have"),
    ])
    func aBadClaimIsAnErrorWhereItIsWritten(_ line: String, _ expected: String) {
        let yaml = "mapreduce: {cluster: {workers: 1}, jobs: [{name: word-count, reducers: 1, input: {synthetic: {lines: 10}}}]}\n" + line + "\n"
        do {
            _ = try ScenarioLoader.parse(yaml, file: "c.yaml")
            Issue.record("accepted")
        } catch {
            #expect(error.description.hasPrefix(expected), "\(error.description)")
        }
    }
}
