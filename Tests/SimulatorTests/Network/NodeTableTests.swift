import Testing

@testable import Simulator

struct NodeTableTests {
    /// Random inserts, overwrites, removals and lookups over names short and long, checked
    /// against a `Dictionary` after every step: the table grows past several sizes and empties
    /// again, so removals shift entries back across the end of the slot array too.
    @Test
    func behavesLikeADictionaryThroughGrowthAndRemovals() {
        let pool = (0..<300).map { index in
            NodeID(index % 3 == 0 ? "a-rather-long-node-name-\(index)" : index % 3 == 1 ? "server-\(index)" : "c\(index)")
        }
        var table = NodeTable<Int>()
        var model: [NodeID: Int] = [:]
        var random = SeededRandom(seed: 11)
        var removals = 0, overwrites = 0
        for step in 0..<40_000 {
            let id = pool[Int(random.next() % UInt64(pool.count))]
            // Mostly inserts in the first half, mostly removals in the second: full, then empty.
            let insertPercent: UInt64 = step < 20_000 ? 70 : 10
            if random.next() % 100 < insertPercent {
                if model[id] != nil { overwrites += 1 }
                table[id] = step
                model[id] = step
            } else {
                if model[id] != nil { removals += 1 }
                table[id] = nil
                model[id] = nil
            }
            #expect(table[id] == model[id])
            #expect(table.count == model.count)
            if step % 1_000 == 999 {
                for name in pool where table[name] != model[name] {
                    Issue.record("step \(step): \(name) is \(String(describing: table[name])), expected \(String(describing: model[name]))")
                }
                #expect(table.names.sorted() == model.keys.sorted())
            }
        }
        // The walk really filled the table and emptied most of it again.
        #expect(removals > 5_000)
        #expect(overwrites > 5_000)
        #expect(model.count < 60)
    }

    @Test
    func anAbsentNameIsNilAndRemovingItChangesNothing() {
        var table = NodeTable<String>()
        #expect(table.isEmpty)
        table["server-1"] = "one"
        table["server-2"] = "two"
        table["server-3"] = nil
        #expect(table["server-3"] == nil)
        #expect(table.count == 2)
        #expect(table["server-1"] == "one")
        table["server-1"] = "uno"
        #expect(table["server-1"] == "uno")
        #expect(table.count == 2)
        table["server-1"] = nil
        table["server-2"] = nil
        #expect(table.isEmpty)
        #expect(table.names.isEmpty)
    }
}
