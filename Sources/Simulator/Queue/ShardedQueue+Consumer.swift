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
            // When the last poll the coordinator answered was sent: it saw the member no earlier, so
            // it cannot have evicted it before a session timeout from then. Past that the member
            // may have been evicted and its partitions given to another: it reads and commits
            // nothing until its next poll tells it whether it is still in the group.
            var lastContact = simulation.now
            while await simulation.sleepUnlessTornDown(for: spec.pollInterval) {
                if node.incarnation != incarnation {
                    incarnation = node.incarnation
                    self.releaseLag(of: holding.owned, keeping: [], spec)
                    holding.revokeAll()
                }
                let sent = simulation.now
                guard case .success(var view) = await self.poll(spec, subscriptions, holding: holding.isHolding),
                      node.incarnation == incarnation else { continue }
                lastContact = sent
                if view.isRebalancing, holding.isHolding {
                    // onJoinPrepare: commit synchronously, revoke everything, then rejoin.
                    _ = await self.commit(&holding, spec, until: lastContact)
                    guard node.incarnation == incarnation else { continue }
                    self.releaseLag(of: holding.owned, keeping: [], spec)
                    holding.revokeAll()
                    let again = simulation.now
                    guard case .success(let rejoined) = await self.poll(spec, subscriptions, holding: false),
                          node.incarnation == incarnation else { continue }
                    lastContact = again
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
                    (holding.positions[partition], holding.epochs[partition]) = await self.fetch(
                        partition, from: position, lastEpoch: holding.epochs[partition], until: lastContact, spec: spec)
                    guard node.incarnation == incarnation else { break }
                }
                guard node.incarnation == incarnation,
                      spec.commitInterval == .zero || lastCommit.duration(to: simulation.now) >= spec.commitInterval else { continue }
                lastCommit = simulation.now
                if await !self.commit(&holding, spec, until: lastContact), node.incarnation == incarnation {
                    self.loseAll(&holding, spec)
                }
            }
        }
    }

    /// The member may no longer own its partitions — its session may have expired, or the
    /// coordinator refused its commit as from an older generation or a member it no longer has
    /// (Kafka's ILLEGAL_GENERATION, UNKNOWN_MEMBER_ID): it gives them all up without committing,
    /// and its next poll rejoins the group.
    private func loseAll(_ holding: inout ConsumerHolding, _ spec: QueueConsumerSpec) {
        network.simulation.trace.record(.custom, spec.id.name, "partitions lost \(spec.group)")
        releaseLag(of: holding.owned, keeping: [], spec)
        holding.revokeAll()
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

    /// Commits the position of each partition read since its last commit, while its session,
    /// counted from `lastContact`, lasts. Returns false when the coordinator refused a commit as
    /// fenced: the member must give its partitions up and rejoin.
    private func commit(_ holding: inout ConsumerHolding, _ spec: QueueConsumerSpec, until lastContact: VirtualInstant) async -> Bool {
        guard let generation = holding.generation else { return true }
        for partition in holding.owned {
            guard lastContact.duration(to: network.simulation.now) < controller.configuration.sessionTimeout else { return true }
            guard let position = holding.positions[partition], position != holding.committed[partition] else { continue }
            let answer = await controller.callCoordinator(from: spec.id, timeout: spec.timeout) { [controller] () throws(QueueError) in
                try controller.commit(group: spec.group, member: spec.id.name, generation: generation, partition: partition, offset: position)
            }
            switch answer {
            case .success: holding.committed[partition] = position
            case .failure(.fenced): return false
            case .failure: break
            }
        }
        return true
    }

    /// One fetch of `partition` from `position` (the last record read before it of `lastEpoch`),
    /// its records handed to the consumer; returns the next position and its last record's epoch.
    ///
    /// A position the leader's log does not reach (its records were truncated at a failover)
    /// goes back to where the leader's log stops agreeing — its log end when the consumer knows
    /// no epoch — with Kafka's `auto.offset.reset` and KIP-320 truncation detection as models:
    /// reading on from there hands over every record appended at those offsets since, rather
    /// than waiting at the old position and skipping them.
    private func fetch(_ partition: TopicPartition, from position: Int, lastEpoch: Int?, until lastContact: VirtualInstant,
                       spec: QueueConsumerSpec) async -> (position: Int, lastEpoch: Int?) {
        let simulation = network.simulation
        let sessionTimeout = controller.configuration.sessionTimeout
        guard lastContact.duration(to: simulation.now) < sessionTimeout else { return (position, lastEpoch) }
        guard let leader = controller.state(of: partition)?.leader, let broker = controller.broker(leader) else { return (position, lastEpoch) }
        let fetched = await network.callQueue(from: spec.id, to: broker, timeout: spec.timeout) { broker throws(QueueError) in
            try broker.fetch(partition, from: position, lastEpoch: lastEpoch, maxRecords: spec.maxRecords)
        }
        // An answer that comes once the session may have expired is not handed over: the
        // partition may be another member's by now.
        guard lastContact.duration(to: simulation.now) < sessionTimeout else { return (position, lastEpoch) }
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
