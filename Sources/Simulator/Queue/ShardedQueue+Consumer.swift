extension ShardedQueue {
    /// Starts `spec`'s consumer. Its read positions and group generation are volatile: after its
    /// node crashes it resumes from the group's committed offsets. When its group prepares a
    /// rebalance it commits what it has read and revokes all its partitions before rejoining
    /// (Kafka's eager protocol, `ConsumerCoordinator.onJoinPrepare`), so a rebalance without a
    /// failure hands nothing over twice.
    public func startConsumer(_ spec: QueueConsumerSpec) {
        let node = network.addNode(spec.id)
        let simulation = network.simulation
        let subscriptions = partitions(spec.targets)
        simulation.spawn("queue.consumer.\(spec.id.name)", daemon: true) { _ in
            var incarnation = node.incarnation
            var holding = ConsumerHolding()
            var lastCommit = simulation.now
            while await simulation.sleepUnlessTornDown(for: spec.pollInterval) {
                if node.incarnation != incarnation {
                    incarnation = node.incarnation
                    self.releaseLag(of: holding.owned, keeping: [], spec)
                    holding.revokeAll()
                }
                guard case .success(var view) = await self.poll(spec, subscriptions, holding: holding.isHolding),
                      node.incarnation == incarnation else { continue }
                if view.isRebalancing, holding.isHolding {
                    // onJoinPrepare: commit synchronously, revoke everything, then rejoin.
                    await self.commit(&holding, spec)
                    guard node.incarnation == incarnation else { continue }
                    self.releaseLag(of: holding.owned, keeping: [], spec)
                    holding.revokeAll()
                    guard case .success(let rejoined) = await self.poll(spec, subscriptions, holding: false),
                          node.incarnation == incarnation else { continue }
                    view = rejoined
                }
                // Waiting for the other members to rejoin: it owns nothing meanwhile.
                guard !view.isRebalancing else { continue }
                if view.generation != holding.generation {
                    let before = holding.owned
                    holding.adopt(view)
                    self.releaseLag(of: before, keeping: holding.owned, spec)
                }
                for partition in holding.owned {
                    guard let position = holding.positions[partition] else { continue }
                    (holding.positions[partition], holding.epochs[partition]) = await self.fetch(partition, from: position, lastEpoch: holding.epochs[partition], spec: spec)
                    guard node.incarnation == incarnation else { break }
                }
                guard node.incarnation == incarnation,
                      spec.commitInterval == .zero || lastCommit.duration(to: simulation.now) >= spec.commitInterval else { continue }
                lastCommit = simulation.now
                await self.commit(&holding, spec)
            }
        }
    }

    /// Says that the consumer no longer reports lag for the partitions of `before` it does not
    /// keep: their `orrery_queue_consumer_lag` series end instead of repeating a stale level.
    private func releaseLag(of before: [TopicPartition], keeping after: [TopicPartition], _ spec: QueueConsumerSpec) {
        for partition in before where !after.contains(partition) {
            network.simulation.observeInstant(.queue, spec.id.name, "lag released", detail: "\(spec.group) \(partition)")
        }
    }

    private func poll(_ spec: QueueConsumerSpec, _ subscriptions: [TopicPartition], holding: Bool) async -> Result<QueueController.GroupView, QueueError> {
        await controller.callCoordinator(from: spec.id, timeout: spec.timeout) { [controller] () throws(QueueError) in
            controller.poll(group: spec.group, member: spec.id.name, subscriptions: subscriptions, holding: holding)
        }
    }

    /// Commits the position of each partition read since its last commit; a partition the group
    /// no longer lets it commit (fenced) is no longer read.
    private func commit(_ holding: inout ConsumerHolding, _ spec: QueueConsumerSpec) async {
        guard let generation = holding.generation else { return }
        for partition in holding.owned {
            guard let position = holding.positions[partition], position != holding.committed[partition] else { continue }
            let answer = await controller.callCoordinator(from: spec.id, timeout: spec.timeout) { [controller] () throws(QueueError) in
                try controller.commit(group: spec.group, member: spec.id.name, generation: generation, partition: partition, offset: position)
            }
            switch answer {
            case .success: holding.committed[partition] = position
            case .failure(.fenced): holding.positions[partition] = nil
            case .failure: break
            }
        }
    }

    /// One fetch of `partition` from `position` (the last record read before it of `lastEpoch`),
    /// its records handed to the consumer; returns the next position and its last record's epoch.
    ///
    /// A position the leader's log does not reach (its records were truncated at a failover)
    /// goes back to where the leader's log stops agreeing — its log end when the consumer knows
    /// no epoch — with Kafka's `auto.offset.reset` and KIP-320 truncation detection as models:
    /// reading on from there hands over every record appended at those offsets since, rather
    /// than waiting at the old position and skipping them.
    private func fetch(_ partition: TopicPartition, from position: Int, lastEpoch: Int?,
                       spec: QueueConsumerSpec) async -> (position: Int, lastEpoch: Int?) {
        let simulation = network.simulation
        guard let leader = controller.state(of: partition)?.leader, let broker = controller.broker(leader) else { return (position, lastEpoch) }
        let fetched = await network.callQueue(from: spec.id, to: broker, timeout: spec.timeout) { broker throws(QueueError) in
            try broker.fetch(partition, from: position, lastEpoch: lastEpoch, maxRecords: spec.maxRecords)
        }
        switch fetched {
        case .success(let (records, highWatermark)):
            let next = records.last.map { $0.offset + 1 } ?? position
            simulation.observeGauge(.queue, spec.id.name, "lag", of: "\(spec.group) \(partition)", Double(max(0, highWatermark - next)))
            guard let last = records.last else { return (position, lastEpoch) }
            ledger.noteDelivered(records, of: partition, group: spec.group, consumer: spec.id.name,
                                 committed: controller.committed(group: spec.group, partition: partition), at: simulation.now)
            return (next, last.epoch)
        case .failure(.offsetOutOfRange(_, let reset)):
            simulation.trace.record(.custom, spec.id.name, "reset \(partition) \(position) to \(reset)")
            simulation.observeInstant(.queue, spec.id.name, "offset reset", detail: "\(spec.group) \(partition) \(position) to \(reset)")
            ledger.noteReset(of: partition, group: spec.group, consumer: spec.id.name, from: position, to: reset, at: simulation.now)
            return (reset, nil)
        case .failure:
            return (position, lastEpoch)
        }
    }
}
