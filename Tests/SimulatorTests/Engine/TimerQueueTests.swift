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
