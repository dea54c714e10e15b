/// Which records of a topic the jobs read: per partition, the union of the offset ranges the jobs
/// reading it planned (`from` … `to`, end excluded), so that a record two jobs read counts once
/// and cannot stand in for a record no job read (`log.unread`).
struct TopicCoverage: Sendable, Equatable {
    /// Each partition's end offset: the records it holds.
    let ends: [Int]
    /// Per partition, the ranges read so far, in the order they were added.
    private var ranges: [[Range<Int>]]

    /// A topic whose partitions end at `ends`, read by no job yet.
    init(ends: [Int]) {
        self.ends = ends
        ranges = Array(repeating: [], count: ends.count)
    }

    /// Notes that a job read, in each partition `p`, the offsets `from[p] ..< to[p]` (clamped to
    /// the partition; partitions beyond the topic's are ignored).
    mutating func add(from: [Int], to: [Int]) {
        for partition in ends.indices where partition < from.count && partition < to.count {
            let lower = max(0, from[partition]), upper = min(ends[partition], to[partition])
            if lower < upper { ranges[partition].append(lower..<upper) }
        }
    }

    /// The records of the topic that at least one job read.
    ///
    /// - Complexity: O(r log r) for the r ranges added.
    var recordsRead: Int {
        ranges.reduce(0) { total, partition in
            var covered = 0, reachedTo = Int.min
            for range in partition.sorted(by: { $0.lowerBound < $1.lowerBound }) {
                let start = max(range.lowerBound, reachedTo)
                if range.upperBound > start { covered += range.upperBound - start }
                reachedTo = max(reachedTo, range.upperBound)
            }
            return total + covered
        }
    }

    /// The records of the topic that no job read.
    var recordsUnread: Int { ends.reduce(0, +) - recordsRead }
}
