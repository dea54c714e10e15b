import Testing
@testable import Simulator

struct ServerIDMapTests {
    @Test(arguments: [0, 1, 7, ServerIDMap<Int>.denseLimit - 1, ServerIDMap<Int>.denseLimit, 1 << 40, -1, Int.min, Int.max])
    func anIdKeepsItsValueUntilRemovedWhereverItIsKept(id: Int) {
        var map = ServerIDMap<Int>()
        #expect(map[id] == nil)
        #expect(map[id, default: 5] == 5)
        map[id] = 3
        map[id, default: 0] += 4
        #expect(map[id] == 7)
        // Its neighbours are untouched.
        if id > Int.min { #expect(map[id - 1] == nil) }
        if id < Int.max { #expect(map[id + 1] == nil) }
        map[id] = nil
        #expect(map[id] == nil)
        #expect(map[id, default: 0] == 0)
    }

    @Test func removingAnIdNeverSetAllocatesNothing() {
        var map = ServerIDMap<Double>()
        map[ServerIDMap<Double>.denseLimit - 1] = nil
        map[3] = 1.5
        map[2_000] = nil
        #expect(map[3] == 1.5 && map[2_000] == nil && map[4] == nil)
    }

    /// `update` visits the admitted servers in their order, starts each from its value or the
    /// default, and keeps what it leaves, for ids in the array and in the dictionary alike.
    @Test func updateChangesTheAdmittedServersInOrder() {
        let ids = [9, ServerIDMap<Int>.denseLimit + 3, 2, -4, 5]
        let servers = ids.map { UpstreamCandidate(serverID: $0) }
        var map = ServerIDMap<Int>()
        map[2] = 100
        map[-4] = 40
        var visited: [Int] = []
        map.update(servers, where: { $0 != 4 }, default: 7) { index, value in
            visited.append(index)
            value += index * 10
        }
        #expect(visited == [0, 1, 2, 3])
        #expect(map[9] == 7 && map[ServerIDMap<Int>.denseLimit + 3] == 17 && map[2] == 120 && map[-4] == 70)
        // Not admitted: no value, and none made up by covering its id.
        #expect(map[5] == nil && map[8] == nil)
    }

    /// Smooth weighted round robin picks the same servers whether their ids are kept in the
    /// array or in the dictionary.
    @Test func aStrategyPicksAlikeOverSmallAndLargeIds() {
        let weights = [5, 1, 3, 2]
        let small = candidates(active: [0, 0, 0, 0], weights: weights)
        let offset = ServerIDMap<Double>.denseLimit - 2
        let large = small.map { candidate in
            var moved = candidate
            moved.serverID += offset
            return moved
        }
        var a = SmoothWeightedRoundRobinStrategy(), b = SmoothWeightedRoundRobinStrategy()
        let fromSmall = picks(&a, small, count: 55)
        let fromLarge = picks(&b, large, count: 55).map { $0 - offset }
        #expect(fromSmall == fromLarge)
        // Worked out by hand: current weights +5, +1, +3, +2 per pick, the winner -11.
        #expect(fromSmall.prefix(11) == [1, 3, 4, 1, 2, 1, 3, 1, 4, 3, 1])
    }
}
