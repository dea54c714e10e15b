import PropertyBased
import Testing

@testable import Simulator

/// The naive `nodes[key mod n]` placement, the textbook example of what consistent hashing avoids:
/// changing `n` reshuffles almost every key, and its movements are easy to count by hand.
private struct ModuloPlacement: KeyPlacement {
    var nodes: [Int]

    mutating func add(node: Int) throws(PlacementError) {
        guard !nodes.contains(node) else { throw .duplicateNode(node) }
        nodes.append(node)
    }

    mutating func remove(node: Int) throws(PlacementError) {
        guard let position = nodes.firstIndex(of: node) else { throw .unknownNode(node) }
        nodes.remove(at: position)
    }

    func node(for key: UInt64) -> Int? {
        nodes.isEmpty ? nil : nodes[Int(key % UInt64(nodes.count))]
    }
}

struct KeyMovementTests {
    /// One placement of each kind on nodes 1 … 5.
    private static func everyPlacement() throws -> [any KeyPlacement] {
        [try HashRing(nodes: 1...5), try JumpHashPlacement(nodes: 1...5), try MaglevTable(nodes: 1...5),
         try RendezvousHash(nodes: 1...5), try BoundedLoadRing(nodes: 1...5), try ConsistentHashMap(serverCount: 5),
         ModuloPlacement(nodes: [1, 2, 3, 4, 5])]
    }

    /// Looking keys up through their positions finds exactly the nodes looking them up finds, for
    /// every kind of placement, empty or not (every key then gets the caller's `noNode`), and at
    /// the very end of `UInt64`.
    @Test(arguments: [UInt64(7)...7, 100_000...104_096, UInt64.max - 4_000...UInt64.max])
    func lookingUpPositionsFindsWhatLookingUpKeysFinds(keys: ClosedRange<UInt64>) throws {
        var checked = 0
        for placement in try Self.everyPlacement() {
            var emptied = placement
            for node in placement.nodes { try emptied.remove(node: node) }
            for candidate in [placement, emptied] {
                let noNode = -7
                var positions: [UInt64] = [99], nodes: [Int] = [42]
                candidate.positions(of: keys, into: &positions)
                candidate.lookUp(positions: positions, into: &nodes, noNode: noNode)
                #expect(positions.count == keys.count)
                #expect(nodes == keys.map { candidate.node(for: $0) ?? noNode }, "\(type(of: candidate)) with \(candidate.nodes.count) nodes")
                // Again into buffers that already hold as many elements: overwritten in place.
                let (firstPositions, firstNodes) = (positions, nodes)
                positions.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
                nodes.withUnsafeMutableBufferPointer { $0.update(repeating: -1) }
                candidate.positions(of: keys, into: &positions)
                candidate.lookUp(positions: positions, into: &nodes, noNode: noNode)
                #expect(nodes.allSatisfy { $0 == noNode } == candidate.nodes.isEmpty)
                #expect(positions == firstPositions && nodes == firstNodes)
                checked += 1
            }
            // Positions are the same whatever the nodes.
            var full: [UInt64] = [], empty: [UInt64] = []
            placement.positions(of: keys, into: &full)
            emptied.positions(of: keys, into: &empty)
            #expect(full == empty)
        }
        #expect(checked == 14)
    }

    /// A bounded-load ring with keys assigned, some of its nodes full, looks keys up through
    /// their positions exactly as one by one: assigned keys where they were put, the others
    /// past the full nodes.
    @Test
    func aBoundedLoadRingWithFullNodesLooksUpPositionsAsKeys() throws {
        var ring = try BoundedLoadRing(nodes: 1...4, epsilon: 0, virtualNodesPerNode: 8)
        for key in UInt64(0)..<1_000 { ring.assign(key) }
        ring.release(3)
        #expect(ring.capacity == 250)
        #expect((1...4).filter { ring.load(of: $0) >= ring.capacity }.count == 3)
        let keys: ClosedRange<UInt64> = 0...5_000
        var positions: [UInt64] = [], nodes: [Int] = []
        ring.positions(of: keys, into: &positions)
        ring.lookUp(positions: positions, into: &nodes, noNode: -1)
        #expect(nodes == keys.map { ring.node(for: $0) })
        // Unassigned keys all go to the one node with room.
        let open = try #require((1...4).first { ring.load(of: $0) < ring.capacity })
        #expect(nodes[1_000...].allSatisfy { $0 == open })
        #expect(nodes[3] == open && nodes[0] == ring.assignedNode(of: 0))
    }

