/// The cancellable timers set for one duration, first in, first out: a ``TimerQueue`` keeps them
/// here rather than in its heap.
///
/// Set at nondecreasing instants for the same duration, such timers come due in the order they
/// were set, so a lane is already sorted by (instant, sequence number): appending keeps it so in
/// O(1), and only its earliest timer needs a place in the heap. The many equal timeouts of
/// network calls (a client's, a balancer's forward) then stay out of the heap, which holds the
/// few timers that differ (latencies, service times) and one entry per lane.
///
/// A timer cancelled at the front leaves at once; one cancelled further in becomes a tombstone,
/// dropped when it reaches the front, or when tombstones outnumber live timers enough that the
/// lane is compacted (so a lane never holds more than a few times its live timers). Whatever
/// the timer captures is released at cancellation either way: the queue moves its action out.
///
/// Invariant: when the lane holds a live timer, the one at ``head`` is live.
struct TimerLane {
    /// The duration every timer of the lane was set for.
    var duration: Int64
    /// The timers from ``head`` on, in (instant, sequence) order; tombstones carry ``tombstone``
    /// as their slot.
    private(set) var keys: [TimerQueue.Key] = []
    /// Index of the earliest live timer (of the end when none is left).
    private(set) var head = 0
    /// Live timers.
    private(set) var live = 0

    /// The slot a cancelled timer's key is left with.
    static let tombstone = UInt32.max
    /// Lanes shorter than this are never compacted: copying them would cost more than it saves.
    private static let compactionFloor = 1_024

    init(duration: Int64) {
        self.duration = duration
    }

    /// The earliest live timer.
    var first: TimerQueue.Key? { live == 0 ? nil : keys[head] }

    /// Whether a timer due at `deadline` keeps the lane in order when appended.
    func accepts(deadline: Int64) -> Bool {
        live == 0 || keys[keys.count - 1].deadline <= deadline
    }

    /// Appends `key` (due no earlier than any key in the lane, with a later sequence number) and
    /// returns its index.
    mutating func append(_ key: TimerQueue.Key) -> Int {
        keys.append(key)
        live += 1
        return keys.count - 1
    }

    /// Removes the earliest live timer and any tombstones behind it; returns true when the keys
    /// moved to other indices (their slots' recorded indices must be rewritten).
    mutating func removeFirst() -> Bool {
        live -= 1
        head += 1
        while head < keys.count, keys[head].slot == Self.tombstone { head += 1 }
        if head == keys.count {
            keys.removeAll(keepingCapacity: true)
            head = 0
            return false
        }
        guard head >= Self.compactionFloor, head * 2 >= keys.count else { return false }
        keys.removeFirst(head)
        head = 0
        return true
    }

    /// Cancels the live timer at `index`, which is not the earliest; returns true when the keys
    /// moved to other indices.
    mutating func cancel(at index: Int) -> Bool {
        let key = keys[index]
        keys[index] = TimerQueue.Key(deadline: key.deadline, sequence: key.sequence, slot: Self.tombstone, cancellable: false)
        live -= 1
        let held = keys.count - head
        guard held >= Self.compactionFloor, held > 4 * live else { return false }
        keys = keys[head...].filter { $0.slot != Self.tombstone }
        head = 0
        return true
    }

    /// The live timers, earliest first, with their indices.
    func forEachLive(_ body: (Int, TimerQueue.Key) -> Void) {
        for index in head..<keys.count where keys[index].slot != Self.tombstone { body(index, keys[index]) }
    }
}
