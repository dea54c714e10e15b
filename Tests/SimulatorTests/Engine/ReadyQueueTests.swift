import Testing
@testable import Simulator

struct ReadyQueueTests {
    /// Work that only names the entries; the queue's items are its wake-ups.
    final class Marker: SteppedWork, @unchecked Sendable {
        var wakeUps: UInt32 = 0
        func runStep(_ code: UInt8) {}
    }

    /// Items come out in the order they went in, across the ring's wrap and its growth (from 64
    /// items, doubling while the ring is wrapped), checked against an array at every step.
    @Test func itemsLeaveInTheOrderTheyCameAcrossWrapsAndGrowth() {
        let marker = Marker()
        var queue = ReadyQueue()
        var expected: [Int] = []
        var next = 0
        var random = SeededRandom(seed: 7, stream: "ready-queue")
        for round in 0..<4_000 {
            // Mostly appends early on (the ring grows while its head has moved), mostly pops later.
            let appends = Int(random.next() % 5) + (round < 2_000 ? 1 : 0)
            for _ in 0..<appends {
                queue.append(.step(marker.wakeUp(UInt8(next % 256))))
                expected.append(next)
                next += 1
            }
            let pops = Int(random.next() % 5)
            for _ in 0..<pops {
                guard let item = queue.popFirst() else {
                    #expect(expected.isEmpty)
                    break
                }
                guard case .step(let wakeUp) = item else {
                    Issue.record("an item that was never queued")
                    return
                }
                let first = expected.removeFirst()
                #expect(wakeUp.code == UInt8(first % 256))
                wakeUp.discard()
            }
            let count = queue.count
            #expect(count == expected.count)
        }
        while let item = queue.popFirst() {
            guard case .step(let wakeUp) = item else { return }
            #expect(wakeUp.code == UInt8(expected.removeFirst() % 256))
            wakeUp.discard()
        }
        let isEmpty = queue.isEmpty
        #expect(expected.isEmpty)
        #expect(isEmpty)
        #expect(next > 4_000)
    }
}
