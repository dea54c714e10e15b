/// The far timers of a ``TimerQueue`` due in the buckets of instants after its far heap's: a ring
/// of buckets, each an unsorted list, found by index rather than by hashing.
///
/// A world of a million closed-loop users thinking 30 s keeps a million think timers; in one heap
/// every pop sifted through all of them, missing the cache at every level (a fifth of the run).
/// The queue keeps in its far heap only the timers of the earliest bucket (a span of
/// 2^``shift`` nanoseconds) and those of the ring's later buckets here, appended in O(1) and
/// sorted into the heap only when their bucket becomes the earliest. The ring spans ``size``
/// buckets after the far heap's; later timers wait in a heap of their own (``TimerQueue``).
///
/// Bucket `b` lives at index `b & (size - 1)`: the live timers of the ring are due in the `size`
/// buckets after the far heap's, which are at distinct indices, so the live timers at one index
/// share their bucket. A bitmap marks the indices holding any timer, so finding the next bucket
/// reads a few words.
///
/// A key records its slot's generation when it was set, as a lane's does: a cancelled timer's key
/// stays, dead, until its bucket is taken (and is dropped then), so cancelling touches only its
/// slot. A dead key may outlive its bucket's turn (when it was the bucket's only key, the bucket
/// is skipped), which is harmless: it is dropped whenever its index is taken.
struct FarTimerRing {
    /// A waiting timer: its key and its slot's generation when it was set.
    struct Entry {
        let key: TimerQueue.Key
        let generation: UInt32
    }

    /// Bits of an instant below its bucket: a bucket spans 2^shift nanoseconds.
    let shift: Int
    /// Buckets in the ring, a power of two.
    let size: Int
    /// The timers at each index, live and dead; empty until the first is held.
    private var buckets: [[Entry]] = []
    /// One bit per index of ``buckets``: whether it holds any key.
    private var occupied: [UInt64] = []
    /// Live timers held (cancelled ones are counted out at once).
    private(set) var live = 0
    /// Keys held, live and dead.
    private var held = 0
    /// Emptied buckets' storage, kept for buckets to come: a bucket grows by doubling, and a new
    /// one for every quarter second would otherwise allocate a few times over.
    private var spares: [[Entry]] = []
    /// Storage kept as a spare holds at most this many entries (larger buckets' allocations are
    /// few against their work, and keeping them for small buckets would hold memory for nothing)…
    private static let spareCapacity = 1_024
    /// … and at most this many spares are kept.
    private static let spareLimit = 64

    /// A ring of `size` buckets (a power of two, at least 64) of 2^`shift` nanoseconds.
    init(shift: Int, size: Int) {
        precondition(shift >= 0 && shift < 62, "a bucket wider than any instant")
        precondition(size >= 64 && size & (size - 1) == 0, "a ring whose size is not a power of two of at least 64")
        self.shift = shift
        self.size = size
    }

    /// The bucket of `deadline`.
    @inline(__always)
    func bucket(of deadline: Int64) -> Int64 { deadline >> Int64(shift) }

    /// Whether `entry` still stands for a pending timer (its slot's generation is unchanged).
    @inline(__always)
    static func isLive(_ entry: Entry, generations: UnsafeMutablePointer<UInt32>) -> Bool {
        generations[Int(entry.key.slot)] == entry.generation
    }

    /// Holds `entry`, due in `bucket`, one of the `size` buckets after the far heap's.
    @inline(__always)
    mutating func hold(_ entry: Entry, in bucket: Int64) {
        if buckets.isEmpty {
            buckets = Array(repeating: [], count: size)
            occupied = Array(repeating: 0, count: size / 64)
        }
        let index = Int(truncatingIfNeeded: bucket) & (size - 1)
        if buckets[index].capacity == 0, let spare = spares.popLast() { buckets[index] = spare }
        buckets[index].append(entry)
        occupied[index >> 6] |= 1 << UInt64(index & 63)
        live += 1
        held += 1
    }

    /// Counts a held timer as cancelled: its key is dead from now on (its slot's generation has
    /// moved on), and is dropped when its index is taken.
    mutating func noteCancelled() {
        live -= 1
    }

