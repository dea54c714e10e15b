import Testing
@testable import Simulator

struct FarTimerRingTests {
    /// One slot's generation, as a ``TimerQueue`` keeps them.
    private static func generations(_ count: Int) -> UnsafeMutablePointer<UInt32> {
        let generations = UnsafeMutablePointer<UInt32>.allocate(capacity: count)
        generations.initialize(repeating: 0, count: count)
        return generations
    }

    private static func entry(slot: UInt32, deadline: Int64, generation: UInt32 = 0) -> FarTimerRing.Entry {
        FarTimerRing.Entry(key: TimerQueue.Key(deadline: deadline, sequence: UInt64(slot), slot: slot, cancellable: true), generation: generation)
    }

    @Test func theEarliestBucketWithALiveTimerIsTakenAndDeadOnesOnTheWayAreDropped() {
        let generations = Self.generations(4)
        defer { generations.deallocate() }
        var ring = FarTimerRing(shift: 4, size: 64)
        ring.hold(Self.entry(slot: 0, deadline: 3 << 4), in: 3)
        ring.hold(Self.entry(slot: 1, deadline: 70 << 4), in: 70)
        ring.hold(Self.entry(slot: 2, deadline: 70 << 4 | 5), in: 70)
        // Slot 0's timer is cancelled: its generation moves on and the ring counts it out.
        generations[0] &+= 1
        ring.noteCancelled()
        var taken: [UInt32] = []
        let bucket = ring.takeEarliest(after: 10, generations: generations) { taken.append($0.key.slot) }
        #expect(bucket == 70)
        #expect(taken.sorted() == [1, 2])
        #expect(ring.live == 0)
        #expect(ring.takeEarliest(after: 70, generations: generations) { _ in Issue.record("no timer is live") } == nil)
    }

    #if !os(Windows)
    /// A ring that counts a live timer it no longer holds stops the process with a diagnosis
    /// instead of walking its bitmap for ever.
    @Test func aRingThatLostTrackOfATimerStopsRatherThanSpinning() async {
        await #expect(processExitsWith: .failure) {
            let generations = Self.generations(1)
            var ring = FarTimerRing(shift: 4, size: 64)
            ring.hold(Self.entry(slot: 0, deadline: 5 << 4), in: 5)
            // The timer's slot moves on without the ring being told: its count is now wrong.
            generations[0] &+= 1
            _ = ring.takeEarliest(after: 0, generations: generations) { _ in }
        }
    }
    #endif
}
