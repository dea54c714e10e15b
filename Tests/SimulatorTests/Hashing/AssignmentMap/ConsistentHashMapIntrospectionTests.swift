import Testing

@testable import Simulator

struct ConsistentHashMapIntrospectionTests {
    @Test
    func sixDigitRequestIDsReachOnly87OfThe512Slots() throws {
        let map = try ConsistentHashMap(serverCount: 3)
        let reachable = map.reachableSlots(forRequestIDs: 100_000...999_999)
        // H(i) = (i + 1)² + 16, and a million consecutive ids cover every residue of i + 1, so the
        // reachable slots are exactly the squares modulo 512 shifted by 16.
        let squaresPlus16 = Set((0..<512).map { ($0 * $0 + 16) % 512 })
        #expect(reachable.count == 87)
        #expect(Set(reachable) == squaresPlus16)
        #expect(reachable == reachable.sorted())
        #expect(Array(reachable.prefix(8)) == [1, 9, 16, 17, 20, 25, 32, 33])
    }

    @Test
    func reachableSlotsOfFewerRequestsAreTheirDistinctSlots() throws {
        let map = try ConsistentHashMap()
        // H(0 … 3) = 17, 20, 25, 32.
        #expect(map.reachableSlots(forRequestIDs: 0...3) == [17, 20, 25, 32])
        #expect(map.reachableSlots(forRequestIDs: 511...512) == [16, 17])
    }

    @Test
    func occupiedSlotsListEveryVirtualServerInClockwiseOrder() throws {
        let map = try ConsistentHashMap(serverCount: 3)
        let occupied = map.occupiedSlots
        #expect(occupied.count == 27)
        #expect(occupied.map(\.slot) == ConsistentHashMapTests.assignmentSlots.flatMap(\.slots).sorted())
        #expect(occupied.first?.virtualServer == .init(serverID: 1, index: 0))
        #expect(occupied.last?.virtualServer == .init(serverID: 3, index: 8))
        for placement in occupied {
            #expect(map.occupant(ofSlot: placement.slot) == placement.virtualServer)
        }
    }

    @Test
    func everySlotOutsideTheVirtualServersSpanIsServer1s() throws {
        // Φ keeps the three servers inside slots 26 … 114, so the arc from 115 round to 26
        // (424 of 512 slots) belongs to server 1 alone.
        let map = try ConsistentHashMap(serverCount: 3)
        let server1Arc = Array(115..<512) + Array(0...26)
        #expect(server1Arc.allSatisfy { map.server(servingSlot: $0) == 1 })
        #expect(map.server(servingSlot: 27) == 1)
        #expect(map.server(servingSlot: 28) == 1)
    }
}
