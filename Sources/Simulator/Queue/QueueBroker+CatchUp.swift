extension QueueBroker {
    /// One round of the catch-up loop: each replica outside its partition's in-sync set asks the
    /// leader for what it misses (dropping first the suffix the leader never had), then asks to
    /// rejoin; each partition this broker leads whose high watermark trails its log (a new leader
    /// that had records the old one never confirmed) is copied to its followers again.
    ///
    /// A round looks at every replica the broker holds — 6.4 million a round with 100,000
    /// partitions of 64 copies — so the common case, an in-sync follower, costs a node state
    /// and two fields of the partition's state read in place, not a copy of its replica lists.
    func catchUpLaggingReplicas() async {
        let timeout = controller.configuration.replicaTimeout
        // The broker's node is never removed: looked up once a round, its state read at each step.
        let node = network.node(id)
        // In placement order, which is the partitions' sorted order.
        for index in replicas.indices where replicas[index] != nil {
            guard node?.state == .up else { return }
            let leaderNumber = controller.states[index].leader
            if leaderNumber == number {
                // While an in-sync change is pending, the append waiting for it confirms the tail.
                if replicas[index]!.highWatermark < replicas[index]!.endOffset, pendingInSync[index] == nil {
                    await confirmTail(ofPartitionAt: index, epoch: controller.states[index].epoch)
                }
                continue
            }
            guard leaderNumber != nil, !controller.states[index].inSync.contains(number) else { continue }
            let partition = controller.placement.partitions[index]
            let state = controller.states[index]
            guard let leaderNumber = state.leader, controller.isAlive(number),
                  let leader = controller.broker(leaderNumber) else { continue }
            let end = replicas[index]!.endOffset, lastEpoch = replicas[index]!.lastEpoch
            let answer = await send(from: id, to: leader, timeout: timeout) { leader throws(QueueError) in
                try leader.missing(partition, endOffset: end, lastEpoch: lastEpoch, epoch: state.epoch)
            }
            // A copy that reached this replica meanwhile (its leader counts on it while its return
            // to the in-sync set is pending) makes this answer stale.
            guard case .success(let missing) = answer, network.node(id)?.state == .up,
                  controller.states[index].epoch == state.epoch, replicas[index]!.endOffset == end else { continue }
            replicas[index]!.truncate(to: missing.divergence)
            replicas[index]!.append(contentsOf: missing.records)
            let caughtUp = replicas[index]!.endOffset, me = number
            _ = await send(from: id, to: leader, timeout: timeout) { leader throws(QueueError) in
                try leader.rejoin(partition, follower: me, endOffset: caughtUp, epoch: state.epoch)
            }
        }
    }

    /// Leader side of a catch-up: where a follower whose log ends at `endOffset` with a record of
    /// `lastEpoch` stops agreeing with this log, and this log's records from there.
    ///
    /// - Throws: ``QueueError/notLeader(_:)`` unless this broker leads `partition` in `epoch`.
    func missing(_ partition: TopicPartition, endOffset: Int, lastEpoch: Int, epoch: Int) throws(QueueError) -> (divergence: Int, records: [QueueRecord]) {
        guard let index = heldIndex(of: partition), controller.states[index].leader == number, controller.states[index].epoch == epoch,
              let replica = replicas[index] else {
            throw .notLeader(partition)
        }
        let divergence = min(endOffset, replica.endOffset(ofEpoch: lastEpoch))
        return (divergence, Array(replica.records[divergence...]))
    }

    /// Leader side of a rejoin: `follower`'s log ends where this one's does, so this leader asks
    /// the controller to put it back in the in-sync set, and answers at once (as Kafka's fetch
    /// answers before the AlterPartition it triggers is settled); meanwhile the follower counts
    /// for the high watermark and `acks=all` (the maximal in-sync set).
    ///
    /// - Throws: ``QueueError/notLeader(_:)`` unless this broker leads `partition` in `epoch`;
    ///   ``QueueError/behind(_:endOffset:)`` when records were appended since its catch-up.
    func rejoin(_ partition: TopicPartition, follower: Int, endOffset: Int, epoch: Int) throws(QueueError) {
        guard let index = heldIndex(of: partition), let replica = replicas[index], controller.states[index].leader == number,
              controller.states[index].epoch == epoch else {
            throw .notLeader(partition)
        }
        guard endOffset == replica.endOffset else { throw .behind(partition, endOffset: replica.endOffset) }
        proposeExpansion(index, adding: follower)
    }
}
