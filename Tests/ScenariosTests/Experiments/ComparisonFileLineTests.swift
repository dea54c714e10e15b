import Foundation
import Testing
@testable import Scenarios
@testable import Simulator

/// Checker Z's F16 and checker Y's item 5 (session 79): the deploy, keepalive, zones and claims
/// reports printed the file's `description:` as "Scenario X: …", the scenario's words about the
/// run, though the runs never read it (a copy cut to 2 servers still said 3); keepalive's variant
/// name "seed 004: 64/100/60s" was typed beside the settings it names and looked up by that text.
struct ComparisonFileLineTests {
    static let world = """
    name: line
    description: 3 servers of 94 requests/s each
    seed: 1
    run:
      duration: 1s
    servers:
      - {name: s, count: 2, slots: 1, service_time: 10ms}
    balancer:
      strategy: least_conn
    workload:
      type: closed_loop
      users: 2
      timeout: 60s
    """

    @Test func theDescriptionIsQuotedAsTheFiles() throws {
        let described = try ScenarioLoader.parse(Self.world, file: "cases/line.yaml")
        #expect(described.fileLine == "Scenario `cases/line.yaml` (the file's description: “3 servers of 94 requests/s each”).")
        let bare = try ScenarioLoader.parse(Self.world.replacingOccurrences(of: "description: 3 servers of 94 requests/s each\n", with: ""), file: "cases/line.yaml")
        #expect(bare.fileLine == "Scenario `cases/line.yaml`.")
    }

    @Test func seed004sPoolIsNamedFromItsSettings() {
        #expect(KeepaliveComparison.seed004Settings == "64/100/60s")
        #expect(KeepaliveComparison.seed004Variant == "seed 004: 64/100/60s")
        #expect(KeepaliveExperiment.summary.contains("seed 004's 64/100/60s, "))
    }
}
