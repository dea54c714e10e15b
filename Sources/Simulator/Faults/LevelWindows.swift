/// Faults that set a level — a node's slowness or extra errors, the network's drop rate or latency
/// spike, the partition in force — and set it back when they end. Two of one target that overlap
/// apply as the network applies any set, the later one replacing the level: so the earlier one's
/// end must not set the level back while the later one lasts (an error burst `for: 1s` written at
/// 7 s was ended at 7.5 s by an earlier burst's end; a chaos partition drawn for 9.244 s was healed
/// after 7.471 s by the heal of the one it replaced, D2, s82). The scenario loaders and
/// `mapreduce.chaos`'s draws leave such ends out, so that a drawn schedule written out as
/// `faults:` (``shrink``) runs the same.
public enum LevelWindows {
    /// One such fault: what it sets, and when it and its end apply — the instant, then its place
    /// among the schedule's entries, as the schedule orders entries of one instant.
    public struct Window: Sendable {
        /// What it sets (`errors web2`, `drop rate`).
        public var target: String
        public var start: Key
        /// Its end's key, whose `index` is the end's place among the entries; nil for a fault
        /// without an end, which lasts until another sets the level.
        public var end: Key?
        /// Whether its end ends whatever of its target is in force, not only itself — a heal ends
        /// any partition (``Network/partition(_:)`` replaces the one in force) — so a later window
        /// of its target that begins before the end has replaced this one for good, and the end
        /// is left out however soon the later one ends: applied, it healed nothing or cut the
        /// later one short.
        public var endsWhateverIsInForce: Bool

        public init(target: String, start: Key, end: Key? = nil, endsWhateverIsInForce: Bool = false) {
            self.target = target
            self.start = start
            self.end = end
            self.endsWhateverIsInForce = endsWhateverIsInForce
        }

        /// A partition from `start`, healed at `end` (nil: until a heal written apart): its end
        /// ends whatever partition is in force (``endsWhateverIsInForce``).
        public static func partition(start: Key, end: Key? = nil) -> Window {
            Window(target: "partition", start: start, end: end, endsWhateverIsInForce: true)
        }

        /// When an entry applies: its instant, then its place among the entries.
        public struct Key: Comparable, Sendable {
            public var at: Int64
            public var index: Int
            public init(at: Int64, index: Int) {
                self.at = at
                self.index = index
            }
            public static func < (lhs: Key, rhs: Key) -> Bool { (lhs.at, lhs.index) < (rhs.at, rhs.index) }
            static let never = Key(at: .max, index: .max)
        }
    }

    /// The places of the ends to leave out: a window's end when a later window of its target
    /// begins before that end applies and lasts beyond it — or, for a window whose end ends
    /// whatever is in force (a partition's heal), begins before it at all. Linear but for
    /// sorting: each target's windows by start, the latest end among the windows after each found
    /// by a table of range maxima (100,000 faults of one node compared pairwise would take minutes).
    public static func superseded(_ windows: [Window]) -> Set<Int> {
        var byTarget: [String: [Window]] = [:]
        for window in windows { byTarget[window.target, default: []].append(window) }
        var dropped = Set<Int>()
        for target in byTarget.keys.sorted() {
            let sorted = byTarget[target]!.sorted { $0.start < $1.start }
            let table = RangeMaxima(sorted.map { $0.end ?? .never })
            for (position, window) in sorted.enumerated() {
                guard let end = window.end else { continue }
                // The windows that begin after this one and before its end applies.
                var low = position + 1, high = sorted.count
                while low < high {
                    let middle = (low + high) / 2
                    if sorted[middle].start < end { low = middle + 1 } else { high = middle }
                }
                if window.endsWhateverIsInForce {
                    if low > position + 1 { dropped.insert(end.index) }
                } else if let latest = table.maximum(in: (position + 1)..<low), end < latest {
                    dropped.insert(end.index)
                }
            }
        }
        return dropped
    }

    /// `entries` without the ones at `positions`.
    public static func removing<Entry>(_ positions: Set<Int>, from entries: [Entry]) -> [Entry] {
        positions.isEmpty ? entries : entries.indices.filter { !positions.contains($0) }.map { entries[$0] }
    }

    /// The largest of any range of `values` in constant time, after n log n to build.
    private struct RangeMaxima {
        private var levels: [[Window.Key]]

        init(_ values: [Window.Key]) {
            levels = [values]
            var width = 1
            while width * 2 <= values.count {
                let previous = levels[levels.count - 1]
                levels.append((0...(values.count - width * 2)).map { max(previous[$0], previous[$0 + width]) })
                width *= 2
            }
        }

        func maximum(in range: Range<Int>) -> Window.Key? {
            guard !range.isEmpty else { return nil }
            var level = 0
            while 1 << (level + 1) <= range.count { level += 1 }
            return max(levels[level][range.lowerBound], levels[level][range.upperBound - (1 << level)])
        }
    }
}
