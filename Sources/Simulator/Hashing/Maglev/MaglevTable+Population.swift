extension MaglevTable {
    /// One node's permutation of the table entries, walked lazily: the paper stores the whole
    /// `n × M` permutation matrix, but entry `j` is just `offset + j·skip mod M`.
    struct Permutation {
        let offset: Int
        let skip: Int
        /// The entry ``next(tableSize:)`` gives next: `offset + j·skip mod M` for the `j`
        /// entries this node has looked at (`next[i]` in the paper).
        private var upcoming: Int

        init(node: Int, tableSize: Int) {
            let hashes = PlacementHash.node(node, replica: 0)
            offset = Int(hashes.h1 % UInt64(tableSize))
            skip = Int(hashes.h2 % UInt64(tableSize - 1)) + 1
            upcoming = offset
        }

        /// The next entry in this node's preference order.
        mutating func next(tableSize: Int) -> Int {
            // Each entry is the last plus skip, mod M: as offset and skip are below M, one
            // subtraction takes the sum back below M. (A multiplication and a division per probe
            // made a table's filling cost ~100 instructions an entry; A-4 fills 28 of 65,537.)
            let entry = upcoming
            upcoming += skip
            if upcoming >= tableSize { upcoming -= tableSize }
            return entry
        }
    }

    /// Refills the table with the paper's population algorithm (its Pseudocode 1): nodes take turns
    /// claiming the next entry in their permutation that is still empty, until every entry is
    /// taken. A node claims exactly one entry per turn, which is what bounds the imbalance to one.
    ///
    /// - Complexity: O(*M·log M*) expected; O(*M²*) in the worst case.
    mutating func repopulate() {
        guard !nodes.isEmpty else {
            entries = []
            return
        }
        let turnOrder = nodes.sorted()
        var permutations = turnOrder.map { Permutation(node: $0, tableSize: tableSize) }
        let empty = -1
        var owner = Array(repeating: empty, count: tableSize)
        var filled = 0
        fill: while true {
            for turn in turnOrder.indices {
                var entry = permutations[turn].next(tableSize: tableSize)
                while owner[entry] != empty {
                    entry = permutations[turn].next(tableSize: tableSize)
                }
                owner[entry] = turn
                filled += 1
                if filled == tableSize { break fill }
            }
        }
        entries = owner.map { turnOrder[$0] }
    }
}
