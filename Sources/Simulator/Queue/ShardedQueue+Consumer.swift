extension ShardedQueue {
    /// Starts `spec`'s consumer. Its read positions and group generation are volatile: after its
    /// node crashes it resumes from the group's committed offsets. When its group prepares a
    /// rebalance it commits what it has read and revokes all its partitions before rejoining
    /// (Kafka's eager protocol, `ConsumerCoordinator.onJoinPrepare`), so a rebalance without a
    /// failure hands nothing over twice.
    ///
    /// Its heartbeats go from a loop of their own (``startHeartbeats(_:_:node:)``), so a fetch or
    /// a commit that times out does not keep it silent; its poll asks the coordinator only when
    /// it must join: it holds no generation, or a heartbeat said the group is rebalancing. A pause
    /// of its node freezes both loops: a poll round or a heartbeat due in it runs at the resume,
    /// once, after what the pause held (``Simulation/awaitResume(of:)``) — none during it.
    public func startConsumer(_ spec: QueueConsumerSpec) {
        let node = network.addNode(spec.id)
        let simulation = network.simulation
        let subscriptions = partitions(spec.targets)
        let session = ConsumerSession(incarnation: node.incarnation, now: simulation.now)
        startHeartbeats(spec, session, node: node)
        simulation.spawn("queue.consumer.\(spec.id.name)", daemon: true) { _ in
            var holding = ConsumerHolding()
            var lastCommit = simulation.now
            while await simulation.sleepUnlessTornDown(for: spec.pollInterval, on: node) {
                if node.incarnation != session.incarnation {
                    self.releaseLag(of: holding.owned, keeping: [], spec)
                    holding.revokeAll()
                    session.restart(as: node.incarnation, now: simulation.now)
                }
                session.polled(at: simulation.now)
                if session.mustGiveUp {
                    self.loseAll(&holding, spec)
                    session.gaveUp()
                }
                if !holding.isHolding || session.mustRejoin {
                    guard await self.join(&holding, spec, subscriptions, session, node: node) else { continue }
                }
                for partition in holding.owned {
                    guard let position = holding.positions[partition] else { continue }
                    (holding.positions[partition], holding.epochs[partition]) = await self.fetch(
                        partition, from: position, lastEpoch: holding.epochs[partition], session, spec: spec)
                    guard node.incarnation == session.incarnation else { break }
                }
                guard node.incarnation == session.incarnation,
                      spec.commitInterval == .zero || lastCommit.duration(to: simulation.now) >= spec.commitInterval else { continue }
                lastCommit = simulation.now
                if await !self.commit(&holding, spec, session), node.incarnation == session.incarnation {
                    self.loseAll(&holding, spec)
                    session.holds(nil)
                }
            }
        }
    }

    /// Joins the group, or rejoins it: when the group is preparing a rebalance and the member
    /// holds partitions, it commits them, revokes them and joins again holding none
    /// (`onJoinPrepare`); when a generation is assigned, it takes its partitions. Returns false
    /// when there is nothing to read yet: no answer, a rebalance still being prepared, or a restart.
    private func join(_ holding: inout ConsumerHolding, _ spec: QueueConsumerSpec, _ subscriptions: [TopicPartition],
                      _ session: ConsumerSession, node: NetworkNode) async -> Bool {
        let simulation = network.simulation
        let sent = simulation.now
        guard case .success(var view) = await poll(spec, subscriptions, holding: holding.isHolding),
              node.incarnation == session.incarnation else { return false }
        session.joined(sentAt: sent)
        if view.isRebalancing, holding.isHolding {
            _ = await commit(&holding, spec, session)
            guard node.incarnation == session.incarnation else { return false }
            releaseLag(of: holding.owned, keeping: [], spec)
            holding.revokeAll()
            session.holds(nil)
            let again = simulation.now
            guard case .success(let rejoined) = await poll(spec, subscriptions, holding: false),
                  node.incarnation == session.incarnation else { return false }
            session.joined(sentAt: again)
            view = rejoined
        }
        // Waiting for the other members to rejoin: it owns nothing meanwhile.
        guard !view.isRebalancing else { return false }
        if view.generation != holding.generation {
            let before = holding.owned
            holding.adopt(view)
            releaseLag(of: before, keeping: holding.owned, spec)
        }
        session.holds(view.generation)
        return true
    }

    /// Heartbeats the group coordinator every heartbeat interval while the consumer is a member,
    /// whatever its poll loop is doing (KIP-62's heartbeat thread): one heartbeat per interval,
    /// each waiting at most an interval for its answer. A poll loop that has not started a round
    /// for `maxPollInterval` makes it leave the group (Kafka's "consumer poll timeout has
    /// expired") at that instant: the loop also wakes at the member's poll deadline, where
    /// Kafka's thread checks it every `retry.backoff.ms` (100 ms) and Orrery once checked only
    /// at heartbeats, up to an interval late.
    private func startHeartbeats(_ spec: QueueConsumerSpec, _ session: ConsumerSession, node: NetworkNode) {
        let simulation = network.simulation
        let interval = controller.configuration.heartbeatInterval
        simulation.spawn("queue.heartbeat.\(spec.id.name)", daemon: true) { [controller] _ in
            var next = simulation.now.advanced(by: interval)
            while await simulation.sleepUnlessTornDown(until: Self.wakeUp(heartbeat: next, session, node: node, spec: spec), on: node) {
                let heartbeatDue = simulation.now >= next
                if heartbeatDue { next = Self.heartbeat(after: next, every: interval, now: simulation.now) }
                guard session.isMember, node.incarnation == session.incarnation else { continue }
                if session.lastPoll.duration(to: simulation.now) >= spec.maxPollInterval {
                    session.leave()
                    simulation.trace.record(.custom, spec.id.name, "poll timeout, leaving \(spec.group)")
                    _ = await controller.callCoordinator(group: spec.group, from: spec.id, timeout: interval) { () throws(QueueError) in
                        controller.leave(group: spec.group, member: spec.id.name)
                    }
                    continue
                }
                guard heartbeatDue else { continue }
                let (sent, standing, generation) = (simulation.now, session.standing, session.generation)
                let answer = await controller.callCoordinator(group: spec.group, from: spec.id, timeout: interval) { () throws(QueueError) in
                    controller.heartbeat(group: spec.group, member: spec.id.name, generation: generation)
                }
                // An answer about a standing the member has left since (it rejoined, took or gave
                // up partitions, restarted) says nothing about the present one.
                guard case .success(let heard) = answer, node.incarnation == session.incarnation, session.standing == standing else { continue }
                session.heard(heard, sentAt: sent)
            }
        }
    }

    /// The heartbeat after the one due at `due`, on the loop's grid of `interval`s: the next one,
    /// or, after a pause of the consumer, the first one after `now` — the heartbeats due in the
    /// pause are one, sent at the resume, as a stopped process's timer fires once, late.
    private static func heartbeat(after due: VirtualInstant, every interval: Duration, now: VirtualInstant) -> VirtualInstant {
        let next = due.advanced(by: interval)
        guard next <= now, interval > .zero else { return next }
        let behind = now.nanoseconds - next.nanoseconds
        return next.advanced(by: .nanoseconds((behind / interval.nanoseconds + 1) * interval.nanoseconds))
    }

    /// When the heartbeat loop wakes next: at its next heartbeat (`heartbeat`), or earlier at
    /// the member's poll deadline (its last poll plus `maxPollInterval`).
    private static func wakeUp(heartbeat: VirtualInstant, _ session: ConsumerSession, node: NetworkNode, spec: QueueConsumerSpec) -> VirtualInstant {
        guard session.isMember, node.incarnation == session.incarnation else { return heartbeat }
        return min(heartbeat, session.lastPoll.advanced(by: spec.maxPollInterval))
    }

    /// The member may no longer own its partitions — it left the group, or the coordinator
    /// answered its heartbeat or refused its commit as from an older generation or a member it
    /// no longer has (Kafka's ILLEGAL_GENERATION, UNKNOWN_MEMBER_ID): it gives them all up
    /// without committing, and its poll rejoins the group.
    private func loseAll(_ holding: inout ConsumerHolding, _ spec: QueueConsumerSpec) {
        network.simulation.trace.record(.custom, spec.id.name, "partitions lost \(spec.group)")
        releaseLag(of: holding.owned, keeping: [], spec)
        holding.revokeAll()
    }

    /// Says that the consumer no longer reports lag for the partitions of `before` it does not
    /// keep: their `orrery_queue_consumer_lag` series end instead of repeating a stale level.
    ///
    /// - Complexity: O(b + a) for b partitions before and a after (a set, where a search of
    ///   `after` for each of `before` was quadratic in a large subscription).
    private func releaseLag(of before: [TopicPartition], keeping after: [TopicPartition], _ spec: QueueConsumerSpec) {
        guard !before.isEmpty else { return }
        let kept = Set(after)
        for partition in before where !kept.contains(partition) {
            network.simulation.observeInstant(.queue, spec.id.name, "lag released", detail: "\(spec.group) \(partition)",
                                              subject: Observation.Subject(partition, group: spec.group))
        }
    }

    private func poll(_ spec: QueueConsumerSpec, _ subscriptions: [TopicPartition], holding: Bool) async -> Result<QueueController.GroupView, QueueError> {
        await controller.callCoordinator(group: spec.group, from: spec.id, timeout: spec.timeout) { [controller] () throws(QueueError) in
            controller.poll(group: spec.group, member: spec.id.name, subscriptions: subscriptions, holding: holding)
        }
    }

    /// Commits the position of each partition read since its last commit, while it is in touch
    /// with the coordinator (``ConsumerSession/isInTouch(at:sessionTimeout:)``). Returns false
    /// when the coordinator refused a commit as fenced: the member must give its partitions up
    /// and rejoin.
    private func commit(_ holding: inout ConsumerHolding, _ spec: QueueConsumerSpec, _ session: ConsumerSession) async -> Bool {
        guard let generation = holding.generation else { return true }
        for partition in holding.owned {
            guard session.isInTouch(at: network.simulation.now, sessionTimeout: controller.configuration.sessionTimeout) else { return true }
            guard let position = holding.positions[partition], position != holding.committed[partition] else { continue }
            let answer = await controller.callCoordinator(group: spec.group, from: spec.id, timeout: spec.timeout) { [controller] () throws(QueueError) in
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
    private func fetch(_ partition: TopicPartition, from position: Int, lastEpoch: Int?, _ session: ConsumerSession,
                       spec: QueueConsumerSpec) async -> (position: Int, lastEpoch: Int?) {
        let simulation = network.simulation
        let sessionTimeout = controller.configuration.sessionTimeout
        guard session.isInTouch(at: simulation.now, sessionTimeout: sessionTimeout) else { return (position, lastEpoch) }
        guard let leader = controller.state(of: partition)?.leader, let broker = controller.broker(leader) else { return (position, lastEpoch) }
        let fetched = await network.callQueue(from: spec.id, to: broker, timeout: spec.timeout) { broker throws(QueueError) in
            try broker.fetch(partition, from: position, lastEpoch: lastEpoch, maxRecords: spec.maxRecords)
        }
        // An answer that comes once the session may have expired (or the member has left) is not
        // handed over: the partition may be another member's by now.
        guard session.isInTouch(at: simulation.now, sessionTimeout: sessionTimeout) else { return (position, lastEpoch) }
        switch fetched {
        case .success(let (records, highWatermark)):
            let next = records.last.map { $0.offset + 1 } ?? position
            simulation.observeGauge(.queue, spec.id.name, "lag", of: "\(spec.group) \(partition)", subject: Observation.Subject(partition, group: spec.group),
                                    Double(max(0, highWatermark - next)))
            guard let last = records.last else { return (position, lastEpoch) }
            ledger.noteDelivered(records, of: partition, group: spec.group, consumer: spec.id.name,
                                 committed: controller.committed(group: spec.group, partition: partition), at: simulation.now)
            return (next, last.epoch)
        case .failure(.offsetOutOfRange(_, let reset)):
            simulation.trace.record(.custom, spec.id.name, "reset \(partition) \(position) to \(reset)")
            simulation.observeInstant(.queue, spec.id.name, "offset reset", detail: "\(spec.group) \(partition) \(position) to \(reset)",
                                      subject: Observation.Subject(partition, group: spec.group))
            ledger.noteReset(of: partition, group: spec.group, consumer: spec.id.name, from: position, to: reset, at: simulation.now)
            return (reset, nil)
        case .failure:
            return (position, lastEpoch)
        }
    }
}
