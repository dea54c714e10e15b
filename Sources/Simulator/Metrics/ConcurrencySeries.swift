/// A level that rises and falls over virtual time — active connections, say — kept as its peak in
/// each whole second, so a per-second chart shows the worst moment of every second.
public struct ConcurrencySeries: Sendable, Equatable {
    /// The highest level reached during each whole second, from second 0.
    public private(set) var peaks: [Int] = []
    /// The level now.
    public private(set) var level = 0

    /// An empty series at level 0.
    public init() {}

    /// Changes the level by `delta` at `now`.
    public mutating func change(by delta: Int, at now: VirtualInstant) {
        let second = Int(now.nanoseconds / 1_000_000_000)
        extend(through: second)
        level += delta
        peaks[second] = Swift.max(peaks[second], level)
    }

    /// Carries the current level through `second`, so that quiet seconds show it.
    public mutating func extend(through second: Int) {
        while peaks.count <= second { peaks.append(level) }
    }

    /// The largest level ever reached.
    public var maximum: Int { peaks.max() ?? 0 }
}
