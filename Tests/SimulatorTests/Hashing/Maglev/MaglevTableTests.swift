import PropertyBased
import Testing

@testable import Simulator

struct MaglevTableTests {
    static var primeTableSizes: Generator<Int, some SendableSequenceType> {
        Gen.int(in: 0...3).map { [13, 251, 1_009, 4_099][$0] }
    }

    @Test
    func everyEntryIsFilledAndNodesShareWithinOneEntry() async {
        // Each round of the population gives every node exactly one entry until the table is full,
        // so with n nodes every node ends with ⌊M/n⌋ or ⌈M/n⌉ entries.
        await propertyCheck(input: PlacementGen.nodeIDs, Self.primeTableSizes) { nodes, tableSize in
            let table = try MaglevTable(nodes: nodes, tableSize: tableSize)
            #expect((0..<tableSize).allSatisfy { table.node(atEntry: $0) != nil })
            let counts = table.entryCounts()
            #expect(counts.map(\.node) == nodes.sorted())
            #expect(counts.map(\.entries).reduce(0, +) == tableSize)
            let low = tableSize / nodes.count
            let high = (tableSize + nodes.count - 1) / nodes.count
            #expect(counts.allSatisfy { (low...high).contains($0.entries) }, "\(counts)")
        }
    }

    @Test
    func defaultTableOf65537EntriesGivesSevenNodesTheirShareWithinOne() throws {
        let table = try MaglevTable(nodes: 1...7)
        #expect(table.tableSize == 65_537)
        // 65,537 = 7 · 9,362 + 3.
        #expect(table.entryCounts().map(\.entries).sorted() == [9_362, 9_362, 9_362, 9_362, 9_363, 9_363, 9_363])
    }

    @Test
    func populationIsThePapersPseudocode() throws {
        // The paper's Pseudocode 1, transcribed with its explicit permutation matrix.
        let nodes = [3, 1, 2]
        let tableSize = 13
        let turnOrder = nodes.sorted()
        let permutation = turnOrder.map { node in
            let hashes = MurmurHash3.x64_128(UInt64(node), 0)
            let offset = Int(hashes.h1 % UInt64(tableSize))
            let skip = Int(hashes.h2 % UInt64(tableSize - 1)) + 1
            return (0..<tableSize).map { (offset + $0 * skip) % tableSize }
        }
        var next = Array(repeating: 0, count: turnOrder.count)
        var entry = Array(repeating: -1, count: tableSize)
        var n = 0
        populate: while true {
            for i in turnOrder.indices {
                var c = permutation[i][next[i]]
                while entry[c] >= 0 {
                    next[i] += 1
                    c = permutation[i][next[i]]
                }
                entry[c] = i
                next[i] += 1
                n += 1
                if n == tableSize { break populate }
            }
        }

        let table = try MaglevTable(nodes: nodes, tableSize: tableSize)
        #expect((0..<tableSize).map { table.node(atEntry: $0)! } == entry.map { turnOrder[$0] })
    }

    @Test
    func theTableDependsOnlyOnTheSetOfNodes() async {
        await propertyCheck(input: PlacementGen.nodeIDs, PlacementGen.keys) { nodes, keys in
            let forwards = try MaglevTable(nodes: nodes, tableSize: 1_009)
            var backwards = try MaglevTable(tableSize: 1_009)
            for node in nodes.reversed() {
                try backwards.add(node: node)
            }
            #expect(KeyMove.all(from: forwards, to: backwards, keys: keys).isEmpty)
        }
    }

    @Test
    func removingANodeMovesAllItsKeysToTheOthers() async {
        // Maglev is not minimally disruptive, so unlike the ring no "only its keys" property is
        // asserted: when one node's preferences change, the entries every later turn finds free
        // change too. The paper measures this cost rather than bounding it, and no bound is
        // proved that a test could rely on. The fixed case below records its size.
        await propertyCheck(input: PlacementGen.nodeIDs, PlacementGen.keys, PlacementGen.pick) { nodes, keys, pick in
            let removed = nodes[pick % nodes.count]
            let before = try MaglevTable(nodes: nodes, tableSize: 1_009)
            var after = before
            try after.remove(node: removed)
            for key in keys where before.node(for: key) == removed {
                #expect(after.node(for: key) != removed)
            }
            #expect(after.nodes == nodes.filter { $0 != removed })
        }
    }

    @Test
    func removingOneOfTenNodesAlsoMovesAFewOtherEntries() throws {
        let before = try MaglevTable(nodes: 1...10)
        var after = before
        try after.remove(node: 5)
        var forced = 0
        var alsoMoved = 0
        for entry in 0..<before.tableSize {
            if before.node(atEntry: entry) == 5 {
                forced += 1
            } else if before.node(atEntry: entry) != after.node(atEntry: entry) {
                alsoMoved += 1
            }
        }
        // Node 5's 6,554 entries must move; 193 more (0.29 % of the table) move between nodes
        // that stayed. Pinned so that a change to the population algorithm is noticed.
        #expect(forced == 6_554)
        #expect(alsoMoved == 193)
    }

    @Test(arguments: [0, 1, 4, 65_536, 1_000])
    func aTableSizeThatIsNotPrimeIsRejected(tableSize: Int) {
        #expect(throws: PlacementError.invalidConfiguration(reason: "Maglev table size \(tableSize) must be prime")) {
            try MaglevTable(tableSize: tableSize)
        }
    }

    @Test
    func anEmptyTableAnswersNil() throws {
        var table = try MaglevTable(nodes: [1], tableSize: 7)
        try table.remove(node: 1)
        #expect(table.node(for: 42) == nil)
        #expect(table.node(atEntry: 3) == nil)
        #expect(table.entryCounts().isEmpty)
    }
}
