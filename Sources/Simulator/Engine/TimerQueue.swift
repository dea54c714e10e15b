/// The executor's timers: a 4-ary min-heap ordered by (virtual instant, sequence number) whose
/// cancellable entries can be taken out before they fire.
///
/// Four children per entry rather than two: every event pops the earliest timer, and a pop sifts
/// an entry down the heap; a 4-ary heap is half as deep, so that sift moves half as many entries
/// (and touches half as many cache lines) for a few more comparisons among siblings that sit
/// side by side in memory.
///
/// A network call parks a timeout that is almost never due: its answer comes first. Leaving it in
/// the heap until its deadline would make every call cost one more wake-up and keep the heap (and
/// whatever the timeout captures) as large as the calls of the last timeout period. A cancellable
/// timer gets a slot whose position in the heap is kept up to date, so it can be removed in
/// O(log t) the moment it is no longer needed. Slots carry a generation, so a handle whose timer
/// has fired or been cancelled can never remove the slot's next occupant.
///
/// Storage is managed by hand (one buffer for the heap, one for slot positions) so that neither
/// growing nor sifting retains and releases the timers' payloads: entries are moved, never
/// copied. It allocates only when it grows.
///
/// Its stored properties skip dynamic exclusivity checks: only the simulation thread touches
/// them, and never across a suspension.
///
/// `@unchecked Sendable`: owned by one executor and touched only on its simulation thread.
final class TimerQueue: @unchecked Sendable {
    /// One pending timer.
    struct Entry {
        let deadline: Int64
        let sequence: UInt64
        /// The slot of a cancellable timer, or -1.
        let slot: Int32
        let action: Timer.Action

        @inline(__always)
        func precedes(_ other: Entry) -> Bool {
            deadline != other.deadline ? deadline < other.deadline : sequence < other.sequence
        }
    }

    @exclusivity(unchecked) private var heap: UnsafeMutablePointer<Entry>
    @exclusivity(unchecked) private var heapCapacity: Int
    /// Number of pending timers.
    @exclusivity(unchecked) private(set) var count = 0

    /// Heap index of the timer in each slot, or -1 for a free slot.
    @exclusivity(unchecked) private var positions: [Int32] = []
    /// Bumped whenever a slot is freed, so stale handles do not match.
    @exclusivity(unchecked) private var generations: [UInt32] = []
    @exclusivity(unchecked) private var freeSlots: [Int32] = []

    init() {
        heapCapacity = 64
        heap = .allocate(capacity: heapCapacity)
    }

    deinit {
        heap.deinitialize(count: count)
        heap.deallocate()
    }

    /// Whether no timer is pending.
    var isEmpty: Bool { count == 0 }

    /// The deadline of the earliest timer, if any.
    var earliestDeadline: Int64? { count == 0 ? nil : heap[0].deadline }

    /// Drops every pending timer (releasing what their actions capture), handing each action to
    /// `visit` first, in heap order.
    func removeAll(visiting visit: (Timer.Action) -> Void) {
        for index in 0..<count { visit(heap[index].action) }
        removeAll()
    }

    /// Drops every pending timer (releasing what their actions capture).
    func removeAll() {
        heap.deinitialize(count: count)
        count = 0
        for slot in positions.indices where positions[slot] >= 0 {
            release(slot: Int32(slot))
        }
    }

    // MARK: Insertion and removal

    /// Adds a timer that cannot be cancelled.
    ///
    /// - Complexity: O(log t) for t pending timers.
    @inline(__always)
    func insert(deadline: Int64, sequence: UInt64, action: Timer.Action) {
        insert(Entry(deadline: deadline, sequence: sequence, slot: -1, action: action))
    }

    /// Adds a timer that ``cancel(_:)`` can remove before it fires.
    ///
    /// - Complexity: O(log t).
    func insertCancellable(deadline: Int64, sequence: UInt64, action: Timer.Action) -> TimerHandle {
        let slot: Int32
        if let free = freeSlots.popLast() {
            slot = free
        } else {
            slot = Int32(positions.count)
            positions.append(-1)
            generations.append(0)
        }
        insert(Entry(deadline: deadline, sequence: sequence, slot: slot, action: action))
        return TimerHandle(slot: slot, generation: generations[Int(slot)])
    }

