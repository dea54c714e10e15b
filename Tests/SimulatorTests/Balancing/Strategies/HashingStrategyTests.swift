import Testing
@testable import Simulator

@Suite struct HashingStrategyTests {
    @Test func ipHashKeepsEachClientOnOneServer() {
        var strategy = IPHashStrategy()
        let servers = candidates(active: [0, 0, 0])
        var servedBy: [String: Set<Int>] = [:]
        for client in 1...200 {
            let name = "client-\(client)"
            servedBy[name] = Set(picks(&strategy, servers, count: 5, client: NodeID(name)))
        }
        #expect(servedBy.values.allSatisfy { $0.count == 1 })
        let spread = Set(servedBy.values.map { $0.first! })
        #expect(spread == [1, 2, 3], "200 clients reach every server")
    }

    @Test func ipHashMovesOnlyTheClientsOfAServerThatGoesDown() {
        var strategy = IPHashStrategy()
        let before = (1...300).map { picks(&strategy, candidates(active: [0, 0, 0]), count: 1, client: NodeID("client-\($0)"))[0] }
        let after = (1...300).map { picks(&strategy, candidates(active: [0, 0, 0], ineligible: [2]), count: 1, client: NodeID("client-\($0)"))[0] }
        for (old, new) in zip(before, after) {
            if old == 2 { #expect(new != 2) } else { #expect(new == old) }
        }
    }

    @Test func consistentHashSendsAKeyToTheSameServerAndWalksOnPastAnIneligibleOne() throws {
        var strategy = try ConsistentHashStrategy()
        for id in 1...4 { try strategy.serverAdded(id, hostname: "s\(id)", weight: 1) }
        var random = SeededRandom(seed: 1)
        let request = Request(id: 1, key: 123_456, client: "c")
        let home = strategy.pick(request, from: candidates(active: [0, 0, 0, 0]), random: &random)!
        #expect(strategy.pick(request, from: candidates(active: [5, 5, 5, 5]), random: &random) == home)
        let moved = strategy.pick(request, from: candidates(active: [0, 0, 0, 0], ineligible: [home]), random: &random)
        #expect(moved != nil && moved != home)
    }

    @Test func consistentHashWithBoundedLoadsNeverExceedsItsCapacity() throws {
        var strategy = try ConsistentHashStrategy(balanceFactor: 1.25)
        for id in 1...4 { try strategy.serverAdded(id, hostname: "s\(id)", weight: 1) }
        var random = SeededRandom(seed: 1)
        var active = [0, 0, 0, 0]
        // Every request carries the same hot key: plain hashing would put all of them on one server.
        for index in 0..<400 {
            let total = active.reduce(0, +)
            let capacity = Int((1.25 * Double(total + 1) / 4).rounded(.up))
            let chosen = strategy.pick(Request(id: UInt64(index), key: 42, client: "c"), from: candidates(active: active), random: &random)!
            #expect(active[chosen - 1] < capacity)
            active[chosen - 1] += 1
        }
        #expect(active.max()! <= Int((1.25 * 400 / 4).rounded(.up)))
    }

    /// A balance factor so large that no capacity fits in an `Int` bounds nothing: the hot key
    /// stays on its server (the capacity's conversion trapped).
    @Test func aHugeBalanceFactorBoundsNothing() throws {
        var strategy = try ConsistentHashStrategy(balanceFactor: 1e308)
        for id in 1...4 { try strategy.serverAdded(id, hostname: "s\(id)", weight: 1) }
        var random = SeededRandom(seed: 1)
        var active = [0, 0, 0, 0]
        let first = strategy.pick(Request(id: 0, key: 42, client: "c"), from: candidates(active: active), random: &random)!
        for index in 0..<100 {
            let chosen = strategy.pick(Request(id: UInt64(index), key: 42, client: "c"), from: candidates(active: active), random: &random)
            #expect(chosen == first)
            active[first - 1] += 1
        }
    }

    @Test func placementStrategyRoutesExactlyAsTheAssignmentsMap() throws {
        let map = try ConsistentHashMap(serverCount: 3, configuration: .assignment)
        var strategy = PlacementStrategy(.assignment(try ConsistentHashMap(configuration: .assignment)))
        for id in 1...3 { try strategy.serverAdded(id, hostname: "Server \(id)", weight: 1) }
        var random = SeededRandom(seed: 1)
        for key in stride(from: UInt64(100_000), to: 101_000, by: 7) {
            #expect(strategy.pick(Request(id: key, key: key, client: "c"), from: candidates(active: [0, 0, 0]), random: &random) == map.server(forRequest: key))
        }
    }

    @Test func everyNamedStrategyKindMakesAStrategyOfThatName() throws {
        let kinds: [BalancingStrategyKind] = [.roundRobin, .weightedRoundRobin, .leastConnections, .random, .leastRequest, .healthBased, .ipHash,
                                              .consistentHash(key: .request, balanceFactor: nil), .consistentHash(key: .client, balanceFactor: 1.5)]
        #expect(kinds.map(\.name) == BalancingStrategyKind.names)
        for kind in kinds { #expect(try kind.makeStrategy().name == kind.name) }
        #expect(throws: PlacementError.self) { try BalancingStrategyKind.consistentHash(key: .request, balanceFactor: 1).makeStrategy() }
    }
}
