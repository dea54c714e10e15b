import Testing
@testable import Scenarios

/// A `zones.pairs` entry covers both directions between its two zones; a second entry for the
/// same two, in either order, silently replaced the first. It is refused at the second, as a
/// repeated `network.links` entry is.
struct ZonesPairRepeatTests {
    static func world(_ pairs: String) -> String {
        """
        run: {duration: 5s}
        zones: {list: [{name: z0}, {name: z1}, {name: z2}], pairs: \(pairs)}
        servers: [{name: s, zone: z1}]
        balancer: {strategy: round_robin}
        workload: {type: closed_loop, users: 2}
        """
    }

    @Test(arguments: [
        ("[{zones: [z0, z1], latency: 1ms}, {zones: [z0, z1], latency: 50ms}]", "z0' and 'z1"),
        ("[{zones: [z0, z1], latency: 1ms}, {zones: [z1, z0], latency: 50ms}]", "z1' and 'z0"),
    ])
    func theSecondEntryForAPairIsRefused(pairs: String, named: String) {
        #expect(loadError(Self.world(pairs), file: "z.yaml")?.description
            == "z.yaml:2:94: error: the pair of zones '\(named)' is given twice (entries 1 and 2); one entry per pair, which covers both directions (at zones.pairs.[1])")
    }

    @Test func pairsSharingOneZoneLoad() throws {
        let scenario = try ScenarioLoader.parse(Self.world("[{zones: [z0, z1], latency: 1ms}, {zones: [z1, z2], latency: 2ms}, {zones: [z2, z0], latency: 3ms}]"), file: "z.yaml")
        #expect(scenario.zones?.pairs.map { [$0.first, $0.second] } == [[0, 1], [1, 2], [2, 0]])
    }
}