    /// Removes the timer of `handle` if it is still pending; returns whether it was.
    ///
    /// - Complexity: O(log t).
    @discardableResult
    func cancel(_ handle: TimerHandle) -> Bool {
        let slot = Int(handle.slot)
        guard slot >= 0, slot < positions.count, generations[slot] == handle.generation else { return false }
        let index = Int(positions[slot])
        guard index >= 0 else { return false }
        release(slot: handle.slot)
        count -= 1
        let removed = (heap + index).move()
        if index < count {
            let last = (heap + count).move()
            if index > 0 && last.precedes(heap[(index - 1) / Self.arity]) {
                siftUp(last, from: index)
            } else {
                siftDown(last, from: index)
            }
        }
        _ = consume removed
        return true
    }

    /// Removes and returns the earliest timer.
    ///
    /// - Precondition: the queue is not empty.
    /// - Complexity: O(log t).
    @inline(__always)
    func removeMin() -> Entry {
        precondition(count > 0, "no timer pending")
        count -= 1
        let first = heap.move()
        if count > 0 {
            siftDown((heap + count).move(), from: 0)
        }
        if first.slot >= 0 { release(slot: first.slot) }
        return first
    }

    // MARK: Heap maintenance

    /// Children per entry: entry `i`'s children are `arity·i + 1 … arity·i + arity`.
    private static let arity = 4

    private func insert(_ entry: Entry) {
        if count == heapCapacity { grow() }
        count += 1
        siftUp(entry, from: count - 1)
    }

    private func grow() {
        let bigger = UnsafeMutablePointer<Entry>.allocate(capacity: heapCapacity * 2)
        bigger.moveInitialize(from: heap, count: count)
        heap.deallocate()
        heap = bigger
        heapCapacity *= 2
    }

    /// Places `entry` at the hole `index` (uninitialised) or above it.
    @inline(__always)
    private func siftUp(_ entry: consuming Entry, from index: Int) {
        var hole = index
        while hole > 0 {
            let parent = (hole - 1) / Self.arity
            guard entry.precedes(heap[parent]) else { break }
            (heap + hole).moveInitialize(from: heap + parent, count: 1)
            noteMoved(to: hole)
            hole = parent
        }
        let slot = entry.slot
        (heap + hole).initialize(to: entry)
        if slot >= 0 { positions[Int(slot)] = Int32(hole) }
    }

    /// Places `entry` at the hole `index` (uninitialised) or below it; `count` excludes it.
    @inline(__always)
    private func siftDown(_ entry: consuming Entry, from index: Int) {
        var hole = index
        let limit = count
        while true {
            let first = Self.arity &* hole &+ 1
            guard first < limit else { break }
            // The earliest of the (up to four) children.
            var child = first
            var sibling = first &+ 1
            let end = Swift.min(first &+ Self.arity, limit)
            while sibling < end {
                if heap[sibling].precedes(heap[child]) { child = sibling }
                sibling &+= 1
            }
            guard heap[child].precedes(entry) else { break }
            (heap + hole).moveInitialize(from: heap + child, count: 1)
            noteMoved(to: hole)
            hole = child
        }
        let slot = entry.slot
        (heap + hole).initialize(to: entry)
        if slot >= 0 { positions[Int(slot)] = Int32(hole) }
    }

    @inline(__always)
    private func noteMoved(to index: Int) {
        let slot = heap[index].slot
        if slot >= 0 { positions[Int(slot)] = Int32(index) }
    }

    private func release(slot: Int32) {
        positions[Int(slot)] = -1
        generations[Int(slot)] &+= 1
        freeSlots.append(slot)
    }
}

/// Names one cancellable timer; stale once the timer fired or was cancelled.
struct TimerHandle: Equatable {
    let slot: Int32
    let generation: UInt32

    /// A handle that matches no timer.
    static let none = TimerHandle(slot: -1, generation: 0)
}
