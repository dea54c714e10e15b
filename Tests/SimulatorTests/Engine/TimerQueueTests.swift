import Testing
@testable import Simulator

struct TimerQueueTests {
    /// Pops every timer, returning (deadline, sequence) in firing order.
    private func drain(_ queue: TimerQueue) -> [(Int64, UInt64)] {
        var fired: [(Int64, UInt64)] = []
        while !queue.isEmpty {
            let entry = queue.removeMin()
            fired.append((entry.deadline, entry.sequence))
        }
        return fired
    }

    /// What the randomized tests hold the queue to: the live timers as a plain list, and every
    /// action's sequence number in the order the actions ran.
    private struct Reference {
        final class Fired { var sequences: [UInt64] = [] }
        let fired = Fired()
        var live: [(deadline: Int64, sequence: UInt64, handle: TimerHandle?)] = []

        /// An action that records `sequence` when it runs.
        func action(_ sequence: UInt64) -> Timer.Action {
            .run { [fired] in fired.sequences.append(sequence) }
        }

        /// Whether a timer at (`a`'s deadline, sequence) fires before one at `b`'s.
        static func fires(_ a: (deadline: Int64, sequence: UInt64, handle: TimerHandle?), before b: (deadline: Int64, sequence: UInt64, handle: TimerHandle?)) -> Bool {
            a.deadline != b.deadline ? a.deadline < b.deadline : a.sequence < b.sequence
        }

        /// The index of the earliest live timer.
        var earliest: Int {
            live.indices.min { Self.fires(live[$0], before: live[$1]) }!
        }

        /// Pops `queue`'s earliest timer and checks it is the list's earliest, carrying its own
        /// action and no longer cancellable; returns its deadline.
        mutating func popAndCheck(_ queue: TimerQueue) -> Int64 {
            let earliest = earliest
            let popped = queue.removeMin()
            #expect(popped.deadline == live[earliest].deadline)
            // The action popped with a timer is the one set with it (which also tells the timer
            // when the queue has renumbered its sequence numbers).
            if case .run(let body) = popped.action {
                body()
                #expect(fired.sequences.last == live[earliest].sequence)
            } else {
                Issue.record("not the action set")
            }
            if let handle = live[earliest].handle { #expect(!queue.cancel(handle), "a fired timer cannot be cancelled") }
            live.remove(at: earliest)
            return popped.deadline
        }

        /// Durations that ``set(_:kind:now:in:random:)`` sets lane timers for: more than the queue
        /// has lanes, so some go to the heap.
        static let durations: [Int64] = [1_000, 5_000, 0, 20_000, 300, 90_000]

        /// Sets timer `sequence` in `queue` and in the list: `kind` 0 a plain heap timer, 1 a
        /// cancellable one, both due within 3,000 of `now`; any other a lane timer set for one of
        /// ``durations``, drawn from `random`.
        mutating func set(_ sequence: UInt64, kind: UInt64, now: Int64, in queue: TimerQueue, random: inout SeededRandom) {
            let action = action(sequence)
            switch kind {
            case 0:
                let deadline = now + Int64(random.next() % 3_000)
                queue.insert(deadline: deadline, sequence: sequence, action: action)
                live.append((deadline, sequence, nil))
            case 1:
                let deadline = now + Int64(random.next() % 3_000)
                live.append((deadline, sequence, queue.insertCancellable(deadline: deadline, sequence: sequence, action: action)))
            default:
                let duration = Self.durations[Int(random.next() % UInt64(Self.durations.count))]
                let handle = queue.insertCancellable(deadline: now + duration, sequence: sequence, action: action, lane: duration)
                live.append((now + duration, sequence, handle))
            }
        }

        /// Sets timer `sequence`, due at `deadline`, in `queue` and in the list: a cancellable
        /// timer or a plain one, drawn from `random`.
        mutating func set(_ sequence: UInt64, at deadline: Int64, in queue: TimerQueue, random: inout SeededRandom) {
            let action = action(sequence)
            if random.next() % 2 == 0 {
                live.append((deadline, sequence, queue.insertCancellable(deadline: deadline, sequence: sequence, action: action)))
            } else {
                queue.insert(deadline: deadline, sequence: sequence, action: action)
                live.append((deadline, sequence, nil))
            }
        }

        /// Cancels a live timer drawn from `random`, if it is a cancellable one, checking that
        /// its handle cancels it once; returns whether it did.
        mutating func cancelOne(in queue: TimerQueue, random: inout SeededRandom) -> Bool {
            let index = Int(random.next() % UInt64(live.count))
            guard let handle = live[index].handle else { return false }
            #expect(queue.cancel(handle))
            #expect(!queue.cancel(handle), "a handle cancels once")
            live.remove(at: index)
            return true
        }

        /// Pops every timer left, checking each as ``popAndCheck(_:)`` does.
        mutating func drainAndCheck(_ queue: TimerQueue) {
            while !live.isEmpty { _ = popAndCheck(queue) }
            #expect(queue.isEmpty)
        }
    }

