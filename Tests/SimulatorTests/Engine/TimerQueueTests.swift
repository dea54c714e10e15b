import Testing
@testable import Simulator

@Suite struct TimerQueueTests {
    /// Pops every timer, returning (deadline, sequence) in firing order.
    private func drain(_ queue: TimerQueue) -> [(Int64, UInt64)] {
        var fired: [(Int64, UInt64)] = []
        while !queue.isEmpty {
            let entry = queue.removeMin()
            fired.append((entry.deadline, entry.sequence))
        }
        return fired
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

    /// Inserts, cancellations (of timers anywhere in the heap) and pops interleaved at random,
    /// checked against a plain list after every pop: every pop is the earliest live timer.
    @Test func interleavedInsertsCancelsAndPopsAlwaysPopTheEarliestLiveTimer() {
        var random = SeededRandom(seed: 3, stream: "timer-queue-interleaved")
        let queue = TimerQueue()
        final class Fired { var sequences: [UInt64] = [] }
        let fired = Fired()
        var live: [(deadline: Int64, sequence: UInt64, handle: TimerHandle?)] = []
        var sequence: UInt64 = 0
        var pops = 0, cancels = 0
        for _ in 0..<30_000 {
            let roll = random.next() % 10
            if roll < 5 || live.isEmpty {
                sequence += 1
                let deadline = Int64(random.next() % 1_000)
                let action = Timer.Action.run { [sequence] in fired.sequences.append(sequence) }
                if random.next() % 2 == 0 {
                    live.append((deadline, sequence, queue.insertCancellable(deadline: deadline, sequence: sequence, action: action)))
                } else {
                    queue.insert(deadline: deadline, sequence: sequence, action: action)
                    live.append((deadline, sequence, nil))
                }
            } else if roll < 7 {
                let index = Int(random.next() % UInt64(live.count))
                guard let handle = live[index].handle else { continue }
                #expect(queue.cancel(handle))
                live.remove(at: index)
                cancels += 1
            } else {
                let earliest = live.indices.min { live[$0].deadline != live[$1].deadline ? live[$0].deadline < live[$1].deadline : live[$0].sequence < live[$1].sequence }!
                let popped = queue.removeMin()
                #expect(popped.deadline == live[earliest].deadline && popped.sequence == live[earliest].sequence)
                // The action popped with a timer is the one set with it.
                guard case .run(let body) = popped.action else { Issue.record("not the action set"); continue }
                body()
                #expect(fired.sequences.last == popped.sequence)
                if let handle = live[earliest].handle { #expect(!queue.cancel(handle), "a fired timer cannot be cancelled") }
                live.remove(at: earliest)
                pops += 1
            }
            #expect(queue.count == live.count)
        }
        #expect(pops > 5_000 && cancels > 1_000)
        #expect(drain(queue).map(\.1) == live.sorted { $0.deadline != $1.deadline ? $0.deadline < $1.deadline : $0.sequence < $1.sequence }.map(\.sequence))
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
        }
        #expect(captured != nil)
        queue.removeAll()
        #expect(captured == nil)
        #expect(queue.isEmpty)
        _ = queue.insertCancellable(deadline: 3, sequence: 3, action: .run {})
        #expect(queue.count == 1)
    }
}
