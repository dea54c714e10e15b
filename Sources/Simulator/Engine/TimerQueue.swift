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
/// The heap holds only what orders the timers — instant, sequence number and a slot, 24 bytes —
/// and the actions (closures, continuations, targets: 33 bytes with their tag) wait in a slab of
/// slots beside it. A pop sifts down through entries that fit two or three to a cache line
/// instead of one, and touches the slab once, for the timer it fires; every timer has a slot, and
/// a cancellable one also keeps its heap position up to date there.
///
/// Storage is managed by hand (one buffer for the heap, one per slot field) so that neither
/// growing nor sifting retains and releases the timers' payloads: actions are moved, never
/// copied. It allocates only when it grows.
///
/// Its stored properties skip dynamic exclusivity checks: only the simulation thread touches
/// them, and never across a suspension.
///
/// `@unchecked Sendable`: owned by one executor and touched only on its simulation thread.
final class TimerQueue: @unchecked Sendable {
    /// A timer taken out of the queue to fire.
    struct Entry {
        let deadline: Int64
        let sequence: UInt64
        let action: Timer.Action
    }

    /// What the heap orders: one pending timer without its action.
    private struct Key {
        let deadline: Int64
        let sequence: UInt64
        /// The slot holding the action.
        let slot: UInt32
        /// Whether the slot tracks this key's heap position for ``TimerQueue/cancel(_:)``.
        let cancellable: Bool

        @inline(__always)
        func precedes(_ other: Key) -> Bool {
            deadline != other.deadline ? deadline < other.deadline : sequence < other.sequence
        }
    }

    @exclusivity(unchecked) private var heap: UnsafeMutablePointer<Key>
    @exclusivity(unchecked) private var heapCapacity: Int
    /// Number of pending timers.
    @exclusivity(unchecked) private(set) var count = 0

    /// Per slot: the action of the timer in it (initialised only while the slot is in use).
    @exclusivity(unchecked) private var actions: UnsafeMutablePointer<Timer.Action>
    /// Per slot: the heap index of a cancellable timer in it, or -1.
    @exclusivity(unchecked) private var positions: UnsafeMutablePointer<Int32>
    /// Per slot: bumped whenever a cancellable timer leaves it, so stale handles do not match.
    @exclusivity(unchecked) private var generations: UnsafeMutablePointer<UInt32>
    /// Slots allocated for each field.
    @exclusivity(unchecked) private var slotCapacity: Int
    /// Slots ever used: `0 ..< slotsUsed` are in use or free.
    @exclusivity(unchecked) private var slotsUsed = 0
    /// The free slots below `slotsUsed`, the most recently freed (warmest) last.
    @exclusivity(unchecked) private var freeSlots: UnsafeMutablePointer<UInt32>
    @exclusivity(unchecked) private var freeCount = 0

    init() {
        heapCapacity = 64
        heap = .allocate(capacity: heapCapacity)
        slotCapacity = 64
        actions = .allocate(capacity: slotCapacity)
        positions = .allocate(capacity: slotCapacity)
        positions.initialize(repeating: -1, count: slotCapacity)
        generations = .allocate(capacity: slotCapacity)
        generations.initialize(repeating: 0, count: slotCapacity)
        freeSlots = .allocate(capacity: slotCapacity)
    }

    deinit {
        for index in 0..<count { (actions + Int(heap[index].slot)).deinitialize(count: 1) }
        heap.deallocate()
        actions.deallocate()
        positions.deallocate()
        generations.deallocate()
        freeSlots.deallocate()
    }

    /// Whether no timer is pending.
    var isEmpty: Bool { count == 0 }

    /// The deadline of the earliest timer, if any.
    var earliestDeadline: Int64? { count == 0 ? nil : heap[0].deadline }

    /// Drops every pending timer (releasing what their actions capture), handing each action to
    /// `visit` first, in heap order.
    func removeAll(visiting visit: (Timer.Action) -> Void) {
        for index in 0..<count { visit(actions[Int(heap[index].slot)]) }
        removeAll()
    }

    /// Drops every pending timer (releasing what their actions capture).
    func removeAll() {
        let pending = count
        count = 0
        for index in 0..<pending {
            let key = heap[index]
            (actions + Int(key.slot)).deinitialize(count: 1)
            release(slot: key.slot, cancellable: key.cancellable)
        }
    }

    // MARK: Insertion and removal

    /// Adds a timer that cannot be cancelled.
    ///
    /// - Complexity: O(log t) for t pending timers.
    @inline(__always)
    func insert(deadline: Int64, sequence: UInt64, action: consuming Timer.Action) {
        let slot = occupySlot(with: action)
        insert(Key(deadline: deadline, sequence: sequence, slot: slot, cancellable: false))
    }

    /// Adds a timer that ``cancel(_:)`` can remove before it fires.
    ///
    /// - Complexity: O(log t).
    func insertCancellable(deadline: Int64, sequence: UInt64, action: consuming Timer.Action) -> TimerHandle {
        let slot = occupySlot(with: action)
        insert(Key(deadline: deadline, sequence: sequence, slot: slot, cancellable: true))
        return TimerHandle(slot: Int32(bitPattern: slot), generation: generations[Int(slot)])
    }

