import Testing
@testable import Simulator

struct HashingStrategyTests {
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

    /// nginx's fallback after 20 rehashes is its weighted round robin: with the heaviest server
    /// down, almost every client falls back (the walk lands on it 21 times in a row for ~98 %),
    /// and the two left share the fallback 1 : 9 by weight, not 1 : 1 as a plain rotation did.
    @Test func ipHashFallsBackToWeightedRoundRobin() {
        var strategy = IPHashStrategy()
        let servers = candidates(active: [0, 0, 0], weights: [1, 9, 10_000], ineligible: [3])
        let chosen = (1...1_000).map { picks(&strategy, servers, count: 1, client: NodeID("client-\($0)"))[0] }
        let light = chosen.filter { $0 == 1 }.count, heavy = chosen.filter { $0 == 2 }.count
        #expect(light + heavy == 1_000)
        #expect((80...120).contains(light), "\(light) of 1,000 on the server of weight 1")
    }

    /// A weight is a count of ring points (160 a unit, as nginx's `hash … consistent`): weights
    /// 3 and 1 split the keys about 3 : 1 (they split them evenly), and a heavier server keeps
    /// every key its first 160 points held.
    @Test func consistentHashGivesAServerPointsByItsWeight() throws {
        var weighted = try ConsistentHashStrategy()
        try weighted.serverAdded(1, hostname: "a", weight: 3)
        try weighted.serverAdded(2, hostname: "b", weight: 1)
        var even = try ConsistentHashStrategy()
        for id in 1...2 { try even.serverAdded(id, hostname: "s\(id)", weight: 1) }
        var random = SeededRandom(seed: 1)
        let servers = candidates(active: [0, 0], weights: [3, 1])
        var onFirst = 0
        for key in 0..<20_000 {
            let request = Request(id: UInt64(key), key: UInt64(key) &* 0x9E37_79B9_7F4A_7C15, client: "c")
            let chosen = weighted.pick(request, from: servers, random: &random)
            if chosen == 1 { onFirst += 1 }
            if even.pick(request, from: candidates(active: [0, 0]), random: &random) == 1 { #expect(chosen == 1) }
        }
        #expect((14_000...16_000).contains(onFirst), "\(onFirst) of 20,000 keys on the server of weight 3")
        var ring = try HashRing()
        #expect(throws: PlacementError.self) { try ring.add(node: 1, weight: 10_001) }
        try ring.add(node: 1, weight: 10_000)
        #expect(throws: PlacementError.self) { try ring.add(node: 2, weight: 1) }
    }

    /// With weights the bounded-loads cap is shared by weight: a server of weight w may hold
    /// ⌈c · (A + 1) · w / W⌉ — a hot key fills the heavy server three times as far.
    @Test func boundedLoadsScaleEachServersCapByItsWeight() throws {
        var strategy = try ConsistentHashStrategy(balanceFactor: 1.25)
        let weights: [Int] = [3, 1, 1, 1]
        for id in 1...4 { try strategy.serverAdded(id, hostname: "s\(id)", weight: weights[id - 1]) }
        var random = SeededRandom(seed: 1)
        var active = [0, 0, 0, 0]
        for index in 0..<600 {
            let total = active.reduce(0, +)
            let chosen = strategy.pick(Request(id: UInt64(index), key: 42, client: "c"), from: candidates(active: active, weights: weights), random: &random)!
            let cap: Double = (1.25 * Double(total + 1) * Double(weights[chosen - 1]) / 6).rounded(.up)
            #expect(active[chosen - 1] < Int(cap))
            active[chosen - 1] += 1
        }
        // A light server holds at most ⌈1.25 · 600 / 6⌉ = 126; the heavy one more than any may.
        #expect(active[1...].allSatisfy { $0 <= 126 } && active[0] > 126, "\(active)")
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
