extension MapReduce {
    /// A key being sorted: its sort prefix (``KeySpan/prefix``) beside its index among the
    /// emitter's keys, so that most of a sort reads nothing else.
    struct SortEntry {
        var prefix: UInt64
        var index: Int
    }

    /// Keys from which a map task's partition is sorted by ``radixSortByPrefix(_:)`` first: below
    /// it a comparison sort is as fast.
    static let radixSortThreshold = 256

    /// Orders `entries` by prefix, stably: a least-significant-digit radix sort, a byte per pass,
    /// skipping each byte that every entry shares (a short word's zero padding, a common first
    /// letter). One pass counts every byte's values; each pass after it moves every entry once,
    /// where a comparison sort compared each about log₂ *n* times through a closure.
    ///
    /// - Complexity: O(*n*) for *n* entries (at most eight passes).
    static func radixSortByPrefix(_ entries: inout [SortEntry]) {
        let count = entries.count
        guard count > 1 else { return }
        // Each byte's counts, then (past them) the next place of each value in the pass under way.
        var counts = [Int](repeating: 0, count: 9 * 256)
        entries.withUnsafeBufferPointer { entries in
            counts.withUnsafeMutableBufferPointer { counts in
                for entry in entries {
                    var prefix = entry.prefix
                    for digit in 0..<8 {
                        counts[digit &* 256 &+ Int(truncatingIfNeeded: prefix & 0xFF)] &+= 1
                        prefix &>>= 8
                    }
                }
            }
        }
        var moved = entries
        for digit in 0..<8 {
            let shift = UInt64(8 * digit), base = 256 * digit
            guard counts[base + Int(truncatingIfNeeded: entries[0].prefix &>> shift & 0xFF)] != count else { continue }
            entries.withUnsafeBufferPointer { source in
                moved.withUnsafeMutableBufferPointer { destination in
                    counts.withUnsafeMutableBufferPointer { counts in
                        var start = 0
                        for value in 0..<256 {
                            counts[8 * 256 + value] = start
                            start += counts[base + value]
                        }
                        for entry in source {
                            let place = 8 * 256 + Int(truncatingIfNeeded: entry.prefix &>> shift & 0xFF)
                            destination[counts[place]] = entry
                            counts[place] &+= 1
                        }
                    }
                }
            }
            swap(&entries, &moved)
        }
    }
}
