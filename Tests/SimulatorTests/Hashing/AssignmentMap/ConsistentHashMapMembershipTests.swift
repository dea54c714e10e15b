import PropertyBased
import Testing

@testable import Simulator

// Virtual servers never move once placed, so changes are minimally disruptive however the map is
// configured. What does not hold is that the map is a function of its set of servers: it depends
// on the order of additions and removals.
struct ConsistentHashMapMembershipTests {
    /// Random sizes, virtual-server hashes and probing rules, so that collisions and probing are
    /// common; the slot count stays large enough for twelve servers.
    static var configurations: Generator<ConsistentHashMap.Configuration, some SendableSequenceType> {
        zip(
            Gen.int(in: 128...1_024),
            Gen.int(in: 0...2),
            Gen<ConsistentHashMap.Probing>.case
        ).map { slotCount, hashChoice, probing in
            ConsistentHashMap.Configuration(
                slotCount: slotCount,
                virtualServerHash: [VirtualServerHash.assignment, .murmur3, .fnv1a][hashChoice],
                probing: probing)
        }
    }

    /// Builds a map in the given order, or `nil` when quadratic probing cannot place a server.
    static func map(_ ids: [Int], _ configuration: ConsistentHashMap.Configuration) -> ConsistentHashMap? {
        var map = try? ConsistentHashMap(configuration: configuration)
        for id in ids {
            guard (try? map?.add(node: id)) != nil else { return nil }
        }
        return map
    }

    static func routes(_ map: ConsistentHashMap) -> [Int?] {
        (0..<map.configuration.slotCount).map { map.server(servingSlot: $0) }
    }

    @Test
    func removingAServerMovesOnlyItsRequests() async {
        await propertyCheck(input: PlacementGen.nodeIDs, Self.configurations, PlacementGen.pick) { ids, configuration, pick in
            guard let before = Self.map(ids, configuration) else { return }
            let removed = ids[pick % ids.count]
            var after = before
            try after.removeServer(id: removed)
            for (old, new) in zip(Self.routes(before), Self.routes(after)) where old != new {
                #expect(old == removed)
            }
            try after.checkInvariants()
        }
    }

    @Test
    func addingAServerMovesRequestsOnlyToIt() async {
        await propertyCheck(input: PlacementGen.nodeIDs, Self.configurations) { ids, configuration in
            guard let before = Self.map(Array(ids.dropLast()), configuration) else { return }
            var after = before
            guard (try? after.add(node: ids.last!)) != nil else { return }
            for (old, new) in zip(Self.routes(before), Self.routes(after)) where old != new {
                #expect(new == ids.last)
            }
            try after.checkInvariants()
        }
    }

    @Test
    func removingAndReaddingAServerRestoresTheMap() async {
        // Its old slots are free again, and every slot it probed past is still taken by a server
        // that was there first, so each of its virtual servers probes to the same slot.
        await propertyCheck(input: PlacementGen.nodeIDs, Self.configurations, PlacementGen.pick) { ids, configuration, pick in
            guard let original = Self.map(ids, configuration) else { return }
            let server = original.servers[pick % ids.count]
            var map = original
            try map.removeServer(id: server.id)
            try map.addServer(id: server.id, hostname: server.hostname)
            #expect(map.occupiedSlots == original.occupiedSlots)
            #expect(Self.routes(map) == Self.routes(original))
        }
    }

    @Test
    func removingAServerIsNotTheSameAsBuildingTheMapWithoutIt() throws {
        var removed = try ConsistentHashMap(serverCount: 3)
        try removed.removeServer(id: 1)
        var rebuilt = try ConsistentHashMap()
        try rebuilt.addServer(id: 2, hostname: "Server 2")
        try rebuilt.addServer(id: 3, hostname: "Server 3")

        // Server 3's j = 0 probed from 34 to 35 past server 1; rebuilt without server 1 it sits on 34.
        #expect(removed.slots(ofServer: 3).first == 35)
        #expect(rebuilt.slots(ofServer: 3).first == 34)
        // So a balancer that rebuilt its map on removal would move slot 35 from server 3, which
        // stayed, to server 2. (Slot 35 is not a square plus 16, so no six-digit request lands on it.)
        #expect(removed.server(servingSlot: 35) == 3)
        #expect(rebuilt.server(servingSlot: 35) == 2)
    }

    @Test
    func theMapDependsOnTheOrderServersWereAddedIn() throws {
        var reversed = try ConsistentHashMap()
        for id in [3, 2, 1] {
            try reversed.add(node: id)
        }
        // Added first, server 3 keeps its home slots 34 and 37 and servers 1 and 2 probe instead.
        #expect(reversed.slots(ofServer: 3).prefix(2) == [34, 37])
        #expect(reversed.slots(ofServer: 1).prefix(3) == [26, 30, 35])
        #expect(reversed.slots(ofServer: 2).prefix(3) == [29, 32, 38])
    }
}
