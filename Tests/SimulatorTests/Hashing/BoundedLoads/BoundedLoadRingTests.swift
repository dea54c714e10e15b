import PropertyBased
import Testing

@testable import Simulator

struct BoundedLoadRingTests {
    static var epsilons: Generator<Double, some SendableSequenceType> {
        Gen.int(in: 0...3).map { [0, 0.1, 0.25, 1][$0] }
    }

    /// Up to 300 keys from a small range, so that some repeat.
    static var keySequences: Generator<[UInt64], some SendableSequenceType> {
        Gen.uint64(in: 0...200).array(of: 1...300)
    }

    /// The capacity that `m` assigned keys on `n` nodes imply, computed as the type does.
    static func capacity(epsilon: Double, keys m: Int, nodes n: Int) -> Int {
        Int(((1 + epsilon) * (Double(m) / Double(n))).rounded(.up))
    }

    @Test
    func noAssignmentTakesANodePastTheCapacityInForce() async {
        await propertyCheck(input: PlacementGen.nodeIDs, Self.epsilons, Self.keySequences) { nodes, epsilon, keys in
            var placement = try BoundedLoadRing(nodes: nodes, epsilon: epsilon, virtualNodesPerNode: 20)
            for key in keys {
                let capacity = placement.capacity
                let wasAssigned = placement.assignedNode(of: key) != nil
                let nodeAssigned = placement.assign(key)
                let node = try #require(nodeAssigned)
                if !wasAssigned {
                    #expect(placement.load(of: node) <= capacity)
                }
            }
            let bound = Self.capacity(epsilon: epsilon, keys: placement.assignedKeyCount, nodes: nodes.count)
            #expect(nodes.allSatisfy { placement.load(of: $0) <= bound })
            #expect(nodes.map { placement.load(of: $0) }.reduce(0, +) == placement.assignedKeyCount)
        }
    }

    @Test
    func assignmentsInterleavedWithReleasesRespectTheCapacityInForce() async {
        await propertyCheck(input: PlacementGen.nodeIDs, Self.epsilons, Self.keySequences, Gen.bool.array(of: 300)) {
            nodes, epsilon, keys, releases in
            var placement = try BoundedLoadRing(nodes: nodes, epsilon: epsilon, virtualNodesPerNode: 20)
            for (key, release) in zip(keys, releases) {
                if release {
                    let node = placement.assignedNode(of: key)
                    #expect(placement.release(key) == node)
                } else if placement.assignedNode(of: key) == nil {
                    let capacity = placement.capacity
                    let nodeAssigned = placement.assign(key)
                    let node = try #require(nodeAssigned)
                    #expect(placement.load(of: node) <= capacity)
                }
            }
            #expect(nodes.map { placement.load(of: $0) }.reduce(0, +) == placement.assignedKeyCount)
        }
    }

    @Test
    func withZeroEpsilonLoadsDifferByAtMostOne() async {
        // Capacity ⌈k/n⌉ for the k-th key: the first n keys go to n different nodes, and so on.
        await propertyCheck(input: PlacementGen.nodeIDs, Self.keySequences) { nodes, keys in
            var placement = try BoundedLoadRing(nodes: nodes, epsilon: 0, virtualNodesPerNode: 20)
            for key in keys {
                placement.assign(key)
            }
            let loads = nodes.map { placement.load(of: $0) }
            #expect(loads.max()! - loads.min()! <= 1, "\(loads)")
        }
    }

    @Test
    func withRoomToSpareItPlacesKeysExactlyLikeThePlainRing() async {
        await propertyCheck(input: PlacementGen.nodeIDs, Self.keySequences) { nodes, keys in
            let ring = try HashRing(nodes: nodes, virtualNodesPerNode: 20)
            var placement = try BoundedLoadRing(nodes: nodes, epsilon: 1_000, virtualNodesPerNode: 20)
            for key in keys {
                #expect(placement.assign(key) == ring.node(for: key))
            }
        }
    }

