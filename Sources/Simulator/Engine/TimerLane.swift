/// The cancellable timers set for one duration, first in, first out: a ``TimerQueue`` keeps them
/// here rather than in its heap.
///
/// Set at nondecreasing instants for the same duration, such timers come due in the order they
/// were set, so a lane is already sorted by (instant, sequence number): appending keeps it so in
/// O(1), and only its earliest timer needs a place in the heap. The many equal timeouts of
/// network calls (a client's, a balancer's forward) then stay out of the heap, which holds the
/// few timers that differ (latencies, service times) and one entry per lane.
///
/// A timer cancelled at the front leaves at once. One cancelled further in is only counted: its
/// key stays, dead, until it reaches the front or the lane is compacted (when dead keys outnumber
/// live ones enough, so a lane never holds more than a few times its live timers). A key records
/// the generation of its slot when it was set, and the queue bumps a slot's generation whenever a
/// cancellable timer leaves it, so a key is live exactly while its slot's generation is still the
/// one it records (``isLive(_:generations:)``). Cancelling touches the slot's fields, not the key: with
/// 10,000 calls in flight a lane holds 240 KB of keys, and marking the cancelled key missed the
/// cache at almost every answered call. Whatever the timer captures is released at cancellation
/// either way: the queue moves its action out.
///
/// Invariant: when the lane holds a live timer, the one at ``head`` is live.
struct TimerLane {
    /// One timer of the lane, without its action.
    struct Key {
        let deadline: Int64
        let sequence: UInt64
        /// The slot holding the action.
        let slot: UInt32
        /// The slot's generation when the timer was set.
        let generation: UInt32
    }

    /// The duration every timer of the lane was set for.
    var duration: Int64
    /// The timers from ``head`` on, in (instant, sequence) order, live and dead.
    private(set) var keys: [Key] = []
    /// Index of the earliest live timer (of the end when none is left).
    private(set) var head = 0
    /// Live timers.
    private(set) var live = 0
    /// The deadline of the key appended last: read at every timer set for the lane's duration,
    /// where the last key, a few thousand keys from the head, was as often as not out of the cache.
    private var lastDeadline: Int64 = 0

    /// Lanes shorter than this are never compacted: copying them would cost more than it saves.
    private static let compactionFloor = 1_024

    /// Whether `key` stands for a pending timer: its slot's generation, in its queue's
    /// `generations`, is still the one it was set with. (A pointer rather than a closure over the
    /// queue, which would retain and release the queue at every call.)
    @inline(__always)
    static func isLive(_ key: Key, generations: UnsafeMutablePointer<UInt32>) -> Bool {
        generations[Int(key.slot)] == key.generation
    }

    init(duration: Int64) {
        self.duration = duration
    }

    /// The earliest live timer.
    var first: Key? { live == 0 ? nil : keys[head] }

    /// Whether a timer due at `deadline` keeps the lane in order when appended.
    func accepts(deadline: Int64) -> Bool {
        live == 0 || lastDeadline <= deadline
    }

    /// Appends `key` (due no earlier than any key in the lane, with a later sequence number).
    mutating func append(_ key: Key) {
        keys.append(key)
        lastDeadline = key.deadline
        live += 1
    }

    /// Removes the earliest live timer and the dead keys behind it.
    mutating func removeFirst(generations: UnsafeMutablePointer<UInt32>) {
        live -= 1
        head += 1
        while head < keys.count, !Self.isLive(keys[head], generations: generations) { head += 1 }
        if head == keys.count {
            keys.removeAll(keepingCapacity: true)
            head = 0
            return
        }
        guard head >= Self.compactionFloor, head * 2 >= keys.count else { return }
        keys.removeFirst(head)
        head = 0
    }

    /// Counts a live timer behind the earliest as cancelled: its slot has already moved on, so
    /// its key is dead from now on.
    mutating func noteCancelled(generations: UnsafeMutablePointer<UInt32>) {
        live -= 1
        let held = keys.count - head
        guard held >= Self.compactionFloor, held > 4 * live else { return }
        keys = keys[head...].filter { Self.isLive($0, generations: generations) }
        if let last = keys.last { lastDeadline = last.deadline }
        head = 0
    }

    /// Drops the keys before ``head``, which nothing reads again.
    mutating func dropPassed() {
        keys.removeFirst(head)
        head = 0
    }

    /// Replaces every key's sequence number by `rank` of it (an increasing map, so the lane stays
    /// in order): ``TimerQueue``'s renumbering.
    mutating func renumber(_ rank: (UInt64) -> UInt64) {
        keys = keys.map { Key(deadline: $0.deadline, sequence: rank($0.sequence), slot: $0.slot, generation: $0.generation) }
    }

    /// The live timers, earliest first.
    func forEachLive(generations: UnsafeMutablePointer<UInt32>, _ body: (Key) -> Void) {
        for index in head..<keys.count where Self.isLive(keys[index], generations: generations) { body(keys[index]) }
    }
}
