extension QueueBroker {
    /// `acks=leader`: one copy loop per partition ships, in rounds, everything appended since the
    /// last round was confirmed, while appends go on being answered at once — so followers trail
    /// by up to one round trip of records, which is what a leader's crash loses.
    ///
    /// Its rounds keep the run going, as an `acks=all` append's copy keeps its producer waiting:
    /// a world ends once its last acknowledged records are on the followers. Its waits for the
    /// controller to settle an in-sync change do not: they run as a daemon, as the AlterPartition
    /// request they wait for does, and the next round goes back to the foreground. A follower
    /// that died and a controller that died too (neither back) held one such wait for good, and a
    /// 3 s world ran to its one-hour time limit and failed as stopped early, where its `acks=all`
    /// twin — whose wait is in the append's handler, which keeps no run going — did not.
    func startCopying(_ index: Int, epoch: Int) {
        guard !copying[index] else { return }
        copying[index] = true
        let node = network.node(id)
        copyInForeground(index, epoch: epoch, node: node, incarnation: node?.incarnation, resuming: nil)
    }

    /// Runs the copy rounds in a task that keeps the run going, from `range` when it is given
    /// (a round to copy again after a wait), else from the high watermark.
    private func copyInForeground(_ index: Int, epoch: Int, node: NetworkNode?, incarnation: UInt64?, resuming range: Range<Int>?) {
        network.simulation.spawn("queue.replicate.\(id.name)") { _ in
            await self.copyRounds(index, epoch: epoch, node: node, incarnation: incarnation, resuming: range)
        }
    }

    /// Copies round after round until the followers have the log end, this leader is replaced or
    /// its process dies; a round some follower did not confirm hands the wait that follows to a
    /// daemon (``settleThenCopy(_:epoch:_:round:lagging:node:incarnation:)``).
    private func copyRounds(_ index: Int, epoch: Int, node: NetworkNode?, incarnation: UInt64?, resuming: Range<Int>?) async {
        var next = resuming
        while true {
            let range: Range<Int>
            if let resumed = next {
                range = resumed
                next = nil
            } else {
                guard let replica = replicas[index], replica.highWatermark < replica.endOffset, controller.states[index].epoch == epoch else { break }
                range = replica.highWatermark..<replica.endOffset
            }
            guard let (round, lagging) = await copyRound(index, epoch: epoch, range, node: node, incarnation: incarnation) else { break }
            if lagging.isEmpty {
                raiseHighWatermark(index, to: range.upperBound)
                continue
            }
            proposeShrink(index, removing: lagging)
            network.simulation.spawn("queue.replicate-settling.\(id.name)", daemon: true) { _ in
                await self.settleThenCopy(index, epoch: epoch, range, round: round, lagging: lagging, node: node, incarnation: incarnation)
            }
            return
        }
        copying[index] = false
    }

    /// Waits for the in-sync change proposed after a round of `range`, then raises the watermark
    /// and goes on copying — or copies `range` again — in the foreground.
    private func settleThenCopy(_ index: Int, epoch: Int, _ range: Range<Int>, round: [Int], lagging: [Int],
                                node: NetworkNode?, incarnation: UInt64?) async {
        guard let settled = await settle(index, epoch: epoch, range, round: round, lagging: lagging, node: node, incarnation: incarnation) else {
            copying[index] = false
            return
        }
        if settled { raiseHighWatermark(index, to: range.upperBound) }
        copyInForeground(index, epoch: epoch, node: node, incarnation: incarnation, resuming: settled ? nil : range)
    }
}
