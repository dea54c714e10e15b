import Testing

@testable import Simulator

struct NodeIDTests {
    /// A numbered node is the node its name makes, hash included, at every number of digits.
    @Test(arguments: [0, 1, 9, 10, 99, 100, 10_000, 12_345, 999_999, 1_000_000, Int(Int32.max), Int.max])
    func aNumberedNodeIsTheNodeOfItsName(number: Int) {
        let numbered = NodeID.numbered("client-", number)
        let named = NodeID("client-" + String(number))
        #expect(numbered.name == named.name)
        #expect(numbered.stableHash == named.stableHash)
        #expect(numbered == named)
        #expect(NodeID.numbered("", number).name == String(number))
    }

    /// Equality compares hashes first, then names: equal names are equal nodes, and a name that
    /// differs is a different node whatever the hashes.
    @Test
    func nodesAreEqualExactlyWhenTheirNamesAre() {
        let names = ["s-1", "s-2", "client-1", "client-10", "a-rather-long-node-name-of-a-server", ""]
        for a in names {
            for b in names {
                #expect((NodeID(a) == NodeID(b)) == (a == b))
            }
        }
    }
}