    @Test func timersPopInInstantThenSequenceOrderWithCancelledOnesLeftOut() {
        var random = SeededRandom(seed: 7, stream: "timer-queue")
        let queue = TimerQueue()
        var expected: [(Int64, UInt64)] = []
        var handles: [(TimerHandle, Int64, UInt64)] = []
        for sequence in UInt64(1)...2_000 {
            let deadline = Int64(random.next() % 50)
            if sequence % 3 == 0 {
                handles.append((queue.insertCancellable(deadline: deadline, sequence: sequence, action: .run {}), deadline, sequence))
            } else {
                queue.insert(deadline: deadline, sequence: sequence, action: .run {})
                expected.append((deadline, sequence))
            }
        }
        for (index, (handle, deadline, sequence)) in handles.enumerated() {
            if index % 2 == 0 {
                #expect(queue.cancel(handle))
                #expect(!queue.cancel(handle), "a handle cancels once")
            } else {
                expected.append((deadline, sequence))
            }
        }
        expected.sort { $0.0 != $1.0 ? $0.0 < $1.0 : $0.1 < $1.1 }
        #expect(queue.count == expected.count)
        let fired = drain(queue)
        #expect(fired.map(\.0) == expected.map(\.0))
        #expect(fired.map(\.1) == expected.map(\.1))
    }

    /// Far-heap delays the randomized tests run with: the default (every timer of theirs in the
    /// near heap) and one that puts their timers in both heaps.
    static let farDelays: [Int64] = [1_000_000_000, 500]

    /// Inserts, cancellations (of timers anywhere in the heaps) and pops interleaved at random,
    /// checked against a plain list after every pop: every pop is the earliest live timer.
    @Test(arguments: farDelays) func interleavedInsertsCancelsAndPopsAlwaysPopTheEarliestLiveTimer(farDelay: Int64) {
        var random = SeededRandom(seed: 3, stream: "timer-queue-interleaved")
        let queue = TimerQueue(farDelay: farDelay)
        var reference = Reference()
        var sequence: UInt64 = 0
        var pops = 0, cancels = 0
        for _ in 0..<30_000 {
            let roll = random.next() % 10
            if roll < 5 || reference.live.isEmpty {
                sequence += 1
                reference.set(sequence, at: Int64(random.next() % 1_000), in: queue, random: &random)
            } else if roll < 7 {
                if reference.cancelOne(in: queue, random: &random) { cancels += 1 }
            } else {
                _ = reference.popAndCheck(queue)
                pops += 1
            }
            #expect(queue.count == reference.live.count)
        }
        #expect(pops > 5_000 && cancels > 1_000)
        reference.drainAndCheck(queue)
    }

