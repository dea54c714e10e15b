import Testing

@testable import Simulator

/// The table's filling walks each node's permutation by adding its skip (mod M) rather than
/// computing `offset + j·skip mod M` per probe: these pin the filled tables to the formula's,
/// entry for entry, at the default size and at small ones, for the node sets A-4 fills.
struct MaglevPopulationTests {
    /// The paper's population with each probe computed from the formula.
    private static func formulaTable(nodes: [Int], tableSize: Int) -> [Int] {
        let turnOrder = nodes.sorted()
        let permutations = turnOrder.map { node in
            let hashes = PlacementHash.node(node, replica: 0)
            return (offset: Int(hashes.h1 % UInt64(tableSize)), skip: Int(hashes.h2 % UInt64(tableSize - 1)) + 1)
        }
        var consumed = Array(repeating: 0, count: turnOrder.count)
        var owner = Array(repeating: -1, count: tableSize)
        var filled = 0
        fill: while true {
            for turn in turnOrder.indices {
                var entry: Int
                repeat {
                    entry = (permutations[turn].offset + consumed[turn] * permutations[turn].skip) % tableSize
                    consumed[turn] += 1
                } while owner[entry] >= 0
                owner[entry] = turn
                filled += 1
                if filled == tableSize { break fill }
            }
        }
        return owner.map { turnOrder[$0] }
    }

    @Test(arguments: [MaglevTable.defaultTableSize, 13, 2, 3])
    func everyTableIsTheFormulasTable(tableSize: Int) throws {
        for nodes in [[1], [1, 2], [2, 3, 4, 5, 6], [1, 2, 3, 4, 5, 6], [6, 4, 9, 1]] {
            let table = try MaglevTable(nodes: nodes, tableSize: tableSize)
            let entries = (0..<tableSize).map { table.node(atEntry: $0)! }
            #expect(entries == Self.formulaTable(nodes: nodes, tableSize: tableSize), "\(nodes) in \(tableSize) entries")
        }
    }
}
