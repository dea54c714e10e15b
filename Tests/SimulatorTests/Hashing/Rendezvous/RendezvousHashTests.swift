import PropertyBased
import Testing

@testable import Simulator

struct RendezvousHashTests {
    @Test
    func removingANodeMovesOnlyItsKeys() async {
        await propertyCheck(input: PlacementGen.nodeIDs, PlacementGen.keys, PlacementGen.pick) { nodes, keys, pick in
            let before = try RendezvousHash(nodes: nodes)
            let removed = nodes[pick % nodes.count]
            var after = before
            try after.remove(node: removed)
            for move in KeyMove.all(from: before, to: after, keys: keys) {
                #expect(move.from == removed, "\(move)")
            }
        }
    }

    @Test
    func addingANodeMovesKeysOnlyToIt() async {
        await propertyCheck(input: PlacementGen.nodeIDs, PlacementGen.keys) { nodes, keys in
            let before = try RendezvousHash(nodes: nodes.dropLast())
            var after = before
            try after.add(node: nodes.last!)
            for move in KeyMove.all(from: before, to: after, keys: keys) {
                #expect(move.to == nodes.last, "\(move)")
            }
        }
    }

    @Test
    func aKeyGoesToTheNodeWithTheHighestScore() async {
        await propertyCheck(input: PlacementGen.nodeIDs, PlacementGen.keys) { nodes, keys in
            let placement = try RendezvousHash(nodes: nodes)
            for key in keys.prefix(100) {
                let best = nodes.max { a, b in
                    (RendezvousHash.score(ofNode: a, forKey: key), -a) < (RendezvousHash.score(ofNode: b, forKey: key), -b)
                }
                #expect(placement.node(for: key) == best)
            }
        }
    }

    @Test
    func theOrderNodesWereAddedInDoesNotMatter() async {
        await propertyCheck(input: PlacementGen.nodeIDs, PlacementGen.keys) { nodes, keys in
            let forwards = try RendezvousHash(nodes: nodes)
            let backwards = try RendezvousHash(nodes: nodes.reversed())
            #expect(KeyMove.all(from: forwards, to: backwards, keys: keys).isEmpty)
        }
    }

    @Test
    func tenNodesShareKeysWithinFivePercent() throws {
        let placement = try RendezvousHash(nodes: 1...10)
        var counts: [Int: Int] = [:]
        for key in UInt64(0)..<50_000 {
            counts[placement.node(for: key)!, default: 0] += 1
        }
        #expect(counts.values.allSatisfy { (4_750...5_250).contains($0) }, "\(counts)")
    }
}
