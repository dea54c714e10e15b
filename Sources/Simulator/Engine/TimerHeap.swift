import CPrefetch

/// A 4-ary min-heap of ``TimerQueue/Key``s ordered by (virtual instant, sequence number): one of
/// the two heaps of a ``TimerQueue``.
///
/// Four children per entry rather than two: every event pops the earliest timer, and a pop sifts
/// an entry down the heap; a 4-ary heap is half as deep, so that sift moves half as many entries
/// (and touches half as many cache lines) for a few more comparisons among siblings that sit
/// side by side in memory. The storage is aligned so that an entry's four children fill one
/// 64-byte cache line.
///
/// Whoever needs to find a key again is told where it went as it moves (``Placement``): the slot
/// of a cancellable timer, a lane for its proxy. Storage is managed by hand, so sifting neither
/// retains nor releases anything; the owner calls ``deallocate()``.
struct TimerHeap {
    typealias Key = TimerQueue.Key

    /// Where the positions of the keys that can be found again are written.
    struct Placement {
        /// Per slot: the heap index of the cancellable timer in it.
        let positions: UnsafeMutablePointer<Int32>
        /// Per lane: the heap index of its proxy key.
        let proxyPositions: UnsafeMutablePointer<Int32>

        /// Records where `key` now is, if anything needs to find it: a cancellable timer of the
        /// heap's own in its slot, a lane's proxy for its lane.
        @inline(__always)
        func note(_ key: Key, at index: Int) {
            if key.cancellable {
                positions[Int(key.slot)] = Int32(index)
            } else if key.lane != 0 {
                proxyPositions[Int(key.lane) - 1] = Int32(index)
            }
        }
    }

    /// The keys: 3 keys into `storage`, which is aligned to 64 bytes, so that the children of
    /// entry `i` (`4i + 1 … 4i + 4`) start a cache line.
    private(set) var keys: UnsafeMutablePointer<Key>
    private var storage: UnsafeMutableRawPointer
    private var capacity: Int
    /// Keys in the heap.
    private(set) var count = 0

    /// Children per entry: entry `i`'s children are `arity·i + 1 … arity·i + arity`.
    static let arity = 4

    init(capacity: Int = 64) {
        self.capacity = capacity
        (storage, keys) = Self.allocate(capacity: capacity)
    }

    /// Frees the storage; the heap is not used again.
    func deallocate() { storage.deallocate() }

    /// The earliest key. - Precondition: the heap is not empty.
    @inline(__always) var first: Key { keys[0] }

    /// Forgets every key (their timers are the owner's to release).
    mutating func removeAll() { count = 0 }

    /// Adds `key`.
    ///
    /// - Complexity: O(log n).
    @inline(__always)
    mutating func insert(_ key: Key, placement: Placement) {
        if count == capacity { grow() }
        count += 1
        siftUp(key, from: count - 1, placement: placement)
    }

    /// Removes the earliest key.
    ///
    /// - Precondition: the heap is not empty.
    @inline(__always)
    mutating func removeFirst(placement: Placement) {
        count -= 1
        if count > 0 { siftDown(keys[count], from: 0, placement: placement) }
    }

    /// Takes the key at `index` out.
    mutating func remove(at index: Int, placement: Placement) {
        count -= 1
        guard index < count else { return }
        let last = keys[count]
        if index > 0 && last.precedes(keys[(index - 1) / Self.arity]) {
            siftUp(last, from: index, placement: placement)
        } else {
            siftDown(last, from: index, placement: placement)
        }
    }

    /// Puts `key`, which does not precede the key at `index`, in its place: it sinks from there.
    @inline(__always)
    mutating func replace(at index: Int, withLater key: Key, placement: Placement) {
        siftDown(key, from: index, placement: placement)
    }

    /// Puts `key`, which precedes the key at `index`, in its place: it rises from there.
    mutating func replace(at index: Int, withEarlier key: Key, placement: Placement) {
        siftUp(key, from: index, placement: placement)
    }

    /// Replaces each key's stored sequence number by `rank` of it (an increasing map, so the heap
    /// stays in order).
    mutating func renumber(_ rank: (UInt64) -> UInt64) {
        for index in 0..<count { keys[index] = keys[index].renumbered(rank(keys[index].sequence)) }
    }

    private mutating func grow() {
        let (biggerStorage, bigger) = Self.allocate(capacity: capacity * 2)
        bigger.moveInitialize(from: keys, count: count)
        storage.deallocate()
        (storage, keys) = (biggerStorage, bigger)
        capacity *= 2
    }

    /// Storage for `capacity` keys aligned so that key 1, and every fourth key after it, starts
    /// a cache line: the storage and where key 0 goes, 3 keys into it.
    private static func allocate(capacity: Int) -> (UnsafeMutableRawPointer, UnsafeMutablePointer<Key>) {
        let storage = UnsafeMutableRawPointer.allocate(byteCount: (capacity + 3) * MemoryLayout<Key>.stride, alignment: 64)
        let keys = (storage + 3 * MemoryLayout<Key>.stride).bindMemory(to: Key.self, capacity: capacity)
        return (storage, keys)
    }

    /// Places `key` at the hole `index` or above it.
    @inline(__always)
    private func siftUp(_ key: Key, from index: Int, placement: Placement) {
        var hole = index
        while hole > 0 {
            let parent = (hole - 1) / Self.arity
            guard key.precedes(keys[parent]) else { break }
            place(keys[parent], at: hole, placement: placement)
            hole = parent
        }
        place(key, at: hole, placement: placement)
    }

    /// Places `key` at the hole `index` or below it; `count` excludes it.
    @inline(__always)
    private func siftDown(_ key: Key, from index: Int, placement: Placement) {
        var hole = index
        let limit = count
        while true {
            let first = Self.arity &* hole &+ 1
            guard first < limit else { break }
            // The earliest of the (up to four) children.
            var child = first
            if first &+ 3 < limit {
                child &+= Self.earliestOfFour(keys + first)
            } else {
                var sibling = first &+ 1
                while sibling < limit {
                    if keys[sibling].precedes(keys[child]) { child = sibling }
                    sibling &+= 1
                }
            }
            guard keys[child].precedes(key) else { break }
            place(keys[child], at: hole, placement: placement)
            hole = child
        }
        place(key, at: hole, placement: placement)
    }

    /// Puts `key` at `index` and tells whoever finds it again where it now is.
    @inline(__always)
    private func place(_ key: Key, at index: Int, placement: Placement) {
        keys[index] = key
        placement.note(key, at: index)
    }

    /// The position (0 … 3) of the earliest of the four keys at `keys`, chosen without a branch:
    /// two pairs, then their winners. Which child is earliest is as good as random, so the
    /// branch of a linear scan was mispredicted about once a level.
    @inline(__always)
    private static func earliestOfFour(_ keys: UnsafeMutablePointer<Key>) -> Int {
        let firstPair = keys[1].precedes(keys[0]) ? 1 : 0
        let secondPair = keys[3].precedes(keys[2]) ? 3 : 2
        return keys[secondPair].precedes(keys[firstPair]) ? secondPair : firstPair
    }
}
