import CPrefetch

/// The executor's timers: min-heaps ordered by (virtual instant, sequence number) whose
/// cancellable entries can be taken out before they fire.
///
/// A network call parks a timeout that is almost never due: its answer comes first. Leaving it in
/// the heap until its deadline would make every call cost one more wake-up and keep the heap (and
/// whatever the timeout captures) as large as the calls of the last timeout period. A cancellable
/// timer gets a slot whose position in the heap is kept up to date, so it can be removed in
/// O(log t) the moment it is no longer needed. Slots carry a generation, so a handle whose timer
/// has fired or been cancelled can never remove the slot's next occupant.
///
/// The heaps (``TimerHeap``) hold only what orders the timers — instant, sequence number and a
/// slot, packed in 16 bytes (``Key``) — and the actions (closures, continuations, targets: 33
/// bytes with their tag) wait in a slab of slots beside them. A pop sifts down through one cache
/// line per level, and touches the slab once, for the timer it fires; every timer has a slot, and
/// a cancellable one also keeps its heap position up to date there.
///
/// Two heaps: a timer due more than ``farDelay`` after the last one fired waits in the far heap,
/// every other in the near heap, where the far heap's earliest timer stands as a proxy key, as a
/// lane's does (below). A world of 10,000 closed-loop users keeps 10,000 think timers seconds away,
/// and the few timers of the requests in flight (latencies, service times), each due within
/// milliseconds, sifted up through all of them when set and made every pop sift the last of them
/// down all the way again: in the near heap they pass among a few dozen. Which heap a timer waits
/// in never changes when it fires.
///
/// The far heap itself holds only the far timers due in its bucket of instants (2²⁸ ns, about a
/// quarter of a second) or earlier; those of the next ``FarTimerRing/size`` buckets (1,024, about
/// 4.6 minutes) wait unsorted in a ``FarTimerRing``, and any later in a heap of their own
/// (`beyond`). When the far heap runs out, the ring's next bucket is sorted into it. A million
/// think timers then cost a pop the sift through a quarter of a second's worth of them, not
/// through all: a heap of all of them missed the cache at every level. The far heap's bucket is
/// its first timer's; while few far timers wait, an earlier one starts the buckets again from its
/// own (``rebucket(to:)``).
///
/// Cancellable timers set for a duration (``insertCancellable(deadline:sequence:action:lane:)``)
/// wait in a ``TimerLane`` per duration (up to ``maximumLanes``), first in, first out, and only
/// each lane's earliest timer stands in the near heap, as a proxy key: the heap holds the timers
/// that differ and one key per lane, where it held every pending timeout. A proxy carries its
/// timer's instant, sequence number and slot, so timers fire in exactly the (instant, sequence)
/// order of one heap holding them all, and a pop takes the near heap's first key as before.
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
    /// A timer taken out of the queue to fire. Its `sequence` is the one it was set with, unless
    /// the queue renumbered its timers since: then it is a number in the same order as every
    /// other timer's, but not the one it was set with.
    struct Entry {
        let deadline: Int64
        let sequence: UInt64
        let action: Timer.Action
    }

    /// What the heap orders: one pending timer without its action, in 16 bytes, so that an
    /// entry's four children fill one 64-byte cache line (the heap's storage is aligned for it).
    ///
    /// The second word packs, from its top bit down, the timer's sequence number as the queue
    /// stores it (``sequenceBits`` bits: see ``sequenceLimit``), its slot (``slotBits`` bits), 1 +
    /// the lane (or ``farLane``) whose earliest timer the key stands for or 0 for a timer of the
    /// heap's own (3 bits), and whether the slot tracks the key's heap position (1 bit). Stored sequence numbers
    /// differ between pending timers, so comparing the words compares the sequence numbers.
    struct Key {
        let deadline: Int64
        let word: UInt64

        @inline(__always)
        init(deadline: Int64, sequence: UInt64, slot: UInt32, cancellable: Bool, lane: UInt8 = 0) {
            self.deadline = deadline
            word = sequence << (TimerQueue.slotBits + 4) | UInt64(slot) << 4 | UInt64(lane) << 1 | (cancellable ? 1 : 0)
        }

        /// The sequence number as the queue stores it.
        @inline(__always) var sequence: UInt64 { word >> (TimerQueue.slotBits + 4) }
        /// The slot holding the action.
        @inline(__always) var slot: UInt32 { UInt32(truncatingIfNeeded: word >> 4) & (1 << TimerQueue.slotBits - 1) }
        /// In the near heap, 1 + the lane (or ``farLane``) whose earliest timer this key stands
        /// for; 0 for a timer of the heap's own.
        @inline(__always) var lane: UInt8 { UInt8(truncatingIfNeeded: word >> 1) & 7 }
        /// Whether the slot tracks this key's heap position for ``TimerQueue/cancel(_:)``.
        @inline(__always) var cancellable: Bool { word & 1 != 0 }

        /// The same timer with its stored sequence number replaced.
        func renumbered(_ sequence: UInt64) -> Key {
            Key(deadline: deadline, sequence: sequence, slot: slot, cancellable: cancellable, lane: lane)
        }

        @inline(__always)
        func precedes(_ other: Key) -> Bool {
            deadline != other.deadline ? deadline < other.deadline : word < other.word
        }
    }

    /// Bits of a key's slot: up to 2²⁷ (134 million) timers pending at once, far beyond what
    /// the memory of their tasks and calls allows.
    static let slotBits = 27
    /// Bits of a key's stored sequence number.
    static let sequenceBits = 64 - slotBits - 4

    /// Stored sequence numbers are the callers' minus ``sequenceBase``. When a caller's number
    /// would be stored at or above this limit (every 2³³ timers with the default), the queue
    /// renumbers its pending timers 0, 1, … in their order and moves the base up
    /// (``renumber()``): the order of the timers is kept, and with it the firing order.
    let sequenceLimit: UInt64
    /// What is subtracted from a caller's sequence number to store it.
    @exclusivity(unchecked) private var sequenceBase: UInt64 = 0
    /// Times the queue has renumbered its timers.
    @exclusivity(unchecked) private(set) var renumberings = 0

    /// The timers due within ``farDelay`` of the last one fired when they were set, and the
    /// lanes' proxies.
    @exclusivity(unchecked) private(set) var near = TimerHeap()
    /// The timers due later than that, in ``frontBucket`` or earlier.
    @exclusivity(unchecked) private(set) var far = TimerHeap()
    /// The bucket of instants (``FarTimerRing/bucket(of:)``) of the far heap: its timers are
    /// due in it or earlier, every other far timer later. Meaningless while the far heap is empty,
    /// as the ring and `beyond` then are.
    @exclusivity(unchecked) private(set) var frontBucket: Int64 = 0
    /// The far timers due in the ring's buckets after ``frontBucket``.
    @exclusivity(unchecked) private(set) var ring: FarTimerRing
    /// The far timers due after the ring's buckets.
    @exclusivity(unchecked) private(set) var beyond = TimerHeap()
    /// Storage for ``rebucket(to:)``'s timers, kept between calls.
    @exclusivity(unchecked) private var rebucketed: [Key] = []
    /// Times a far timer started the buckets again (``rebucket(to:)``).
    @exclusivity(unchecked) private(set) var rebucketings = 0
    /// A timer due more than this many nanoseconds after ``lastFired`` goes to the far heap.
    let farDelay: Int64
    /// The instant of the timer fired last.
    @exclusivity(unchecked) private var lastFired: Int64 = 0
    /// Number of pending timers, in the heap and in the lanes.
    @exclusivity(unchecked) private(set) var count = 0

    /// Lanes for up to this many durations at once; timers for others go to the heap.
    static let maximumLanes = 4
    /// The far heap's proxies are those of a lane of this index, past the lanes' own.
    static let farLane = maximumLanes
    /// Proxies, counting the far heap's: their lane indices are `0 ..< proxyKinds`.
    static let proxyKinds = maximumLanes + 1
    @exclusivity(unchecked) private(set) var lanes: [TimerLane] = []
    /// Per lane, and for the far heap at ``farLane``: the near heap's index of its proxy key, or
    /// -1 while it is empty.
    @exclusivity(unchecked) private(set) var proxyPositions: UnsafeMutablePointer<Int32>

    /// Per slot: the action of the timer in it (initialised only while the slot is in use).
    @exclusivity(unchecked) private var actions: UnsafeMutablePointer<Timer.Action>
    /// Per slot: the index of a cancellable timer in its heap (``laneOfSlot`` tells which), or -1
    /// (a lane's timer is found through its lane).
    @exclusivity(unchecked) private(set) var positions: UnsafeMutablePointer<Int32>
    /// Per slot: 1 + the lane of the cancellable timer in it, ``inFarHeap``, ``inRing`` or
    /// ``inBeyond`` for a far one, or 0 for one in the near heap.
    @exclusivity(unchecked) private(set) var laneOfSlot: UnsafeMutablePointer<UInt8>
    /// Per slot: bumped whenever a cancellable timer leaves it, so stale handles, and the keys a
    /// lane still holds for cancelled timers, do not match.
    @exclusivity(unchecked) private(set) var generations: UnsafeMutablePointer<UInt32>
    /// Slots allocated for each field.
    @exclusivity(unchecked) private var slotCapacity: Int
    /// Slots ever used: `0 ..< slotsUsed` are in use or free.
    @exclusivity(unchecked) private(set) var slotsUsed = 0
    /// The free slots below `slotsUsed`, the most recently freed (warmest) last.
    @exclusivity(unchecked) private(set) var freeSlots: UnsafeMutablePointer<UInt32>
    @exclusivity(unchecked) private(set) var freeCount = 0

    /// ``laneOfSlot`` of a cancellable timer in the far heap.
    static let inFarHeap: UInt8 = .max
    /// ``laneOfSlot`` of a cancellable timer in the ring.
    static let inRing: UInt8 = .max - 1
    /// ``laneOfSlot`` of a cancellable timer in `beyond`.
    static let inBeyond: UInt8 = .max - 2

    /// A queue; `sequenceLimit` (at most 2^``sequenceBits``), `farDelay` (one virtual second),
    /// the far buckets' span `2^farBucketShift` ns and the ring's `farBuckets` are lowered only
    /// by tests, to renumber often, to fill both heaps and to spread far timers over the ring and
    /// past it.
    init(sequenceLimit: UInt64 = 1 << UInt64(TimerQueue.sequenceBits), farDelay: Int64 = 1_000_000_000, farBucketShift: Int = 28, farBuckets: Int = 1_024) {
        precondition(sequenceLimit > 1 && sequenceLimit <= 1 << UInt64(Self.sequenceBits), "a sequence limit the keys cannot hold")
        precondition(farDelay >= 0, "a negative delay for the far heap")
        self.sequenceLimit = sequenceLimit
        self.farDelay = farDelay
        ring = FarTimerRing(shift: farBucketShift, size: farBuckets)
        slotCapacity = 64
        actions = .allocate(capacity: slotCapacity)
        positions = .allocate(capacity: slotCapacity)
        positions.initialize(repeating: -1, count: slotCapacity)
        generations = .allocate(capacity: slotCapacity)
        generations.initialize(repeating: 0, count: slotCapacity)
        laneOfSlot = .allocate(capacity: slotCapacity)
        laneOfSlot.initialize(repeating: 0, count: slotCapacity)
        freeSlots = .allocate(capacity: slotCapacity)
        proxyPositions = .allocate(capacity: Self.proxyKinds)
        proxyPositions.initialize(repeating: -1, count: Self.proxyKinds)
    }

    deinit {
        forEachPending { key in (actions + Int(key.slot)).move().discard() }
        near.deallocate()
        far.deallocate()
        beyond.deallocate()
        actions.deallocate()
        positions.deallocate()
        generations.deallocate()
        laneOfSlot.deallocate()
        freeSlots.deallocate()
        proxyPositions.deallocate()
    }

    /// Every pending timer's key: the near heap's own in heap order, the far heap's, the ring's,
    /// `beyond`'s, then each lane's, earliest first.
    private func forEachPending(_ body: (Key) -> Void) {
        for index in 0..<near.count where near.keys[index].lane == 0 { body(near.keys[index]) }
        for index in 0..<far.count { body(far.keys[index]) }
        ring.forEachLive(generations: generations, body)
        for index in 0..<beyond.count { body(beyond.keys[index]) }
        for lane in lanes {
            lane.forEachLive(generations: generations) { key in body(Key(deadline: key.deadline, sequence: key.sequence, slot: key.slot, cancellable: true)) }
        }
    }

    /// Far timers: in the far heap, the ring and past it.
    var farCount: Int { far.count + ring.live + beyond.count }

    /// Far timers in the far heap itself.
    var farHeapCount: Int { far.count }

    /// Whether no timer is pending.
    var isEmpty: Bool { count == 0 }

    /// The deadline of the earliest timer, if any.
    var earliestDeadline: Int64? { near.count == 0 ? nil : near.first.deadline }

    /// Where the heaps write the positions of the keys they move.
    @inline(__always)
    private var placement: TimerHeap.Placement {
        TimerHeap.Placement(positions: positions, proxyPositions: proxyPositions)
    }

    /// Whether a timer due at `deadline` waits in the far heap.
    @inline(__always)
    private func isFar(_ deadline: Int64) -> Bool { deadline &- lastFired > farDelay }

    /// Drops every pending timer (releasing what their actions capture), handing each action to
    /// `visit` first: the heap's in heap order, then the lanes'.
    func removeAll(visiting visit: (Timer.Action) -> Void) {
        forEachPending { key in visit(actions[Int(key.slot)]) }
        removeAll()
    }

    /// Drops every pending timer (releasing what their actions capture, discarding their
    /// targets' entries).
    func removeAll() {
        forEachPending { key in
            let removed = (actions + Int(key.slot)).move()
            release(slot: key.slot, cancellable: key.cancellable)
            removed.discard()
        }
        near.removeAll()
        far.removeAll()
        ring.removeAll()
        beyond.removeAll()
        count = 0
        lanes.removeAll()
        proxyPositions.update(repeating: -1, count: Self.proxyKinds)
    }

    // MARK: Insertion and removal

    /// Adds a timer that cannot be cancelled.
    ///
    /// - Complexity: O(log t) for t pending timers.
    @inline(__always)
    func insert(deadline: Int64, sequence: UInt64, action: consuming Timer.Action) {
        let slot = occupySlot(with: action)
        count += 1
        let key = Key(deadline: deadline, sequence: stored(sequence), slot: slot, cancellable: false)
        if isFar(deadline) { insertFar(key) } else { near.insert(key, placement: placement) }
    }

    /// Adds `key`, a far timer, to the ring or `beyond` when it is due after the far heap's
    /// bucket, else to the far heap, and its proxy to the near heap when it is the far heap's
    /// earliest (the proxy it replaces was later, so the new one rises from its place).
    private func insertFar(_ key: Key) {
        let bucket = ring.bucket(of: key.deadline)
        if far.count == 0 {
            frontBucket = bucket
        } else if bucket < frontBucket && far.count + ring.live <= Self.rebucketingLimit {
            rebucket(to: bucket)
        } else if bucket > frontBucket {
            holdLater(key, in: bucket)
            return
        }
        if key.cancellable { laneOfSlot[Int(key.slot)] = Self.inFarHeap }
        far.insert(key, placement: placement)
        guard far.first.word == key.word else { return }
        let proxy = Self.proxy(of: key, lane: Self.farLane)
        let position = Int(proxyPositions[Self.farLane])
        if position < 0 {
            near.insert(proxy, placement: placement)
        } else {
            near.replace(at: position, withEarlier: proxy, placement: placement)
        }
    }

    /// Adds `key`, due in `bucket`, after the far heap's, to the ring when the bucket is one of
    /// its own, else to `beyond`.
    private func holdLater(_ key: Key, in bucket: Int64) {
        if bucket - frontBucket <= Int64(ring.size) {
            if key.cancellable {
                positions[Int(key.slot)] = -1
                laneOfSlot[Int(key.slot)] = Self.inRing
            }
            ring.hold(FarTimerRing.Entry(key: key, generation: generations[Int(key.slot)]), in: bucket)
        } else {
            if key.cancellable { laneOfSlot[Int(key.slot)] = Self.inBeyond }
            beyond.insert(key, placement: placement)
        }
    }

    /// Far timers a timer due before the far heap's bucket may send back to the ring, at most.
    static let rebucketingLimit = 64

    /// Makes `bucket`, earlier than the far heap's, the far heap's bucket: the timers of the far
    /// heap and the ring, at most ``rebucketingLimit``, are placed again around it.
    ///
    /// The far heap's bucket is that of the first far timer set while none waited, which may
    /// be far ahead (a fault scheduled for minute five, before any user thinks): every timer due
    /// before it would then go into the far heap, which would grow as one heap of all of them.
    /// While few far timers wait, one due before the far heap's bucket starts the buckets again
    /// from its own; once many wait, it joins the far heap (which keeps every pop and insertion
    /// O(log t), as a single heap's).
    private func rebucket(to bucket: Int64) {
        // Taken out of the field, so that emptying it keeps its storage rather than copying it.
        var keys: [Key] = []
        swap(&keys, &rebucketed)
        keys.removeAll(keepingCapacity: true)
        for index in 0..<far.count { keys.append(far.keys[index]) }
        ring.forEachLive(generations: generations) { keys.append($0) }
        far.removeAll()
        ring.removeAll()
        near.remove(at: Int(proxyPositions[Self.farLane]), placement: placement)
        proxyPositions[Self.farLane] = -1
        frontBucket = bucket
        for key in keys {
            let keyBucket = ring.bucket(of: key.deadline)
            if keyBucket > bucket {
                holdLater(key, in: keyBucket)
            } else {
                if key.cancellable { laneOfSlot[Int(key.slot)] = Self.inFarHeap }
                far.insert(key, placement: placement)
            }
        }
        if far.count > 0 { near.insert(Self.proxy(of: far.first, lane: Self.farLane), placement: placement) }
        rebucketed = keys
        rebucketings += 1
    }

    /// The key standing in the near heap for `key`, the earliest timer of lane `lane` (or of the
    /// far heap, ``farLane``): its instant, sequence number and slot.
    @inline(__always)
    static func proxy(of key: Key, lane: Int) -> Key {
        Key(deadline: key.deadline, sequence: key.sequence, slot: key.slot, cancellable: false, lane: UInt8(lane + 1))
    }

    /// `sequence` as a key stores it, renumbering the pending timers first if it would reach
    /// ``sequenceLimit``.
    ///
    /// - Precondition: `sequence` is not below any pending timer's.
    @inline(__always)
    private func stored(_ sequence: UInt64) -> UInt64 {
        let stored = sequence &- sequenceBase
        if stored < sequenceLimit { return stored }
        let pending = renumber()
        sequenceBase = sequence &- pending
        return pending
    }

    /// Adds a timer that ``cancel(_:)`` can remove before it fires. A timer set for a duration
    /// (`lane`: the duration, the deadline being now plus it) joins the lane of its duration when
    /// there is one, or room for one, and the lane stays in order.
    ///
    /// - Complexity: O(1) into a lane (O(log t) when the lane was empty); O(log t) into the heap.
    func insertCancellable(deadline: Int64, sequence: UInt64, action: consuming Timer.Action, lane duration: Int64? = nil) -> TimerHandle {
        let sequence = stored(sequence)
        let slot = occupySlot(with: action)
        count += 1
        if let duration, let lane = lane(for: duration, deadline: deadline) {
            if lanes[lane].first == nil {
                near.insert(Self.proxy(of: Key(deadline: deadline, sequence: sequence, slot: slot, cancellable: false), lane: lane), placement: placement)
            }
            lanes[lane].append(TimerLane.Key(deadline: deadline, sequence: sequence, slot: slot, generation: generations[Int(slot)]))
            laneOfSlot[Int(slot)] = UInt8(lane + 1)
        } else if isFar(deadline) {
            insertFar(Key(deadline: deadline, sequence: sequence, slot: slot, cancellable: true))
        } else {
            near.insert(Key(deadline: deadline, sequence: sequence, slot: slot, cancellable: true), placement: placement)
        }
        return TimerHandle(slot: Int32(bitPattern: slot), generation: generations[Int(slot)])
    }

    /// The lane for timers set for `duration`, made (or an empty one reused) if need be; nil when
    /// every lane is busy with other durations, or the timer would come before the lane's last.
    private func lane(for duration: Int64, deadline: Int64) -> Int? {
        if let lane = lanes.firstIndex(where: { $0.duration == duration }) {
            return lanes[lane].accepts(deadline: deadline) ? lane : nil
        }
        if lanes.count < Self.maximumLanes {
            lanes.append(TimerLane(duration: duration))
            return lanes.count - 1
        }
        guard let idle = lanes.firstIndex(where: { $0.first == nil }) else { return nil }
        lanes[idle] = TimerLane(duration: duration)
        return idle
    }

    /// Removes the timer of `handle` if it is still pending; returns whether it was.
    ///
    /// - Complexity: O(log t) in the heap, or for a lane's front; O(1) amortised further into a
    ///   lane.
    @discardableResult
    func cancel(_ handle: TimerHandle) -> Bool {
        guard let slot = pendingSlot(of: handle) else { return false }
        let removed = (actions + slot).move()
        remove(cancelled: slot)
        removed.discard()
        return true
    }

    /// ``cancel(_:)`` for a timer set with the action `.notify(wakeUp)`, as a network call sets its
    /// timeout: the caller knows the action, which is plain data, so its slot is not read (with
    /// thousands of calls in flight, reading it missed the cache at almost every answered call)
    /// and the entry is discarded as the action's would be.
    @discardableResult
    func cancel(_ handle: TimerHandle, notifying wakeUp: WakeUp) -> Bool {
        guard let slot = pendingSlot(of: handle) else { return false }
        assert({
            guard case .notify(let set) = actions[slot] else { return false }
            return set.target == wakeUp.target && set.code == wakeUp.code
        }(), "a timer cancelled as a notification it is not")
        remove(cancelled: slot)
        wakeUp.discard()
        return true
    }

    /// The slot of `handle`'s timer while it is pending.
    @inline(__always)
    func pendingSlot(of handle: TimerHandle) -> Int? {
        let slot = Int(handle.slot)
        guard slot >= 0, slot < slotsUsed, generations[slot] == handle.generation else { return nil }
        guard laneOfSlot[slot] != 0 || positions[slot] >= 0 else { return nil }
        return slot
    }

    /// Takes a pending cancellable timer out of its heap or lane and frees its slot, whose action
    /// has been moved out (or need not be).
    @inline(__always)
    private func remove(cancelled slot: Int) {
        count -= 1
        let lane = Int(laneOfSlot[slot]) - 1
        if lane < 0 {
            near.remove(at: Int(positions[slot]), placement: placement)
            release(slot: UInt32(slot), cancellable: true)
        } else if laneOfSlot[slot] == Self.inFarHeap {
            let position = Int(positions[slot])
            if position == 0 {
                removeFirst(ofLane: Self.farLane)
            } else {
                far.remove(at: position, placement: placement)
            }
            release(slot: UInt32(slot), cancellable: true)
        } else if laneOfSlot[slot] == Self.inRing {
            // Released first: its key in the ring is dead from then on.
            release(slot: UInt32(slot), cancellable: true)
            ring.noteCancelled()
        } else if laneOfSlot[slot] == Self.inBeyond {
            beyond.remove(at: Int(positions[slot]), placement: placement)
            release(slot: UInt32(slot), cancellable: true)
        } else if lanes[lane].first?.slot == UInt32(slot) {
            removeFirst(ofLane: lane)
            release(slot: UInt32(slot), cancellable: true)
        } else {
            // Released first: its key is dead from then on, should the lane compact now.
            release(slot: UInt32(slot), cancellable: true)
            lanes[lane].noteCancelled(generations: generations)
        }
    }

    /// Removes and returns the earliest timer.
    ///
    /// - Precondition: the queue is not empty.
    /// - Complexity: O(log t).
    @inline(__always)
    func removeMin() -> Entry {
        precondition(near.count > 0, "no timer pending")
        count -= 1
        let first = near.first
        let action = (actions + Int(first.slot)).move()
        action.prefetchTarget()
        lastFired = first.deadline
        if first.lane != 0 {
            removeFirst(ofLane: Int(first.lane) - 1)
        } else {
            near.removeFirst(placement: placement)
        }
        // A proxy is not itself cancellable, but a lane timer it stands for is; a far timer may
        // be, and a plain one's slot takes the same release unharmed (no handle names it).
        release(slot: first.slot, cancellable: first.cancellable || first.lane != 0)
        if near.count > 0 { orrery_prefetch(actions + Int(near.first.slot)) }
        return Entry(deadline: first.deadline, sequence: first.sequence &+ sequenceBase, action: action)
    }

    /// Starts loading what the earliest timer's firing touches first, its target: called when the
    /// ready queue runs its last job, so that the load overlaps that job. Its action was asked for
    /// when it became the earliest (``removeMin()``).
    @inline(__always)
    func prefetchEarliestTarget() {
        if near.count > 0 { (actions + Int(near.first.slot)).pointee.prefetchTarget() }
    }

    /// Takes `lane`'s earliest timer (or the far heap's, ``farLane``) out of it; its proxy in the
    /// near heap then stands for the next one (later, so it only sinks), or leaves with the last.
    private func removeFirst(ofLane lane: Int) {
        let next: Key?
        if lane == Self.farLane {
            far.removeFirst(placement: placement)
            if far.count == 0 { refillFar() }
            next = far.count > 0 ? far.first : nil
        } else {
            lanes[lane].removeFirst(generations: generations)
            next = lanes[lane].first.map { Key(deadline: $0.deadline, sequence: $0.sequence, slot: $0.slot, cancellable: false) }
        }
        let position = Int(proxyPositions[lane])
        if let next {
            near.replace(at: position, withLater: Self.proxy(of: next, lane: lane), placement: placement)
        } else {
            proxyPositions[lane] = -1
            near.remove(at: position, placement: placement)
        }
    }

    /// Moves the ring's next bucket into the emptied far heap, taking the buckets from `beyond`
    /// into the ring first if it holds none; leaves everything empty when no far timer is left.
    private func refillFar() {
        if ring.live == 0 {
            ring.removeAll()
            guard beyond.count > 0 else { return }
            frontBucket = ring.bucket(of: beyond.first.deadline) - 1
            takeBeyondIntoRing()
        }
        frontBucket = ring.takeEarliest(after: frontBucket, generations: generations) { entry in
            if entry.key.cancellable { laneOfSlot[Int(entry.key.slot)] = Self.inFarHeap }
            far.insert(entry.key, placement: placement)
        }!
        takeBeyondIntoRing()
    }

    /// Moves the timers of `beyond` due in the ring's buckets after ``frontBucket`` into the ring.
    private func takeBeyondIntoRing() {
        while beyond.count > 0 {
            let key = beyond.first
            let bucket = ring.bucket(of: key.deadline)
            guard bucket - frontBucket <= Int64(ring.size) else { return }
            beyond.removeFirst(placement: placement)
            holdLater(key, in: bucket)
        }
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
            laneOfSlot[Int(slot)] = 0
            generations[Int(slot)] &+= 1
        }
        freeSlots[freeCount] = slot
        freeCount &+= 1
    }

    /// Doubles every slot field. Only called with no free slot, so every slot below `slotsUsed`
    /// holds a pending timer's action, all of which move.
    private func growSlots() {
        let capacity = slotCapacity * 2
        precondition(capacity <= 1 << Self.slotBits, "more pending timers than slots can name")
        let movedActions = UnsafeMutablePointer<Timer.Action>.allocate(capacity: capacity)
        movedActions.moveInitialize(from: actions, count: slotsUsed)
        actions.deallocate()
        actions = movedActions
        positions = Self.grown(positions, from: slotCapacity, to: capacity, filling: -1)
        generations = Self.grown(generations, from: slotCapacity, to: capacity, filling: 0)
        laneOfSlot = Self.grown(laneOfSlot, from: slotCapacity, to: capacity, filling: 0)
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

    // MARK: Renumbering

    /// Numbers the stored sequence numbers of every key, in the heaps, in the ring (its dead keys
    /// dropped first) and in the lanes (live and dead, once the keys a lane has passed are
    /// dropped), 0, 1, … in their order, and returns how many there are. A proxy in the heap carries
    /// its lane's earliest key's number, so it gets that key's new number. The map is increasing,
    /// so every comparison between keys, and with it the heap's and the lanes' order, stays as it
    /// was.
    ///
    /// - Complexity: O(k log k) for k keys; once per ``sequenceLimit`` timers set.
    private func renumber() -> UInt64 {
        var sequences: [UInt64] = []
        for index in 0..<near.count where near.keys[index].lane == 0 { sequences.append(near.keys[index].sequence) }
        for index in 0..<far.count { sequences.append(far.keys[index].sequence) }
        ring.collectSequences(into: &sequences, generations: generations)
        for index in 0..<beyond.count { sequences.append(beyond.keys[index].sequence) }
        for lane in lanes.indices {
            lanes[lane].dropPassed()
            sequences.append(contentsOf: lanes[lane].keys.lazy.map(\.sequence))
        }
        sequences.sort()
        func rank(_ sequence: UInt64) -> UInt64 {
            var low = 0, high = sequences.count
            while low < high {
                let middle = (low + high) / 2
                if sequences[middle] < sequence { low = middle + 1 } else { high = middle }
            }
            return UInt64(low)
        }
        near.renumber(rank)
        far.renumber(rank)
        ring.renumber(rank)
        beyond.renumber(rank)
        for lane in lanes.indices { lanes[lane].renumber(rank) }
        renumberings += 1
        return UInt64(sequences.count)
    }
}

/// Names one cancellable timer; stale once the timer fired or was cancelled.
struct TimerHandle: Equatable {
    let slot: Int32
    let generation: UInt32

    /// A handle that matches no timer.
    static let none = TimerHandle(slot: -1, generation: 0)
}
