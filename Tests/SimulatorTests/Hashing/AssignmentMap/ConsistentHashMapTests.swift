import Testing

@testable import Simulator

// The expected slots were computed by hand from Φ(i, j) = i² + j² + 2j + 25 = (j + 1)² + i² + 24
// and cross-checked with a ten-line Python transcription of the assignment.
struct ConsistentHashMapTests {
    static let assignmentSlots: [(server: Int, slots: [Int])] = [
        (1, [26, 29, 34, 41, 50, 61, 74, 89, 106]),
        (2, [30, 32, 37, 44, 53, 64, 77, 92, 109]),
        (3, [35, 38, 42, 49, 58, 69, 82, 97, 114]),
    ]

    @Test(arguments: assignmentSlots)
    func assignmentDefaultsPlaceEveryVirtualServerOnItsHandComputedSlot(server: Int, slots: [Int]) throws {
        let map = try ConsistentHashMap(serverCount: 3)
        #expect(map.slots(ofServer: server) == slots)
        try map.checkInvariants()
    }

    @Test
    func laterVirtualServersProbeOnePastTakenHomeSlots() throws {
        let map = try ConsistentHashMap(serverCount: 3)
        let probed = map.placements.filter { $0.probes > 0 }
        #expect(probed == [
            .init(virtualServer: .init(serverID: 2, index: 0), homeSlot: 29, slot: 30, probes: 1),
            .init(virtualServer: .init(serverID: 3, index: 0), homeSlot: 34, slot: 35, probes: 1),
            .init(virtualServer: .init(serverID: 3, index: 1), homeSlot: 37, slot: 38, probes: 1),
        ])
    }

    @Test
    func assignmentDefaultsAreFiveHundredTwelveSlotsAndNineVirtualServers() {
        let configuration = ConsistentHashMap.Configuration.assignment
        #expect(configuration.slotCount == 512)
        #expect(configuration.virtualServersPerServer == 9)
        #expect(configuration.requestHash == .assignment)
        #expect(configuration.virtualServerHash == .assignment)
        #expect(configuration.probing == .linear)
    }

    @Test(arguments: [(512, 9), (1024, 10), (1000, 9), (2, 1), (1, 1)])
    func virtualServersDefaultToLog2OfTheSlotCount(slotCount: Int, expected: Int) {
        #expect(ConsistentHashMap.Configuration(slotCount: slotCount).virtualServersPerServer == expected)
    }

    @Test
    func serversKeepTheirIdsAndHostnamesInInsertionOrder() throws {
        var map = try ConsistentHashMap()
        try map.addServer(id: 7, hostname: "S7")
        try map.addServer(id: 2, hostname: "S2")
        #expect(map.servers == [.init(id: 7, hostname: "S7"), .init(id: 2, hostname: "S2")])
        #expect(map.nodes == [7, 2])
    }

    @Test
    func aFullMapIsAnErrorAndLeavesTheMapUnchanged() throws {
        var map = try ConsistentHashMap(
            serverCount: 4, configuration: .init(slotCount: 16, virtualServersPerServer: 4))
        let before = map.placements
        #expect(throws: PlacementError.mapFull(slotCount: 16, occupied: 16, needed: 4)) {
            try map.addServer(id: 5, hostname: "Server 5")
        }
        #expect(map.placements == before)
        #expect(map.servers.count == 4)
        try map.checkInvariants()
    }

    @Test
    func assignmentMapHoldsFiftySixServersButNotFiftySeven() throws {
        // 56 · 9 = 504 ≤ 512 < 513 = 57 · 9.
        #expect(try ConsistentHashMap(serverCount: 56).placements.count == 504)
        #expect(throws: PlacementError.mapFull(slotCount: 512, occupied: 504, needed: 9)) {
            try ConsistentHashMap(serverCount: 57)
        }
    }

    @Test
    func duplicateIdsAndHostnamesAreRejected() throws {
        var map = try ConsistentHashMap(serverCount: 2)
        #expect(throws: PlacementError.duplicateNode(1)) { try map.addServer(id: 1, hostname: "other") }
        #expect(throws: PlacementError.duplicateHostname("Server 2")) { try map.addServer(id: 9, hostname: "Server 2") }
        #expect(throws: PlacementError.unknownNode(3)) { try map.removeServer(id: 3) }
        #expect(map.servers.count == 2)
    }

    @Test(arguments: [
        ConsistentHashMap.Configuration(slotCount: 0),
        ConsistentHashMap.Configuration(slotCount: -5),
        ConsistentHashMap.Configuration(slotCount: (1 << 30) + 1),
        ConsistentHashMap.Configuration(virtualServersPerServer: 0),
    ])
    func impossibleSizesAreRejected(configuration: ConsistentHashMap.Configuration) {
        #expect {
            try ConsistentHashMap(configuration: configuration)
        } throws: { error in
            if case .invalidConfiguration = error as? PlacementError { return true }
            return false
        }
    }

    @Test
    func removingAServerFreesItsSlotsAndLeavesTheOthersWhereTheyProbedTo() throws {
        var map = try ConsistentHashMap(serverCount: 3)
        try map.removeServer(id: 1)
        #expect(map.slots(ofServer: 1) == [])
        #expect(map.slots(ofServer: 2) == Self.assignmentSlots[1].slots)
        #expect(map.slots(ofServer: 3) == Self.assignmentSlots[2].slots)
        for slot in Self.assignmentSlots[0].slots {
            #expect(map.occupant(ofSlot: slot) == nil)
        }
        try map.checkInvariants()
    }

    @Test
    func removingTheLastServerLeavesAnEmptyMapThatRoutesNothing() throws {
        var map = try ConsistentHashMap(serverCount: 1)
        try map.removeServer(id: 1)
        #expect(map.server(forRequest: 123_456) == nil)
        #expect(map.placements.isEmpty)
        try map.checkInvariants()
    }

    @Test
    func errorsExplainThemselves() {
        #expect(PlacementError.mapFull(slotCount: 512, occupied: 504, needed: 9).description
            == "the hash map is full: a server needs 9 free slots but only 8 of 512 are free")
        #expect(PlacementError.probingExhausted(serverID: 1, virtualIndex: 3, homeSlot: 0, probes: 8).description
            == "no free slot for virtual server 3 of server 1: 8 probes from home slot 0 found none")
    }
}
