import Foundation
import Testing
@testable import Scenarios

/// A world of servers and a balancer beside other sections writes the servers' and balancer's
/// figures in full under report.json's `traffic` — the failovers report.md lists 40 of and says
/// report.json keeps, per-upstream health checks — where its report.json had the metrics alone
/// (R1: 116 failovers in report.md, none in report.json once an `object_store` section was added).
struct ComposedWorldTrafficJSONTests {
    @Test func theBalancersFailoversAreInTheComposedWorldsJSON() throws {
        let text = """
            name: fo
            run: {duration: 120s}
            servers: [{name: s, count: 3, service_time: 1ms}]
            balancer: {health_check: {interval: 1s, timeout: 500ms, rise: 1, fall: 1}}
            workload: {type: open_loop, rate: 20}
            chaos: {crashes_per_hour: 300, downtime: 2s}
            object_store: {name: store, buckets: [{name: bkt}]}

            """
        let result = ScenarioRunner.run(try ScenarioLoader.parse(text, file: "fo.yaml"))
        #expect(result.subsystems.count == 2)
        let balancer = try #require(result.traffic?.balancer)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(result.json().utf8)) as? [String: Any])
        let traffic = try #require(document["traffic"] as? [String: Any])
        let json = try #require(traffic["balancer"] as? [String: Any])
        let failovers = try #require(json["failovers"] as? [[String: Any]])
        #expect(failovers.count == balancer.failovers.count && failovers.count > 5)
        #expect(failovers.map { $0["server"] as? String } == balancer.failovers.map(\.server))
        let upstreams = try #require(json["servers"] as? [[String: Any]])
        #expect(upstreams.map { $0["failedHealthChecks"] as? Int } == balancer.servers.map(\.failedHealthChecks))
        #expect((traffic["servers"] as? [[String: Any]])?.map { $0["id"] as? String } == result.traffic?.servers.map(\.id))
    }

    /// A world with no servers writes no `traffic`.
    @Test func aWorldWithoutServersWritesNoTraffic() throws {
        let text = """
            name: store-only
            object_store: {name: store, buckets: [{name: bkt}]}
            operations: [{put: {bucket: bkt, key: a, body: hello}}]

            """
        let result = ScenarioRunner.run(try ScenarioLoader.parse(text, file: "s.yaml"))
        #expect(!result.json().contains("\"traffic\""))
    }
}