    /// Takes out the earliest bucket holding a live timer after `front` (the far heap's bucket),
    /// handing its live entries to `body` in no particular order, and returns the bucket; nil when
    /// no timer is live.
    mutating func takeEarliest(after front: Int64, generations: UnsafeMutablePointer<UInt32>, _ body: (Entry) -> Void) -> Int64? {
        guard live > 0 else {
            removeAll()
            return nil
        }
        var distance = 1
        while true {
            distance = nextOccupied(from: Int(truncatingIfNeeded: front &+ Int64(distance)) & (size - 1), distance: distance)
            let index = Int(truncatingIfNeeded: front &+ Int64(distance)) & (size - 1)
            var entries: [Entry] = []
            swap(&entries, &buckets[index])
            occupied[index >> 6] &= ~(1 << UInt64(index & 63))
            held -= entries.count
            var taken = 0
            for entry in entries where Self.isLive(entry, generations: generations) {
                body(entry)
                taken += 1
            }
            if entries.capacity <= Self.spareCapacity && spares.count < Self.spareLimit {
                entries.removeAll(keepingCapacity: true)
                spares.append(entries)
            }
            if taken > 0 {
                live -= taken
                return front &+ Int64(distance)
            }
            distance += 1
        }
    }

    /// The distance from the far heap's bucket of the first occupied index at or after `index`,
    /// which is `distance` buckets after it (the ring holds a live timer, so one is).
    ///
    /// The walk reads each word of the bitmap at most once more than a full turn: a ring that
    /// counts a live timer while no index is marked has lost track of its timers, and stops the
    /// process with that diagnosis rather than spinning for ever (a benchmark process under
    /// package-benchmark's hooks was once seen spinning here).
    private func nextOccupied(from index: Int, distance: Int) -> Int {
        var index = index, distance = distance
        for _ in 0...occupied.count {
            let word = occupied[index >> 6] >> UInt64(index & 63)
            if word != 0 {
                let skip = word.trailingZeroBitCount
                return distance + skip
            }
            let skip = 64 - index & 63
            distance += skip
            index = (index + skip) & (size - 1)
        }
        preconditionFailure("the far timer ring counts \(live) live timers of \(held) held but marks no bucket")
    }

    /// The live held timers' keys, in no particular order.
    func forEachLive(generations: UnsafeMutablePointer<UInt32>, _ body: (TimerQueue.Key) -> Void) {
        for bucket in buckets {
            for entry in bucket where Self.isLive(entry, generations: generations) { body(entry.key) }
        }
    }

    /// Drops the dead keys and lists the live ones' sequence numbers into `sequences`: the first
    /// half of ``TimerQueue``'s renumbering.
    mutating func collectSequences(into sequences: inout [UInt64], generations: UnsafeMutablePointer<UInt32>) {
        for index in buckets.indices where !buckets[index].isEmpty {
            held -= buckets[index].count
            buckets[index].removeAll { !Self.isLive($0, generations: generations) }
            held += buckets[index].count
            if buckets[index].isEmpty { occupied[index >> 6] &= ~(1 << UInt64(index & 63)) }
            sequences.append(contentsOf: buckets[index].lazy.map(\.key.sequence))
        }
    }

    /// Replaces every key's sequence number by `rank` of it (an increasing map): the second half.
    mutating func renumber(_ rank: (UInt64) -> UInt64) {
        for index in buckets.indices where !buckets[index].isEmpty {
            buckets[index] = buckets[index].map { Entry(key: $0.key.renumbered(rank($0.key.sequence)), generation: $0.generation) }
        }
    }

    /// What contradicts the ring's own bookkeeping — ``live`` against the live keys held,
    /// ``held`` against the keys, the bitmap against the buckets, a slot live twice — and the live
    /// entries with the indices they wait at. For tests (``TimerQueue/invariantViolations()``):
    /// it reads every bucket.
    func invariantViolations(generations: UnsafeMutablePointer<UInt32>) -> (violations: [String], live: [(index: Int, entry: Entry)]) {
        var violations: [String] = []
        var liveEntries: [(index: Int, entry: Entry)] = []
        var keys = 0
        var slots = Set<UInt32>()
        for (index, bucket) in buckets.enumerated() {
            keys += bucket.count
            let marked = occupied[index >> 6] & 1 << UInt64(index & 63) != 0
            if marked == bucket.isEmpty { violations.append("ring index \(index) holds \(bucket.count) keys but is \(marked ? "" : "not ")marked") }
            for entry in bucket where Self.isLive(entry, generations: generations) {
                liveEntries.append((index, entry))
                if !slots.insert(entry.key.slot).inserted { violations.append("ring holds slot \(entry.key.slot) live twice") }
            }
        }
        if keys != held { violations.append("ring counts \(held) keys held but holds \(keys)") }
        if liveEntries.count != live { violations.append("ring counts \(live) live timers but holds \(liveEntries.count)") }
        return (violations, liveEntries)
    }

    /// Forgets every held timer (their actions are the queue's to release).
    mutating func removeAll() {
        guard held > 0 else { return }
        for word in occupied.indices where occupied[word] != 0 {
            var bits = occupied[word]
            while bits != 0 {
                buckets[word << 6 | bits.trailingZeroBitCount] = []
                bits &= bits - 1
            }
            occupied[word] = 0
        }
        live = 0
        held = 0
    }
}
