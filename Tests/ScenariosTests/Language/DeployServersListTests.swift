import Testing
@testable import Scenarios

/// `deploy.servers` lists 1 to 1,000 servers: an empty list deployed to every server, as a
/// missing one does, while the schema says at least one.
struct DeployServersListTests {
    static func world(_ servers: String) -> String {
        """
        run: {duration: 60s}
        servers: [{name: s, count: 3}]
        balancer: {strategy: round_robin}
        workload: {type: closed_loop, users: 2}
        deploy: {at: 1s, servers: \(servers)}
        """
    }

    @Test func anEmptyListIsRefusedAtTheList() {
        #expect(loadError(Self.world("[]"), file: "d.yaml")?.description
            == "d.yaml:5:27: error: 'servers' lists 1 to 1,000 servers to deploy to; leave it out to deploy to every server behind the balancer (at deploy.servers)")
    }

    @Test func oneServerIsEnough() throws {
        let scenario = try ScenarioLoader.parse(Self.world("[s2]"), file: "d.yaml")
        #expect(scenario.deployment?.servers == ["s2"])
    }
}