    /// Timers set for a duration wait in FIFO lanes (more durations than there are lanes, so
    /// some go to the heap), mixed at random with plain and cancellable heap timers, cancelled
    /// anywhere and popped as virtual time advances: every pop is the earliest live timer, as
    /// from one heap holding them all, and carries its own action.
    @Test(arguments: farDelays) func lanedTimersPopInTheOrderOfOneHeap(farDelay: Int64) {
        var random = SeededRandom(seed: 11, stream: "timer-lanes")
        let queue = TimerQueue(farDelay: farDelay)
        var reference = Reference()
        var now: Int64 = 0, sequence: UInt64 = 0
        var pops = 0, cancels = 0
        for _ in 0..<20_000 {
            let roll = random.next() % 100
            if roll < 52 || reference.live.isEmpty {
                sequence += 1
                reference.set(sequence, kind: random.next() % 4, now: now, in: queue, random: &random)
            } else if roll < 74 {
                if reference.cancelOne(in: queue, random: &random) { cancels += 1 }
            } else {
                #expect(queue.earliestDeadline == reference.live[reference.earliest].deadline)
                now = reference.popAndCheck(queue)
                pops += 1
            }
            #expect(queue.count == reference.live.count)
        }
        #expect(pops > 4_000 && cancels > 3_000)
        reference.drainAndCheck(queue)
    }

    /// With a sequence limit of 64 and at most 40 timers pending, the queue renumbers its timers
    /// (in the heap, in the lanes, live and dead, and the lanes' proxies) every few dozen inserts,
    /// while timers of every kind are set, cancelled anywhere and popped: every pop is still the
    /// earliest live timer by the numbers they were set with, as from one heap holding them all.
    @Test(arguments: farDelays) func renumberedTimersKeepTheOrderTheyWereSetIn(farDelay: Int64) {
        var random = SeededRandom(seed: 5, stream: "timer-renumbering")
        let queue = TimerQueue(sequenceLimit: 64, farDelay: farDelay)
        var reference = Reference()
        var now: Int64 = 0, sequence: UInt64 = 1 << 40
        var pops = 0, cancels = 0
        for _ in 0..<20_000 {
            let roll = random.next() % 100
            if (roll < 50 && reference.live.count < 40) || reference.live.isEmpty {
                sequence += 1
                reference.set(sequence, kind: random.next() % 3, now: now, in: queue, random: &random)
            } else if roll < 75 {
                if reference.cancelOne(in: queue, random: &random) { cancels += 1 }
            } else {
                #expect(queue.earliestDeadline == reference.live[reference.earliest].deadline)
                now = reference.popAndCheck(queue)
                pops += 1
            }
            #expect(queue.count == reference.live.count)
        }
        #expect(pops > 4_000 && cancels > 2_000)
        // 408 renumberings, one every ~25 inserts: the order was carried across each of them.
        #expect(queue.renumberings > 300)
        reference.drainAndCheck(queue)
    }

