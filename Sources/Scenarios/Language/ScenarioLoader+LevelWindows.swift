import Simulator

/// Faults that set a level — a node's slowness or extra errors, the network's drop rate or latency
/// spike — and, with `for:`, set it back when they end. Two of one target that overlap apply as
/// the network applies any set, the later one replacing the level: so the earlier one's end must
/// not set the level back while the later one lasts (an error burst `for: 1s` written at 7 s was
/// ended at 7.5 s by an earlier burst's end).
extension ScenarioLoader {
    /// One such fault: what it sets, and when it and its undo apply — the instant, then its place
    /// in the file's entries, as the schedule orders entries of one instant.
    struct LevelWindow {
        /// What it sets (`errors web2`, `drop rate`).
        var target: String
        var start: Key
        /// Its undo's key and place among the entries; nil for a fault without `for:`, which
        /// lasts until another sets the level.
        var undo: Key?

        /// When an entry applies: its instant, then its place among the file's entries.
        struct Key: Comparable {
            var at: Int64
            var index: Int
            static func < (lhs: Key, rhs: Key) -> Bool { (lhs.at, lhs.index) < (rhs.at, rhs.index) }
            static let never = Key(at: .max, index: .max)
        }
    }

    /// The places of the undos to leave out: a window's undo when a later window of its target
    /// begins before that undo applies and lasts beyond it. Linear but for sorting: each target's
    /// windows by start, the latest end among the windows after each found by a table of range
    /// maxima (100,000 faults of one node compared pairwise would take minutes).
    static func supersededUndos(_ windows: [LevelWindow]) -> Set<Int> {
        var byTarget: [String: [LevelWindow]] = [:]
        for window in windows { byTarget[window.target, default: []].append(window) }
        var dropped = Set<Int>()
        for target in byTarget.keys.sorted() {
            let sorted = byTarget[target]!.sorted { $0.start < $1.start }
            let ends = sorted.map { $0.undo ?? .never }
            let table = RangeMaxima(ends)
            for (position, window) in sorted.enumerated() {
                guard let undo = window.undo else { continue }
                // The windows that begin after this one and before its undo applies.
                var low = position + 1, high = sorted.count
                while low < high {
                    let middle = (low + high) / 2
                    if sorted[middle].start < undo { low = middle + 1 } else { high = middle }
                }
                if let latest = table.maximum(in: (position + 1)..<low), undo < latest { dropped.insert(undo.index) }
            }
        }
        return dropped
    }

    /// The largest of any range of `values` in constant time, after n log n to build.
    private struct RangeMaxima {
        private var levels: [[LevelWindow.Key]]

        init(_ values: [LevelWindow.Key]) {
            levels = [values]
            var width = 1
            while width * 2 <= values.count {
                let previous = levels[levels.count - 1]
                levels.append((0...(values.count - width * 2)).map { max(previous[$0], previous[$0 + width]) })
                width *= 2
            }
        }

        func maximum(in range: Range<Int>) -> LevelWindow.Key? {
            guard !range.isEmpty else { return nil }
            var level = 0
            while 1 << (level + 1) <= range.count { level += 1 }
            return max(levels[level][range.lowerBound], levels[level][range.upperBound - (1 << level)])
        }
    }
}