    /// Measuring several changes in one pass gives exactly what measuring each alone gives.
    @Test
    func measuringChangesTogetherMatchesMeasuringEachAlone() throws {
        let keys: ClosedRange<UInt64> = 100_000...119_999
        for placement in try Self.everyPlacement() {
            let together = try KeyMovement.measuring([.added(node: 6), .removed(node: 1), .removed(node: 5)], of: placement, keys: keys)
            let alone = [try KeyMovement(adding: 6, to: placement, keys: keys), try KeyMovement(removing: 1, from: placement, keys: keys),
                         try KeyMovement(removing: 5, from: placement, keys: keys)]
            #expect(together == alone)
            #expect(together[0].movedKeys > 0 && together[1].keysOnChangedNode > 0)
        }
        #expect(throws: PlacementError.unknownNode(9)) {
            try KeyMovement.measuring([.added(node: 6), .removed(node: 9)], of: ModuloPlacement(nodes: [1, 2]), keys: keys)
        }
    }

    /// A range of keys is looked up a block at a time; it counts exactly what looking its keys up
    /// one by one counts, however the range falls on the blocks (one key, a block and one, the
    /// last keys of `UInt64`).
    @Test(arguments: [UInt64(7)...7, 100_000...104_096, 100_000...119_999, UInt64.max - 5_000...UInt64.max])
    func aRangeCountsWhatItsKeysOneByOneCount(keys: ClosedRange<UInt64>) throws {
        let ring = try HashRing(nodes: 1...5)
        var grown = ring
        try grown.add(node: 6)
        let byRange = KeyMovement(change: .added(node: 6), before: ring, after: grown, keys: keys)
        let byKey = KeyMovement(change: .added(node: 6), before: ring, after: grown, keys: Array(keys))
        #expect(byRange == byKey)
        #expect(byRange.keyCount == keys.count)
        #expect(try KeyMovement.measuring([.added(node: 6)], of: ring, keys: keys) == [byKey])
    }

    @Test
    func moduloPlacementGrowingFromThreeToFourNodesMovesNineOfTwelveKeys() throws {
        let placement = ModuloPlacement(nodes: [10, 20, 30])
        let movement = try KeyMovement(adding: 40, to: placement, keys: 0..<12)
        // k mod 3 == k mod 4 only for k = 0, 1, 2; node 40 gets k = 3, 7, 11.
        #expect(movement.change == .added(node: 40))
        #expect(movement.nodeCountBefore == 3)
        #expect(movement.keyCount == 12)
        #expect(movement.movedKeys == 9)
        #expect(movement.keysOnChangedNode == 3)
        #expect(movement.movedBetweenSurvivors == 6)
        #expect(movement.movedFraction == 0.75)
        #expect(movement.changedNodeShare == 0.25)
        #expect(movement.idealFraction == 0.25)
        #expect(movement.evenShare == 0.25)
        #expect(movement.movedBetweenSurvivorsFraction == 0.5)
        #expect(placement.nodes == [10, 20, 30], "the measured placement is a copy")
    }

    @Test
    func moduloPlacementLosingItsMiddleNodeMovesEightOfTwelveKeys() throws {
        let placement = ModuloPlacement(nodes: [10, 20, 30])
        let movement = try KeyMovement(removing: 20, from: placement, keys: 0..<12)
        // Before: 10 20 30 10 20 30 …; after: 10 30 10 30 …. Keys 1, 4, 7, 10 leave node 20;
        // keys 2, 3, 8, 9 change between 10 and 30 for no reason; 0, 5, 6, 11 stay.
        #expect(movement.change == .removed(node: 20))
        #expect(movement.movedKeys == 8)
        #expect(movement.keysOnChangedNode == 4)
        #expect(movement.movedBetweenSurvivors == 4)
        #expect(movement.idealFraction == 1.0 / 3)
        #expect(movement.evenShare == 1.0 / 3)
    }

    @Test
    func assignmentMapOfEightSlotsMovesOnlyTheHandCountedKeys() throws {
        // H(i) = i puts key k on slot k; Φ(i, j) = 2i puts servers 1, 2, 3 on slots 2, 4, 6.
        // Slots 0–2 and 7 route to server 1, 3–4 to server 2, 5–6 to server 3.
        let configuration = ConsistentHashMap.Configuration(
            slotCount: 8,
            virtualServersPerServer: 1,
            requestHash: .polynomial(iSquared: 0, i: 1, constant: 0),
            virtualServerHash: .polynomial(iSquared: 0, i: 2, jSquared: 0, j: 0, constant: 0))
        let map = try ConsistentHashMap(serverCount: 3, configuration: configuration)

        // Server 4 lands on slot 0 and takes slots 7 and 0 from server 1: a quarter, as it should.
        let growth = try KeyMovement(adding: 4, to: map, keys: 0..<8)
        #expect(growth.movedKeys == 2)
        #expect(growth.keysOnChangedNode == 2)
        #expect(growth.movedBetweenSurvivors == 0)
        #expect(growth.movedFraction == 0.25)
        #expect(growth.idealFraction == 0.25)

        // Server 2's slots 3 and 4 fall through to server 3; nothing else moves.
        let shrink = try KeyMovement(removing: 2, from: map, keys: 0..<8)
        #expect(shrink.movedKeys == 2)
        #expect(shrink.keysOnChangedNode == 2)
        #expect(shrink.movedBetweenSurvivors == 0)
        #expect(shrink.idealFraction == 0.25)
        #expect(shrink.evenShare == 1.0 / 3)
    }

    /// Keys are counted with an id that is no node's standing for "no node": nodes with the
    /// smallest ids there are count as any others, and emptying or filling such a placement still
    /// counts its keys as moved by the change, not between survivors.
    @Test
    func nodesWithTheSmallestIdsCountAsAnyOthers() throws {
        let smallest = ModuloPlacement(nodes: [Int.min, Int.min + 1, Int.min + 2])
        // As `moduloPlacementLosingItsMiddleNodeMovesEightOfTwelveKeys`, by range and by key.
        var after = smallest
        try after.remove(node: Int.min + 1)
        let byRange = KeyMovement(change: .removed(node: Int.min + 1), before: smallest, after: after, keys: UInt64(0)...11)
        let byKey = KeyMovement(change: .removed(node: Int.min + 1), before: smallest, after: after, keys: Array(UInt64(0)...11))
        for movement in [byRange, byKey] {
            #expect(movement.keyCount == 12)
            #expect(movement.movedKeys == 8)
            #expect(movement.keysOnChangedNode == 4)
            #expect(movement.movedBetweenSurvivors == 4)
        }
        let measured = try KeyMovement.measuring([.added(node: Int.min + 3), .removed(node: Int.min)], of: smallest, keys: 0...11)
        #expect(measured.map(\.movedKeys) == [9, 8])
        #expect(measured.map(\.keysOnChangedNode) == [3, 4])
        #expect(measured.map(\.movedBetweenSurvivors) == [6, 4])

        let first = try KeyMovement(adding: Int.min, to: ModuloPlacement(nodes: []), keys: UInt64(0)...99)
        #expect(first.movedKeys == 100)
        #expect(first.keysOnChangedNode == 100)
        #expect(first.movedBetweenSurvivors == 0)
        let last = try KeyMovement(removing: Int.min, from: ModuloPlacement(nodes: [Int.min]), keys: UInt64(0)...99)
        #expect(last.movedKeys == 100)
        #expect(last.keysOnChangedNode == 100)
        #expect(last.movedBetweenSurvivors == 0)
    }

    @Test
    func theFirstNodeTakesEveryKeyAndTheLastLeavesEveryKeyWithoutANode() throws {
        let empty = try RendezvousHash()
        let first = try KeyMovement(adding: 1, to: empty, keys: 0..<100)
        #expect(first.nodeCountBefore == 0)
        #expect(first.movedKeys == 100)
        #expect(first.movedBetweenSurvivors == 0)
        #expect(first.idealFraction == 1)

        let last = try KeyMovement(removing: 1, from: RendezvousHash(nodes: [1]), keys: 0..<100)
        #expect(last.movedKeys == 100)
        #expect(last.keysOnChangedNode == 100)
        #expect(last.movedBetweenSurvivors == 0)
        #expect(last.evenShare == 1)
    }

    @Test
    func noKeysGiveZeroFractions() throws {
        let movement = try KeyMovement(adding: 2, to: HashRing(nodes: [1]), keys: [UInt64]())
        #expect(movement.keyCount == 0)
        #expect(movement.movedFraction == 0)
        #expect(movement.changedNodeShare == 0)
        #expect(movement.idealFraction == 0.5)
    }

    @Test
    func invalidChangesThrowThePlacementsError() throws {
        let ring = try HashRing(nodes: [1, 2])
        #expect(throws: PlacementError.duplicateNode(2)) { try KeyMovement(adding: 2, to: ring, keys: 0..<10) }
        #expect(throws: PlacementError.unknownNode(3)) { try KeyMovement(removing: 3, from: ring, keys: 0..<10) }
    }

    @Test
    func minimallyDisruptivePlacementsNeverMoveKeysBetweenSurvivors() async {
        await propertyCheck(input: PlacementGen.nodeIDs, PlacementGen.keys, PlacementGen.pick) { nodes, keys, pick in
            let joining = nodes.max()! + 1
            let leaving = nodes[pick % nodes.count]
            var map = try ConsistentHashMap()
            for node in nodes {
                try map.add(node: node)
            }
            let jump = try JumpHashPlacement(nodes: nodes)
            let placements: [(name: String, placement: any KeyPlacement, leaving: Int)] = [
                ("ring", try HashRing(nodes: nodes), leaving),
                ("rendezvous", try RendezvousHash(nodes: nodes), leaving),
                ("assignment map", map, leaving),
                // Jump hash is minimal only when the last bucket goes.
                ("jump", jump, jump.nodes.last!),
            ]
            for (name, placement, leaving) in placements {
                let growth = try KeyMovement(adding: joining, to: placement, keys: keys)
                let shrink = try KeyMovement(removing: leaving, from: placement, keys: keys)
                #expect(growth.movedBetweenSurvivors == 0, "\(name)")
                #expect(growth.movedKeys == growth.keysOnChangedNode, "\(name)")
                #expect(shrink.movedBetweenSurvivors == 0, "\(name)")
                #expect(shrink.movedKeys == shrink.keysOnChangedNode, "\(name)")
            }
        }
    }

    @Test
    func maglevAndJumpWithoutItsLastNodeMoveKeysBetweenSurvivors() throws {
        let keys = UInt64(100_000)..<110_000
        let maglev = try MaglevTable(nodes: 1...5)
        #expect(try KeyMovement(adding: 6, to: maglev, keys: keys).movedBetweenSurvivors > 0)
        #expect(try KeyMovement(removing: 3, from: maglev, keys: keys).movedBetweenSurvivors > 0)
        // Node 5 takes over node 1's bucket, so node 5's own keys scatter over the others.
        let jump = try JumpHashPlacement(nodes: 1...5)
        let shrink = try KeyMovement(removing: 1, from: jump, keys: keys)
        #expect(shrink.movedBetweenSurvivors > 0)
        #expect(shrink.movedKeys > shrink.keysOnChangedNode)
    }
}
