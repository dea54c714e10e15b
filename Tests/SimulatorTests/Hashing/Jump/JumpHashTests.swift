import PropertyBased
import Testing

@testable import Simulator

struct JumpHashTests {
    // The first five are the vectors published with the Go and C++ ports; the rest were computed
    // with the jump-consistent-hash Python package (3.6.0), a C transcription of the paper.
    @Test(arguments: [
        (UInt64(1), 1, 0),
        (42, 57, 43),
        (0xdead_10cc, 1, 0),
        (0xdead_10cc, 666, 361),
        (256, 1_024, 520),
        (0, 100, 0),
        (.max, 10, 9),
        (0xf2a7_4de4_52e6_b438, 19_773, 17_458),
        (0xa6a3_a450_6513_270e, 6_329, 424),
        (0xd23f_0824_128b_2f33, 70_240, 17_154),
        (0x5d9d_c9f8_1818_e811, 76_388, 38_609),
        (0x0999_50d8_36f6_75cc, 11_266, 6_092),
    ])
    func matchesThePapersFunction(key: UInt64, buckets: Int, expected: Int) {
        #expect(JumpHash.bucket(for: key, bucketCount: buckets) == expected)
    }

    @Test
    func addingABucketMovesKeysOnlyIntoIt() async {
        await propertyCheck(input: Gen.uint64(), Gen.int(in: 1...10_000)) { key, buckets in
            let before = JumpHash.bucket(for: key, bucketCount: buckets)
            let after = JumpHash.bucket(for: key, bucketCount: buckets + 1)
            #expect(after == before || after == buckets)
        }
    }

    @Test
    func addingANodeMovesKeysOnlyToIt() async {
        await propertyCheck(input: PlacementGen.nodeIDs, PlacementGen.keys) { nodes, keys in
            let before = try JumpHashPlacement(nodes: nodes.dropLast())
            var after = before
            try after.add(node: nodes.last!)
            for move in KeyMove.all(from: before, to: after, keys: keys) {
                #expect(move.to == nodes.last, "\(move)")
            }
        }
    }

    @Test
    func removingTheLastNodeMovesOnlyItsKeys() async {
        await propertyCheck(input: PlacementGen.nodeIDs, PlacementGen.keys) { nodes, keys in
            let before = try JumpHashPlacement(nodes: nodes)
            var after = before
            try after.remove(node: nodes.last!)
            for move in KeyMove.all(from: before, to: after, keys: keys) {
                #expect(move.from == nodes.last, "\(move)")
            }
        }
    }

    @Test
    func removingAnEarlierNodeAlsoMovesTheLastNodesKeys() async {
        // Not minimal: the last node takes over the freed bucket, so it receives all of the
        // removed node's keys and its own keys spread over the buckets that remain.
        await propertyCheck(input: PlacementGen.nodeIDs, PlacementGen.keys, PlacementGen.pick) { nodes, keys, pick in
            guard nodes.count >= 2 else { return }
            let removed = nodes[pick % (nodes.count - 1)]
            let last = nodes.last!
            let before = try JumpHashPlacement(nodes: nodes)
            var after = before
            try after.remove(node: removed)
            #expect(after.nodes.firstIndex(of: last) == nodes.firstIndex(of: removed))
            for move in KeyMove.all(from: before, to: after, keys: keys) {
                #expect(move.from == removed || move.from == last, "\(move)")
                if move.from == removed {
                    #expect(move.to == last, "\(move)")
                }
            }
        }
    }

    @Test
    func tenBucketsShareKeysWithinFivePercent() throws {
        let placement = try JumpHashPlacement(nodes: 1...10)
        var counts: [Int: Int] = [:]
        for key in UInt64(0)..<50_000 {
            counts[placement.node(for: key)!, default: 0] += 1
        }
        #expect(counts.values.allSatisfy { (4_750...5_250).contains($0) }, "\(counts)")
    }
}