    /// Removes the timer of `handle` if it is still pending; returns whether it was.
    ///
    /// - Complexity: O(log t).
    @discardableResult
    func cancel(_ handle: TimerHandle) -> Bool {
        let slot = Int(handle.slot)
        guard slot >= 0, slot < slotsUsed, generations[slot] == handle.generation else { return false }
        let index = Int(positions[slot])
        guard index >= 0 else { return false }
        count -= 1
        if index < count {
            let last = heap[count]
            if index > 0 && last.precedes(heap[(index - 1) / Self.arity]) {
                siftUp(last, from: index)
            } else {
                siftDown(last, from: index)
            }
        }
        let removed = (actions + slot).move()
        release(slot: UInt32(slot), cancellable: true)
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
        let first = heap[0]
        if count > 0 {
            siftDown(heap[count], from: 0)
        }
        let action = (actions + Int(first.slot)).move()
        release(slot: first.slot, cancellable: first.cancellable)
        return Entry(deadline: first.deadline, sequence: first.sequence, action: action)
    }

    // MARK: Slots

    /// Moves `action` into a free slot (the most recently freed one, or a new one) and returns it.
    @inline(__always)
    private func occupySlot(with action: consuming Timer.Action) -> UInt32 {
        let slot: Int
        if freeCount > 0 {
            freeCount &-= 1
            slot = Int(freeSlots[freeCount])
        } else {
            if slotsUsed == slotCapacity { growSlots() }
            slot = slotsUsed
            slotsUsed &+= 1
        }
        (actions + slot).initialize(to: action)
        return UInt32(truncatingIfNeeded: slot)
    }

    @inline(__always)
    private func release(slot: UInt32, cancellable: Bool) {
        if cancellable {
            positions[Int(slot)] = -1
            generations[Int(slot)] &+= 1
        }
        freeSlots[freeCount] = slot
        freeCount &+= 1
    }

    /// Doubles every slot field. Only called with no free slot, so every slot below `slotsUsed`
    /// holds a pending timer: the heap lists exactly the actions to move.
    private func growSlots() {
        let capacity = slotCapacity * 2
        precondition(capacity <= Int(UInt32.max), "more pending timers than slots can name")
        let movedActions = UnsafeMutablePointer<Timer.Action>.allocate(capacity: capacity)
        for index in 0..<count {
            let slot = Int(heap[index].slot)
            (movedActions + slot).moveInitialize(from: actions + slot, count: 1)
        }
        actions.deallocate()
        actions = movedActions
        positions = Self.grown(positions, from: slotCapacity, to: capacity, filling: -1)
        generations = Self.grown(generations, from: slotCapacity, to: capacity, filling: 0)
        freeSlots.deallocate()
        freeSlots = .allocate(capacity: capacity)
        slotCapacity = capacity
    }

    private static func grown<T: BitwiseCopyable>(_ old: UnsafeMutablePointer<T>, from oldCapacity: Int, to capacity: Int, filling value: T) -> UnsafeMutablePointer<T> {
        let bigger = UnsafeMutablePointer<T>.allocate(capacity: capacity)
        bigger.moveInitialize(from: old, count: oldCapacity)
        (bigger + oldCapacity).initialize(repeating: value, count: capacity - oldCapacity)
        old.deallocate()
        return bigger
    }

    // MARK: Heap maintenance

    /// Children per entry: entry `i`'s children are `arity·i + 1 … arity·i + arity`.
    private static let arity = 4

    @inline(__always)
    private func insert(_ key: Key) {
        if count == heapCapacity { growHeap() }
        count += 1
        siftUp(key, from: count - 1)
    }

    private func growHeap() {
        let bigger = UnsafeMutablePointer<Key>.allocate(capacity: heapCapacity * 2)
        bigger.moveInitialize(from: heap, count: count)
        heap.deallocate()
        heap = bigger
        heapCapacity *= 2
    }

    /// Places `key` at the hole `index` or above it.
    @inline(__always)
    private func siftUp(_ key: Key, from index: Int) {
        var hole = index
        while hole > 0 {
            let parent = (hole - 1) / Self.arity
            guard key.precedes(heap[parent]) else { break }
            heap[hole] = heap[parent]
            noteMoved(to: hole)
            hole = parent
        }
        heap[hole] = key
        if key.cancellable { positions[Int(key.slot)] = Int32(hole) }
    }

    /// Places `key` at the hole `index` or below it; `count` excludes it.
    @inline(__always)
    private func siftDown(_ key: Key, from index: Int) {
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
            guard heap[child].precedes(key) else { break }
            heap[hole] = heap[child]
            noteMoved(to: hole)
            hole = child
        }
        heap[hole] = key
        if key.cancellable { positions[Int(key.slot)] = Int32(hole) }
    }

    @inline(__always)
    private func noteMoved(to index: Int) {
        let key = heap[index]
        if key.cancellable { positions[Int(key.slot)] = Int32(index) }
    }
}

/// Names one cancellable timer; stale once the timer fired or was cancelled.
struct TimerHandle: Equatable {
    let slot: Int32
    let generation: UInt32

    /// A handle that matches no timer.
    static let none = TimerHandle(slot: -1, generation: 0)
}
