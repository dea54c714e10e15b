/// A follower that comes back while its leader's shrink is pending releases the appends waiting
/// for it, as in Kafka: the shrink asks the controller to drop a follower that did not confirm a
/// copy in time, but until the controller settles it the leader counts on the maximal in-sync set
/// (`PendingShrinkIsr.maximalIsr`, still holding that follower). In Kafka the follower keeps
/// fetching; a fetch that reaches the appends' offsets updates its state at the leader
/// (`Partition.updateFollowerFetchState`), `maybeIncrementLeaderHW` raises the high watermark over
/// the maximal set, and `tryCompleteDelayedRequests` completes the waiting `acks=all` produce
/// (`checkEnoughReplicasReachOffset` reads the maximal set too) — while the shrink is still in
/// flight. The controller's answer then drops the follower as asked, and it rejoins the set as any
/// caught-up follower does.
///
/// Here a leader copies to its in-sync followers rather than they fetching from it, so the leader
/// stands in for the returning follower's fetches: once the shrink has been pending a catch-up
/// interval (`catch_up_interval`, how often a replica outside the set asks its leader for what it
/// misses), and every catch-up interval after that, it copies the waiting records again to the
/// followers it counts on that have not confirmed them. The first such copy a returning follower
/// confirms is its fetch: when every follower of the maximal set has confirmed, the high
/// watermark rises and the appends are answered at that instant. A shrink the controller settles
/// within a catch-up interval (the usual round trip) sends nothing more, so a world whose shrinks
/// settle at once runs exactly as before.
extension QueueBroker {
    /// An append's wait for its partition's pending in-sync change, woken by the change settling
    /// (``sendUntilSettled``) or, first, by the end of a catch-up interval or by the lagging
    /// followers' confirmations.
    ///
    /// `@unchecked Sendable`: touched only on the simulation thread.
    final class SettlementWaiter: @unchecked Sendable {
        let token = SleepToken()
        /// The catch-up interval bounding the wait, taken off the timer heap when the change
        /// settles first (so that nothing fires in a world whose changes settle at once).
        var timer: TimerHandle?
        /// Whether every follower of the maximal in-sync set confirmed the copy while the change
        /// was pending (set before the wait is woken).
        var followersConfirmed = false
        /// Whether the change settled while the append waited here, whatever woke it first.
        private(set) var isSettled = false

        /// The change settled: wakes the waiting append.
        func settled(on executor: SimulationExecutor) {
            isSettled = true
            if let timer { executor.cancelTimer(timer) }
            token.wake()
        }
    }

    /// Waits until the change pending on the partition at `index` is settled (at once if none is),
    /// or until every follower of the maximal in-sync set has confirmed the records `range` — those
    /// in `confirmed` already have. Returns true in the second case: the appends may be answered.
    func awaitInSyncChangeSettled(_ index: Int, orFollowersConfirming range: Range<Int>, epoch: Int,
                                  confirmed: [Int]) async -> Bool {
        guard pendingInSync[index] != nil else { return false }
        let interval = controller.configuration.catchUpInterval
        let first = SettlementWaiter()
        await wait(first, on: index, bound: interval)
        // The bound is a timer of the broker's process: due in a pause, it is seen at the resume,
        // after what the pause held (the controller's answer among it).
        _ = await network.simulation.awaitResume(of: node)
        guard !first.isSettled, pendingInSync[index] != nil else { return false }
        // Pending for a catch-up interval: the followers' next fetches would come now. A leader
        // replaced or stopped meanwhile waits for the change to be dropped, as before.
        let waiter = SettlementWaiter()
        if controller.states[index].leader == number, controller.states[index].epoch == epoch, node.state == .up {
            network.simulation.spawn("queue.returning-follower.\(id.name)", daemon: true) { _ in
                await self.copyToReturningFollowers(index, range: range, epoch: epoch, confirmed: confirmed, waiter: waiter)
            }
        }
        await wait(waiter, on: index, bound: nil)
        return waiter.followersConfirmed
    }

    /// Parks the calling append on `waiter` until the change of the partition at `index` settles,
    /// or `bound` passes.
    private func wait(_ waiter: SettlementWaiter, on index: Int, bound: Duration?) async {
        let executor = network.simulation.executor
        await withUnsafeContinuation { continuation in
            waiter.token.continuation = continuation
            if let bound { waiter.timer = executor.scheduleCancellable(after: bound.nanoseconds, .resumeCancellable(waiter.token)) }
            settledWaiters[index].append(waiter)
        }
        settledWaiters[index].removeAll { $0 === waiter }
    }

    /// Copies `range` of the partition at `index` to the followers of the maximal in-sync set that
    /// have not confirmed it, every catch-up interval, until they all have (then wakes `waiter`)
    /// or `waiter` is woken otherwise: the change settled.
    private func copyToReturningFollowers(_ index: Int, range: Range<Int>, epoch: Int, confirmed: [Int], waiter: SettlementWaiter) async {
        let simulation = network.simulation
        let node = node, incarnation = node.incarnation
        var confirmed = confirmed
        let number = number
        while !waiter.token.woken {
            for follower in maximalInSync(index) where follower != number && !confirmed.contains(follower) {
                guard let broker = controller.broker(follower) else { continue }
                if await copyConfirmed(index, epoch: epoch, to: broker, from: range.lowerBound, to: range.upperBound) {
                    confirmed.append(follower)
                }
                guard !waiter.token.woken, node.incarnation == incarnation, node.state == .up,
                      controller.states[index].epoch == epoch else { return }
            }
            if maximalInSync(index).allSatisfy({ $0 == number || confirmed.contains($0) }) {
                waiter.followersConfirmed = true
                waiter.token.wake()
                return
            }
            guard await simulation.sleepUnlessTornDown(for: controller.configuration.catchUpInterval, on: node) else { return }
        }
    }
}