    @Test
    func removingANodeReassignsOnlyItsKeys() async {
        await propertyCheck(input: PlacementGen.nodeIDs, Self.epsilons, Self.keySequences, PlacementGen.pick) {
            nodes, epsilon, keys, pick in
            guard nodes.count >= 2 else { return }
            var placement = try BoundedLoadRing(nodes: nodes, epsilon: epsilon, virtualNodesPerNode: 20)
            for key in keys {
                placement.assign(key)
            }
            let before = Dictionary(uniqueKeysWithValues: Set(keys).map { ($0, placement.assignedNode(of: $0)!) })
            let removed = nodes[pick % nodes.count]
            try placement.remove(node: removed)
            for (key, node) in before {
                let now = placement.assignedNode(of: key)
                if node == removed {
                    #expect(now != nil && now != removed)
                } else {
                    #expect(now == node)
                }
            }
            #expect(placement.assignedKeyCount == before.count)
            #expect(placement.load(of: removed) == 0)
        }
    }

    @Test
    func aKeyWalksPastFullNodesToTheNextWithRoom() throws {
        var placement = try BoundedLoadRing(nodes: [1, 2], epsilon: 0)
        let firstAssigned = placement.assign(10)
        let first = try #require(firstAssigned)
        // With one key on two nodes the capacity for the next is ⌈2/2⌉ = 1: the first node is full.
        #expect(placement.capacity == 1)
        let secondAssigned = placement.assign(11)
        let second = try #require(secondAssigned)
        #expect(second != first)
        #expect(placement.node(for: 12) != nil)
    }

    @Test
    func assigningAKeyTwiceCountsItOnce() throws {
        var placement = try BoundedLoadRing(nodes: [1, 2, 3])
        let node = placement.assign(7)
        #expect(placement.assign(7) == node)
        #expect(placement.assignedKeyCount == 1)
        #expect(placement.node(for: 7) == node)
        #expect(placement.release(7) == node)
        #expect(placement.release(7) == nil)
        #expect(placement.assignedKeyCount == 0)
    }

    @Test
    func resetReleasesEveryKeyAndKeepsTheNodes() throws {
        var placement = try BoundedLoadRing(nodes: [1, 2, 3])
        for key in UInt64(0)..<30 {
            placement.assign(key)
        }
        placement.reset()
        #expect(placement.assignedKeyCount == 0)
        #expect([1, 2, 3].allSatisfy { placement.load(of: $0) == 0 })
        #expect(placement.nodes == [1, 2, 3])
        #expect(placement.capacity == 1)
    }

    @Test(arguments: [-0.1, .infinity, .nan])
    func anEpsilonThatIsNegativeOrNotFiniteIsRejected(epsilon: Double) {
        #expect {
            try BoundedLoadRing(epsilon: epsilon)
        } throws: { error in
            if case .invalidConfiguration = error as? PlacementError { return true }
            return false
        }
    }

    /// An ε so large that its capacity does not fit in an `Int` bounds nothing: the capacity is
    /// `Int.max` (the conversion trapped) and every key goes where the plain ring puts it.
    @Test(arguments: [1e20, 1e308, Double.greatestFiniteMagnitude])
    func aHugeEpsilonBoundsNothing(epsilon: Double) throws {
        var placement = try BoundedLoadRing(nodes: [1, 2, 3], epsilon: epsilon)
        let ring = placement.ring
        #expect(placement.capacity == Int.max)
        for key in UInt64(0)..<500 {
            #expect(placement.assign(key) == ring.node(for: key))
        }
    }

    @Test
    func withoutNodesNothingIsAssigned() throws {
        var placement = try BoundedLoadRing()
        #expect(placement.capacity == 0)
        #expect(placement.assign(1) == nil)
        #expect(placement.assignedKeyCount == 0)
    }
}