    /// A long lane is compacted both ways — when most of it is cancelled behind a live front, and
    /// when its front has moved far in — and every handle still finds its own timer after.
    @Test func aCompactedLaneKeepsEveryHandle() {
        var random = SeededRandom(seed: 5, stream: "timer-lane-compaction")
        let queue = TimerQueue()
        var sequence: UInt64 = 0
        func fill(_ count: Int) -> [(sequence: UInt64, handle: TimerHandle)] {
            (0..<count).map { _ in
                sequence += 1
                return (sequence, queue.insertCancellable(deadline: 1_000 + Int64(sequence / 7), sequence: sequence, action: .run {}, lane: 1_000))
            }
        }
        // Nine in ten cancelled behind the front, at random: their dead keys are swept out.
        let first = fill(6_000)
        var kept = [first[0]]
        for entry in first.dropFirst() {
            if random.next() % 10 == 0 { kept.append(entry) } else { #expect(queue.cancel(entry.handle)) }
        }
        #expect(queue.count == kept.count)
        // Then thousands more, and the front popped far in: the lane drops what it passed.
        kept += fill(4_000)
        let popped = kept.count - 1_500
        for entry in kept.prefix(popped) { #expect(queue.removeMin().sequence == entry.sequence) }
        // Every remaining handle cancels its own timer, from the back, and nothing else.
        var remaining = kept.count - popped
        for entry in kept.dropFirst(popped).reversed() {
            #expect(queue.cancel(entry.handle))
            remaining -= 1
            #expect(queue.count == remaining)
            // Cancelled from the back, the front stays until it is the last.
            if remaining > 0 { #expect(queue.earliestDeadline == 1_000 + Int64(kept[popped].sequence / 7)) }
        }
        #expect(queue.isEmpty && queue.earliestDeadline == nil)
        for entry in first { #expect(!queue.cancel(entry.handle)) }
    }

    /// A lane timer cancelled behind the front releases what its action captures at once.
    @Test func aCancelledLaneTimerReleasesItsCaptureAtOnce() {
        final class Witness {}
        weak var captured: Witness?
        let queue = TimerQueue()
        _ = queue.insertCancellable(deadline: 10, sequence: 1, action: .run {}, lane: 10)
        let handle: TimerHandle
        do {
            let witness = Witness()
            captured = witness
            handle = queue.insertCancellable(deadline: 10, sequence: 2, action: .run { _ = witness }, lane: 10)
        }
        _ = queue.insertCancellable(deadline: 11, sequence: 3, action: .run {}, lane: 10)
        #expect(captured != nil)
        #expect(queue.cancel(handle))
        #expect(captured == nil)
        #expect(queue.removeMin().sequence == 1)
        #expect(queue.removeMin().sequence == 3)
        #expect(queue.isEmpty)
    }

    /// A lane keeps the key of a timer cancelled behind its front until the front reaches it;
    /// when the timer's slot is taken at once by the next timer of the same lane, the old key
    /// stays dead (its slot's generation moved on) and the new timer fires once, in its place.
    @Test func aDeadLaneKeyStaysDeadWhenItsSlotIsTakenAgain() {
        let queue = TimerQueue()
        _ = queue.insertCancellable(deadline: 10, sequence: 1, action: .run {}, lane: 10)
        let cancelled = queue.insertCancellable(deadline: 11, sequence: 2, action: .run {}, lane: 10)
        #expect(queue.cancel(cancelled))
        let reused = queue.insertCancellable(deadline: 12, sequence: 3, action: .run {}, lane: 10)
        #expect(reused.slot == cancelled.slot && reused.generation != cancelled.generation)
        #expect(!queue.cancel(cancelled))
        #expect(queue.count == 2)
        #expect(queue.removeMin().sequence == 1)
        #expect(queue.earliestDeadline == 12)
        #expect(queue.removeMin().sequence == 3)
        #expect(queue.isEmpty && queue.earliestDeadline == nil)
        #expect(!queue.cancel(reused))
    }

    @Test func aStaleHandleDoesNotCancelTheNextTimerInItsSlot() {
        let queue = TimerQueue()
        let first = queue.insertCancellable(deadline: 5, sequence: 1, action: .run {})
        _ = queue.removeMin()
        let second = queue.insertCancellable(deadline: 9, sequence: 2, action: .run {})
        #expect(first.slot == second.slot)
        #expect(!queue.cancel(first))
        #expect(queue.count == 1)
        #expect(queue.cancel(second))
        #expect(queue.isEmpty)
    }

    /// Slots are shared by cancellable and plain timers: a handle must not cancel a plain timer
    /// that took its slot, nor the cancellable one after it.
    @Test func aStaleHandleDoesNotCancelAPlainTimerInItsSlotNorTheOneAfter() {
        let queue = TimerQueue()
        let first = queue.insertCancellable(deadline: 5, sequence: 1, action: .run {})
        #expect(queue.cancel(first))
        queue.insert(deadline: 7, sequence: 2, action: .run {})
        #expect(!queue.cancel(first))
        #expect(queue.count == 1)
        #expect(queue.removeMin().sequence == 2)
        let third = queue.insertCancellable(deadline: 9, sequence: 3, action: .run {})
        #expect(third.slot == first.slot)
        #expect(!queue.cancel(first))
        #expect(queue.count == 1)
        #expect(queue.cancel(third))
        #expect(queue.isEmpty)
    }

    @Test func removingAllReleasesWhatTheActionsCapture() {
        final class Witness {}
        weak var captured: Witness?
        let queue = TimerQueue()
        do {
            let witness = Witness()
            captured = witness
            queue.insert(deadline: 1, sequence: 1, action: .run { _ = witness })
            _ = queue.insertCancellable(deadline: 2, sequence: 2, action: .run { _ = witness })
            queue.insert(deadline: 5_000_000_000, sequence: 3, action: .run { _ = witness })
            _ = queue.insertCancellable(deadline: 6_000_000_000, sequence: 4, action: .run { _ = witness })
        }
        #expect(queue.farCount == 2)
        #expect(captured != nil)
        queue.removeAll()
        #expect(captured == nil)
        #expect(queue.isEmpty)
        _ = queue.insertCancellable(deadline: 3, sequence: 5, action: .run {})
        #expect(queue.count == 1)
    }

    /// Far timers spread over hundreds of buckets (a far delay of 500, buckets of 512 ns, a ring
    /// of 64 of them, so that most wait past the ring at first), set in random order — often into
    /// a bucket before the far heap's —, cancelled wherever they wait (in the far heap, the ring
    /// or past it), renumbered, and popped as time advances: every pop is the earliest live
    /// timer, as from one heap holding them all, and every far timer is counted.
    @Test func farTimersInManyBucketsPopInTheOrderOfOneHeap() {
        var random = SeededRandom(seed: 13, stream: "far-buckets")
        let queue = TimerQueue(sequenceLimit: 1 << 10, farDelay: 500, farBucketShift: 9, farBuckets: 64)
        var reference = Reference()
        var now: Int64 = 0, sequence: UInt64 = 0
        var pops = 0, cancels = 0, mostFar = 0
        for _ in 0..<30_000 {
            let roll = random.next() % 100
            if roll < 45 || reference.live.isEmpty {
                sequence += 1
                reference.set(sequence, at: now + Int64(random.next() % 200_000), in: queue, random: &random)
            } else if roll < 65 {
                if reference.cancelOne(in: queue, random: &random) { cancels += 1 }
            } else {
                #expect(queue.earliestDeadline == reference.live[reference.earliest].deadline)
                now = reference.popAndCheck(queue)
                pops += 1
            }
            #expect(queue.count == reference.live.count)
            mostFar = max(mostFar, queue.farCount)
        }
        #expect(pops > 8_000 && cancels > 2_000)
        #expect(mostFar > 300 && queue.renumberings > 10 && queue.rebucketings > 10)
        reference.drainAndCheck(queue)
        #expect(queue.farCount == 0)
    }

    /// The first far timer set while none waits gives the far heap its bucket. When that timer
    /// is minutes ahead (a fault scheduled before any user thinks), a timer due before it, set
    /// while few far timers wait, starts the buckets again from its own: the timers after it wait
    /// in the ring, not in the far heap. Once many wait, one due before the far heap's bucket
    /// joins the far heap instead. Every timer fires in order.
    @Test func aFarTimerDueBeforeTheFarHeapsBucketStartsTheBucketsAgainWhileFewWait() {
        let queue = TimerQueue()
        let second: Int64 = 1_000_000_000
        queue.insert(deadline: 300 * second, sequence: 1, action: .run {})
        queue.insert(deadline: 400 * second, sequence: 2, action: .run {})
        for index in 0..<200 {
            queue.insert(deadline: 10 * second + Int64(index) * 250_000_000, sequence: UInt64(3 + index), action: .run {})
        }
        #expect(queue.rebucketings == 1)
        #expect(queue.farCount == 202)
        #expect(queue.farHeapCount == 1, "the far heap holds its own bucket's timers only")
        queue.insert(deadline: 5 * second, sequence: 203, action: .run {})
        #expect(queue.rebucketings == 1, "with 201 far timers waiting, an earlier one joins the far heap")
        #expect(queue.farHeapCount == 2)
        let order: [UInt64] = [203] + (3...202).map { (sequence: Int) -> UInt64 in UInt64(sequence) } + [1, 2]
        #expect(drain(queue).map(\.1) == order)
    }

    /// Starting the buckets again keeps in the far heap the timers due before the new bucket
    /// (one set while many waited, so it joined the far heap), and the earliest of them stays
    /// first: 70 cancellable timers at 300 s, one at 20 s joining them, 10 of the 70 cancelled,
    /// then one at 30 s starts the buckets again — the 20 s timer still fires first.
    @Test func startingTheBucketsAgainKeepsAnEarlierTimerOfTheFarHeapFirst() {
        let queue = TimerQueue()
        let second: Int64 = 1_000_000_000
        let handles = (0..<70).map { index in
            queue.insertCancellable(deadline: 300 * second, sequence: UInt64(1 + index), action: .run {})
        }
        queue.insert(deadline: 20 * second, sequence: 71, action: .run {})
        #expect(queue.rebucketings == 0 && queue.farHeapCount == 71)
        for handle in handles.prefix(10) { #expect(queue.cancel(handle)) }
        queue.insert(deadline: 30 * second, sequence: 72, action: .run {})
        #expect(queue.rebucketings == 1)
        #expect(queue.farHeapCount == 2, "the 300 s timers wait in the ring")
        #expect(queue.earliestDeadline == 20 * second)
        #expect(drain(queue).map(\.1) == [71, 72] + (11...70).map(UInt64.init))
        #expect(!queue.cancel(handles[10]), "a timer that fired cannot be cancelled")
    }

    /// With buckets of 1,024 ns and a ring of 64: a timer in the far heap's bucket, one in the
    /// ring and one past it, each cancellable where it waits; the ones left fire in order, the
    /// timer past the ring after the ring's, and a far timer set after the far heap emptied starts
    /// a bucket of its own.
    @Test func farTimersWaitInTheFarHeapTheRingOrPastItAndCancelFromEach() {
        let queue = TimerQueue(farDelay: 500, farBucketShift: 10, farBuckets: 64)
        let inHeap = queue.insertCancellable(deadline: 1_000, sequence: 1, action: .run {})
        queue.insert(deadline: 1_010, sequence: 2, action: .run {})
        let inRing = queue.insertCancellable(deadline: 5_000, sequence: 3, action: .run {})
        queue.insert(deadline: 9_000, sequence: 4, action: .run {})
        let pastRing = queue.insertCancellable(deadline: 200_000, sequence: 5, action: .run {})
        queue.insert(deadline: 300_000, sequence: 6, action: .run {})
        let keptPastRing = queue.insertCancellable(deadline: 300_000, sequence: 7, action: .run {})
        #expect(queue.farCount == 7)
        #expect(queue.cancel(inHeap) && queue.cancel(inRing) && queue.cancel(pastRing))
        #expect(!queue.cancel(inHeap) && !queue.cancel(inRing) && !queue.cancel(pastRing))
        #expect(queue.farCount == 4)
        #expect(queue.removeMin().sequence == 2)
        #expect(queue.removeMin().sequence == 4)
        #expect(queue.earliestDeadline == 300_000)
        #expect(queue.removeMin().sequence == 6)
        #expect(queue.cancel(keptPastRing))
        #expect(queue.isEmpty && queue.farCount == 0)
        queue.insert(deadline: 400_000, sequence: 8, action: .run {})
        queue.insert(deadline: 350_000, sequence: 9, action: .run {})
        #expect(drain(queue).map(\.1) == [9, 8])
    }

    /// A timer due more than a second after the last one fired waits in the far heap, any other
    /// in the near heap; a pop takes the earlier of the two, and a far timer can be cancelled.
    @Test func timersDueMoreThanASecondAfterTheLastFiredWaitInTheFarHeap() {
        let queue = TimerQueue()
        let millisecond: Int64 = 1_000_000, second = 1_000 * millisecond
        queue.insert(deadline: 2 * second, sequence: 1, action: .run {})
        let cancelled = queue.insertCancellable(deadline: 3 * second, sequence: 2, action: .run {})
        let kept = queue.insertCancellable(deadline: second + 2 * millisecond, sequence: 3, action: .run {})
        queue.insert(deadline: millisecond, sequence: 4, action: .run {})
        queue.insert(deadline: second, sequence: 5, action: .run {})
        #expect(queue.farCount == 3)
        #expect(queue.earliestDeadline == millisecond)
        #expect(queue.removeMin().sequence == 4)
        // One second after the timer fired at 1 ms: near.
        queue.insert(deadline: second + millisecond, sequence: 6, action: .run {})
        #expect(queue.farCount == 3)
        #expect(queue.cancel(cancelled))
        #expect(!queue.cancel(cancelled))
        #expect(queue.farCount == 2)
        #expect(queue.earliestDeadline == second)
        #expect(drain(queue).map(\.1) == [5, 6, 3, 1])
        #expect(!queue.cancel(kept), "a far timer that fired cannot be cancelled")
    }
}
