import Testing

@testable import Simulator

// With the assignment's defaults and N = 3 the virtual servers hold slots 26 … 114 (see
// ConsistentHashMapTests); every slot after 114 wraps round to slot 26, which is server 1's.
struct ConsistentHashMapLookupTests {
    @Test(arguments: [
        // (request id, H(Rid) mod 512, server)
        (UInt64(100_000), 337, 1),  // past the last virtual server (114): wraps to slot 26
        (100_004, 105, 1),  // next virtual server clockwise is server 1's at 106
        (100_007, 80, 3),  // next is server 3's at 82
        (100_027, 32, 2),  // lands exactly on server 2's virtual server at 32
        (100_086, 97, 3),  // lands exactly on server 3's virtual server at 97
        (100_089, 52, 2),  // next is server 2's at 53
        (100_090, 41, 1),  // lands exactly on server 1's virtual server at 41
        (999_999, 16, 1),  // before the first virtual server: served by server 1's at 26
    ])
    func assignmentRequestsGoToTheFirstVirtualServerClockwise(requestID: UInt64, slot: Int, server: Int) throws {
        let map = try ConsistentHashMap(serverCount: 3)
        #expect(map.slot(forRequest: requestID) == slot)
        #expect(map.server(forRequest: requestID) == server)
        #expect(map.node(for: requestID) == server)
    }

    /// `H(i) = i` makes request `r` land on slot `r`, so routing around probed slots can be checked
    /// slot by slot.
    static let identity = ConsistentHashMap.Configuration(requestHash: .polynomial(iSquared: 0, i: 1, constant: 0))

    @Test(arguments: [
        (UInt64(29), 1),  // server 1's j = 1 sits on its home slot 29
        (30, 2),  // server 2's j = 0 wanted 29 and probed to 30
        (31, 2),  // free; next is server 2's at 32
        (33, 1),  // free; next is server 1's at 34
        (34, 1),  // server 1's j = 2
        (35, 3),  // server 3's j = 0 wanted 34 and probed to 35
        (36, 2),  // free; next is server 2's at 37, which server 3's j = 1 had to probe past
        (38, 3),  // server 3's j = 1, probed from 37
        (114, 3),  // the last virtual server on the circle
        (115, 1),  // wraps round to slot 26
        (511, 1),
        (0, 1),
        (542, 2),  // 542 mod 512 = 30
    ])
    func requestsRouteAroundProbedSlots(requestID: UInt64, server: Int) throws {
        let map = try ConsistentHashMap(serverCount: 3, configuration: Self.identity)
        #expect(map.server(forRequest: requestID) == server)
    }

    @Test
    func slotRoutingAgreesWithRequestRouting() throws {
        let map = try ConsistentHashMap(serverCount: 3, configuration: Self.identity)
        for slot in 0..<512 {
            #expect(map.server(servingSlot: slot) == map.server(forRequest: UInt64(slot)))
        }
    }

    @Test
    func anEmptyMapRoutesNothing() throws {
        let map = try ConsistentHashMap()
        #expect(map.server(forRequest: 123_456) == nil)
        #expect(map.server(servingSlot: 0) == nil)
        #expect(map.slot(forRequest: 123_456) == 145)
    }

    @Test
    func assignmentRangeSendsEightyFourPercentOfRequestsToServer1() throws {
        // Experiment A-1's skew in full: every one of the 900,000 six-digit request ids.
        let map = try ConsistentHashMap(serverCount: 3)
        var counts = [1: 0, 2: 0, 3: 0]
        for requestID in UInt64(100_000)...999_999 {
            counts[map.server(forRequest: requestID)!, default: 0] += 1
        }
        #expect(counts == [1: 759_374, 2: 42_187, 3: 98_439])
    }
}
