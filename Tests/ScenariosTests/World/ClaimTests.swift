import Foundation
import Testing
@testable import Scenarios

/// `claims:` — checked against the run's figures and reported, never failing the run.
struct ClaimTests {
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

    /// A world of servers and clients alone writes the traffic report, which left its claims out
    /// (`report.md` and `report.json` said nothing of them; with any other section they showed).
    @Test func aWorldOfServersAndClientsReportsItsClaims() throws {
        let text = """
            name: small
            seed: 42
            run: {requests: 2000}
            network: {latency: 0.5ms}
            servers: [{name: s, count: 3, slots: 4, queue: 200, service_time: {exponential: 2ms}}]
            workload: {type: closed_loop, users: 10, timeout: 1s}
            expect: [p99 < 200ms]
            claims: [{claim: Fast, holds_if: "p99 < 1ms"}]
            """
        let result = ScenarioRunner.run(try ScenarioLoader.parse(text, file: "small.yaml"))
        #expect(result.subsystems == [.balancer] && result.passed)
        let bundle = result.bundle(formats: [.md, .json])
        let markdown = try #require(bundle.files.first { $0.path == "small/report.md" }.map { String(decoding: $0.contents, as: UTF8.self) })
        #expect(markdown.hasSuffix("## Claims\n\n0 of 1 claim holds in this world (a claim is reported, never fails the run).\n\n| claim | holds if    | measured | in this world     |\n| ----- | ----------- | -------: | ----------------- |\n| Fast  | `p99 < 1ms` | 9.847 ms | **does not hold** |\n\n"))
        let json = try #require(bundle.files.first { $0.path == "small/report.json" }.map { String(decoding: $0.contents, as: UTF8.self) })
        #expect(json.contains("\"claims\" : [\n    {\n      \"checked\" : true,\n      \"checks\" : [\n        {\n          \"checked\" : true,\n          \"expectation\" : \"p99 < 1ms\",\n          \"holds\" : false,\n          \"line\" : 8,\n          \"measured\" : 0.009847"))
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
