/// The queue's self-check, kept apart from the queue's operations: it reads every field the
/// operations keep (which the queue declares `private(set)` for it), and only tests call it.
extension TimerQueue {
    /// Every contradiction in the queue's bookkeeping, none when it is sound: each heap in order,
    /// each key where its bucket says (the far heap's in ``frontBucket`` or earlier, the ring's in
    /// its buckets after it, `beyond`'s later) and nothing after an empty far heap, every proxy
    /// standing for its lane's or the far heap's earliest timer, every cancellable timer's slot
    /// saying where it waits, the counts (``count``, the ring's and the lanes' live timers)
    /// matching what is held, and every slot either free or holding exactly one pending timer.
    /// For tests: it reads everything, and never runs in a simulation.
    func invariantViolations() -> [String] {
        var violations: [String] = []
        func check(_ condition: Bool, _ message: @autoclosure () -> String) {
            if !condition { violations.append(message()) }
        }
        var owners = Array(repeating: 0, count: slotsUsed)
        /// A pending timer's key found in `place`: its slot counted, and its slot's fields checked
        /// (a cancellable one's ``laneOfSlot`` is `expected`, its position `position` unless nil;
        /// a plain one's say nothing, so no stale handle can cancel it).
        func pending(_ key: Key, in place: String, laneOfSlot expected: UInt8, position: Int?) {
            let slot = Int(key.slot)
            guard slot < slotsUsed else { return check(false, "\(place) names slot \(slot) of \(slotsUsed)") }
            owners[slot] += 1
            if key.cancellable {
                check(laneOfSlot[slot] == expected, "\(place): slot \(slot) says it waits in \(laneOfSlot[slot]), not \(expected)")
                if let position { check(positions[slot] == Int32(position), "\(place): slot \(slot) says position \(positions[slot]), not \(position)") }
                check(pendingSlot(of: TimerHandle(slot: Int32(slot), generation: generations[slot])) == slot, "\(place): slot \(slot) cannot be cancelled")
            } else {
                check(laneOfSlot[slot] == 0 && positions[slot] == -1, "\(place): the plain timer of slot \(slot) looks cancellable")
            }
        }
        func checkOrder(of heap: TimerHeap, _ name: String) {
            for index in 1..<max(heap.count, 1) where heap.keys[index].precedes(heap.keys[(index - 1) / TimerHeap.arity]) {
                violations.append("\(name) out of order at \(index)")
            }
        }
        checkOrder(of: near, "near heap")
        checkOrder(of: far, "far heap")
        checkOrder(of: beyond, "beyond heap")
        var held = 0
        var proxies = Array(repeating: -1, count: Self.proxyKinds)
        for index in 0..<near.count {
            let key = near.keys[index]
            if key.lane == 0 {
                pending(key, in: "near heap", laneOfSlot: 0, position: index)
                held += 1
            } else {
                let lane = Int(key.lane) - 1
                check(lane < Self.proxyKinds && proxies[lane] == -1, "near heap holds a second proxy of lane \(lane)")
                if lane < Self.proxyKinds { proxies[lane] = index }
            }
        }
        for index in 0..<far.count {
            pending(far.keys[index], in: "far heap", laneOfSlot: Self.inFarHeap, position: index)
            check(ring.bucket(of: far.keys[index].deadline) <= frontBucket, "far heap holds a key after its bucket")
        }
        held += far.count
        let (ringViolations, ringLive) = ring.invariantViolations(generations: generations)
        violations += ringViolations
        for (index, entry) in ringLive {
            pending(entry.key, in: "ring", laneOfSlot: Self.inRing, position: nil)
            let bucket = ring.bucket(of: entry.key.deadline)
            check(bucket > frontBucket && bucket - frontBucket <= Int64(ring.size), "ring holds bucket \(bucket), not one of the \(ring.size) after \(frontBucket)")
            check(Int(truncatingIfNeeded: bucket) & (ring.size - 1) == index, "ring holds bucket \(bucket) at index \(index)")
        }
        held += ringLive.count
        for index in 0..<beyond.count {
            pending(beyond.keys[index], in: "beyond", laneOfSlot: Self.inBeyond, position: index)
            check(ring.bucket(of: beyond.keys[index].deadline) - frontBucket > Int64(ring.size), "beyond holds a key of the ring's buckets")
        }
        held += beyond.count
        if far.count == 0 {
            check(ringLive.isEmpty && beyond.count == 0, "the far heap is empty while \(ringLive.count) timers wait in the ring and \(beyond.count) past it")
            check(proxies[Self.farLane] == -1, "an empty far heap has a proxy")
        } else {
            let proxy = proxies[Self.farLane]
            check(proxy >= 0 && near.keys[max(proxy, 0)].word == Self.proxy(of: far.first, lane: Self.farLane).word
                    && near.keys[max(proxy, 0)].deadline == far.first.deadline, "the far heap's proxy is not its earliest timer")
        }
        for lane in 0..<Self.maximumLanes {
            check(Int(proxyPositions[lane]) == proxies[lane], "lane \(lane)'s proxy is at \(proxies[lane]), noted at \(proxyPositions[lane])")
            guard lane < lanes.count else {
                check(proxies[lane] == -1, "lane \(lane) has a proxy but no lane")
                continue
            }
            var live = 0
            lanes[lane].forEachLive(generations: generations) { key in
                live += 1
                pending(Key(deadline: key.deadline, sequence: key.sequence, slot: key.slot, cancellable: true), in: "lane \(lane)", laneOfSlot: UInt8(lane + 1), position: nil)
            }
            check(live == lanes[lane].live, "lane \(lane) counts \(lanes[lane].live) live timers but holds \(live)")
            held += live
            if let first = lanes[lane].first {
                check(TimerLane.isLive(first, generations: generations), "lane \(lane)'s first timer is dead")
                let proxy = proxies[lane]
                check(proxy >= 0 && near.keys[max(proxy, 0)].deadline == first.deadline && near.keys[max(proxy, 0)].slot == first.slot
                        && near.keys[max(proxy, 0)].sequence == first.sequence, "lane \(lane)'s proxy is not its first timer")
            } else {
                check(proxies[lane] == -1, "empty lane \(lane) has a proxy")
            }
        }
        check(Int(proxyPositions[Self.farLane]) == proxies[Self.farLane], "the far heap's proxy is at \(proxies[Self.farLane]), noted at \(proxyPositions[Self.farLane])")
        check(held == count, "the queue counts \(count) timers but holds \(held)")
        for index in 0..<freeCount {
            let slot = Int(freeSlots[index])
            guard slot < slotsUsed else {
                violations.append("free slot \(slot) of \(slotsUsed)")
                continue
            }
            owners[slot] += 1
            check(laneOfSlot[slot] == 0 && positions[slot] == -1, "free slot \(slot) says its timer waits somewhere")
        }
        for slot in owners.indices where owners[slot] != 1 {
            violations.append("slot \(slot) is free or pending \(owners[slot]) times")
        }
        return violations
    }
}
