import Foundation
import Reports
import Testing
@testable import Scenarios

/// H5's z3: the balancer's `expect:` checks were judged before the zones' figures were attached,
/// so `cross_zone_share` read 0 and held in report.md and report.json (verdict PASS, `passed:
/// true`) while the run's exit code, judged on the whole result, failed it. One judgement now.
/// Also H5's z4: a zone where nothing succeeded printed 0.000 ms latencies.
struct ZonesReportJudgementTests {
    /// Every client in zone a, the one server in zone b: every forward crosses zones.
    static let crossing = """
        name: z3
        run: {duration: 2s}
        zones: {list: [{name: a}, {name: b, clients: 0}]}
        servers: [{name: sa, slots: 2, service_time: 1ms, zone: b}]
        balancer: {strategy: round_robin}
        workload: {type: open_loop, rate: 20, clients: 1}
        expect: [cross_zone_share <= 0.2, cross_zone_forwards == 0]

        """

    static func files(_ text: String, file: String = "z.yaml") throws -> (result: RunResult, markdown: String, json: String) {
        try BalancerReportEdgeTests.files(text, file: file)
    }

    @Test func aWorldFailingCrossZoneShareFailsInEveryReport() throws {
        let (result, markdown, json) = try Self.files(Self.crossing)
        // The exit code's judgement.
        #expect(!result.passed)
        let traffic = try #require(result.traffic)
        #expect(!traffic.passed)
        #expect(traffic.checks.map(\.measured) == [1, 39])
        #expect(traffic.checks.map(\.holds) == [false, false])
        // report.md: the verdict and the measured figures.
        #expect(markdown.contains("- verdict: **FAIL**\n"))
        #expect(markdown.contains("| `cross_zone_share <= 0.2`  |        1 | **fails** |\n"))
        #expect(markdown.contains("| `cross_zone_forwards == 0` |       39 | **fails** |\n"))
        #expect(markdown.contains("39 of 39 forwards crossed zones (100.0%).\n"))
        #expect(!markdown.contains("| holds"))
        // report.json.
        #expect(json.contains("\"passed\" : false"))
        #expect(json.contains("\"expectation\" : \"cross_zone_share <= 0.2\",\n      \"holds\" : false,\n      \"line\" : 7,\n      \"measured\" : 1\n"))
        #expect(json.contains("\"expectation\" : \"cross_zone_forwards == 0\",\n      \"holds\" : false,\n      \"line\" : 7,\n      \"measured\" : 39\n"))
    }

    /// With a log the world writes one report: the balancer's own Expectations table agreed with
    /// nothing (0, holds) while the world's (1, 39, fails) gave the verdict.
    @Test func aComposedWorldsTwoExpectationTablesAgree() throws {
        let world = Self.crossing + """
            log:
              topics: [{name: t, partitions: 1}]
              producers: [{name: p, topic: t, records: 1, rate: 1}]

            """
        let (result, markdown, json) = try Self.files(world)
        #expect(!result.passed)
        #expect(markdown.contains("- verdict: **FAIL**\n"))
        let rows = markdown.split(separator: "\n").filter { $0.hasPrefix("| `cross_zone_share <= 0.2`") }
        #expect(rows.count == 2)
        #expect(rows.allSatisfy { $0 == "| `cross_zone_share <= 0.2`  |        1 | **fails** |" })
        #expect(json.contains("\"passed\" : false"))
    }

    /// A world whose clients forward nothing measures no share: `cross_zone_share` is not
    /// measured (0 of 0 is not 0), and the sentence says nothing was forwarded.
    @Test func noForwardsMeasureNoShare() throws {
        let world = """
            name: z0
            run: {duration: 10ms}
            zones: {list: [{name: a}]}
            servers: [{name: sa, slots: 2, service_time: 1ms, zone: a}]
            balancer: {strategy: round_robin}
            workload: {type: open_loop, rate: 1, clients: 1}
            expect: [cross_zone_share <= 0.2]

            """
        let (result, markdown, json) = try Self.files(world)
        #expect(result.traffic?.zones?.forwards == 0)
        #expect(result.traffic?.checks.first?.measured == nil)
        #expect(!result.passed)
        #expect(markdown.contains("No request was forwarded to a server, so none crossed zones.\n"))
        #expect(markdown.contains("| `cross_zone_share <= 0.2` | not measured | **fails** |\n"))
        #expect(!json.contains("\"crossZoneShare\""))
    }

    @Test func oneForwardIsSingular() throws {
        let world = """
            name: z1
            run: {requests: 1}
            zones: {list: [{name: a}, {name: b, clients: 0}]}
            servers: [{name: sa, slots: 1, service_time: 1ms, zone: a}]
            balancer: {strategy: round_robin}
            workload: {type: closed_loop, users: 1}

            """
        let (_, markdown, _) = try Self.files(world)
        #expect(markdown.contains("0 of 1 forward crossed zones (0.0%).\n"))
    }

    /// H5's z4: the zone's only server crashed at 0 s; none of its clients' 39 requests succeeded.
    @Test func aZoneWithoutSuccessesHasNoLatency() throws {
        let world = """
            name: z4
            run: {duration: 2s}
            zones: {list: [{name: a}, {name: b, clients: 0}]}
            servers: [{name: sa, slots: 2, service_time: 1ms, zone: a}]
            balancer: {strategy: round_robin, health_check: {interval: 100ms, timeout: 50ms, rise: 1, fall: 1}}
            workload: {type: open_loop, rate: 20, clients: 1, timeout: 100ms}
            faults: [{at: 0s, crash: sa}]

            """
        let (result, markdown, json) = try Self.files(world)
        let zones = try #require(result.traffic?.zones)
        #expect(zones.zones[0].succeeded == 0 && zones.zones[0].issued == 39)
        #expect(markdown.contains("| a    |       1 |       1 |     39 |     39 |   — |   — |   — |"))
        #expect(markdown.contains("| b    |       0 |       0 |      0 |      0 |   — |   — |   — |"))
        #expect(!markdown.contains("0.000 ms"))
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let zoneDocuments = try #require((document["zones"] as? [String: Any])?["zones"] as? [[String: Any]])
        #expect(zoneDocuments.count == 2)
        for zone in zoneDocuments {
            #expect(zone["p50"] == nil && zone["p90"] == nil && zone["p99"] == nil && zone["mean"] == nil)
        }
    }
}
