import Testing

@testable import Simulator

struct ConsistentHashMapProbingTests {
    /// Every virtual server of server 1 has home slot 0, so collisions are forced.
    static let everyoneAtSlotZero = VirtualServerHash.polynomial(iSquared: 0, i: 0, jSquared: 0, j: 0, constant: 0)

    @Test
    func withFourServersQuadraticProbingJumpsBySquaresWhereLinearStepsByOne() throws {
        let linear = try ConsistentHashMap(serverCount: 4)
        let quadratic = try ConsistentHashMap(serverCount: 4, configuration: .init(probing: .quadratic))
        // Homes of server 4: 41 44 49 56 65 76 89 104 121.
        #expect(linear.slots(ofServer: 4) == [43, 45, 51, 56, 65, 76, 90, 104, 121])
        // j = 0: 41 (server 1), 42 (server 3), then 41 + 2² = 45.
        // j = 2: 49, 50, 53, 58 are taken, then 49 + 4² = 65; j = 4 then finds 65 taken and takes 66.
        #expect(quadratic.slots(ofServer: 4) == [45, 48, 65, 56, 66, 76, 90, 104, 121])
        #expect(quadratic.placements.first { $0.virtualServer == .init(serverID: 4, index: 2) }?.probes == 4)
        for server in 1...3 {
            #expect(quadratic.slots(ofServer: server) == linear.slots(ofServer: server))
        }
        try quadratic.checkInvariants()
    }

    @Test
    func quadraticProbingThatFindsNoSlotInMProbesIsAnErrorAndChangesNothing() throws {
        // Squares modulo 8 are 0, 1 and 4: from slot 0 only slots 0, 1 and 4 are ever tried, so the
        // fourth virtual server finds nothing although five slots are free.
        var map = try ConsistentHashMap(configuration: .init(
            slotCount: 8, virtualServersPerServer: 4, virtualServerHash: Self.everyoneAtSlotZero, probing: .quadratic))
        #expect(throws: PlacementError.probingExhausted(serverID: 1, virtualIndex: 3, homeSlot: 0, probes: 8)) {
            try map.addServer(id: 1, hostname: "Server 1")
        }
        #expect(map.servers.isEmpty)
        #expect(map.placements.isEmpty)
        try map.checkInvariants()
    }

    @Test
    func quadraticProbingSucceedsWhileSquareOffsetsAreFree() throws {
        let map = try ConsistentHashMap(serverCount: 1, configuration: .init(
            slotCount: 8, virtualServersPerServer: 3, virtualServerHash: Self.everyoneAtSlotZero, probing: .quadratic))
        #expect(map.slots(ofServer: 1) == [0, 1, 4])
    }

    @Test
    func linearProbingWrapsPastTheLastSlot() throws {
        let map = try ConsistentHashMap(serverCount: 1, configuration: .init(
            slotCount: 8, virtualServersPerServer: 3,
            virtualServerHash: .polynomial(iSquared: 0, i: 0, jSquared: 0, j: 0, constant: 7)))
        #expect(map.slots(ofServer: 1) == [7, 0, 1])
        try map.checkInvariants()
    }

    @Test(arguments: [(ConsistentHashMap.Probing.linear, [3, 4, 5, 6, 7, 0]), (.quadratic, [3, 4, 7, 4, 3, 4])])
    func probeSequencesFollowTheirRule(probing: ConsistentHashMap.Probing, expected: [Int]) {
        #expect((0..<6).map { probing.slot(home: 3, attempt: $0, slotCount: 8) } == expected)
    }

    @Test
    func probingRulesAreNamedForScenarioFiles() {
        #expect(ConsistentHashMap.Probing(rawValue: "quadratic") == .quadratic)
        #expect(ConsistentHashMap.Probing.allCases.map(\.rawValue) == ["linear", "quadratic"])
    }
}
