extension ShardedQueue {
    /// Starts `spec`'s consumer. Its read positions and group generation are volatile: after its
    /// node crashes it resumes from the group's committed offsets. When its group prepares a
    /// rebalance it commits what it has read and revokes all its partitions before rejoining
    /// (Kafka's eager protocol, `ConsumerCoordinator.onJoinPrepare`), so a rebalance without a
    /// failure hands nothing over twice.
    ///
    /// Its heartbeats go from a loop of their own (``heartbeats(_:_:as:)``), so a fetch or
    /// a commit that times out does not keep it silent; its poll asks the coordinator only when
    /// it must join: it holds no generation, or a heartbeat said the group is rebalancing. A pause
    /// of its node freezes both loops: a poll round or a heartbeat due in it runs at the resume,
    /// once, after what the pause held (``Simulation/awaitResume(of:)``) — none during it.
    ///
    /// Both loops run as its node's program (``Network/startProcess(on:named:daemon:for:_:)``),
    /// the heartbeat thread and the poll loop of one process sharing its ``ConsumerSession``: a
    /// crash ends them — the poll loop at its next round, where it releases its partitions' lag —
    /// and a restart starts new ones once booted, as a restarted Kafka consumer rejoins its group
    /// once it has started: its session, read positions and heartbeats begin with the process
    /// (its first poll one `poll_interval` after the boot's end, its first heartbeat one
    /// `heartbeat_interval` after), and nothing is sent between the crash (or the restart of a
    /// running consumer) and the `booted` line.
    public func startConsumer(_ spec: QueueConsumerSpec) {
        network.addNode(spec.id)
        let subscriptions = partitions(spec.targets)
        let sessions = ConsumerSessions()
        // The heartbeat thread first, as it always started: at an instant both loops wake, the
        // heartbeat goes first.
        network.startProcess(on: spec.id, named: "queue.heartbeat.\(spec.id.name)", daemon: true, for: self) { queue, process in
            await queue.heartbeats(spec, sessions.session(of: process, now: queue.network.simulation.now), as: process)
        }
        network.startProcess(on: spec.id, named: "queue.consumer.\(spec.id.name)", daemon: true, for: self) { queue, process in
            await queue.consume(spec, subscriptions, sessions.session(of: process, now: queue.network.simulation.now), as: process)
        }
    }

    /// The session of each process of a consumer, which its two loops share: a new one for each
    /// process, made by whichever loop begins first (both begin at the same instant).
    ///
    /// `@unchecked Sendable`: touched only on the simulation thread.
    private final class ConsumerSessions: @unchecked Sendable {
        private var current: (process: UInt64, session: ConsumerSession)?

        func session(of process: NodeProcess, now: VirtualInstant) -> ConsumerSession {
            if let current, current.process == process.number { return current.session }
            let session = ConsumerSession(now: now)
            current = (process.number, session)
            return session
        }
    }

    /// The poll loop of `process`: a round every poll interval, until the process ends.
    private func consume(_ spec: QueueConsumerSpec, _ subscriptions: [TopicPartition], _ session: ConsumerSession,
                         as process: NodeProcess) async {
        let simulation = network.simulation
        let node = network.addNode(spec.id)
        var holding = ConsumerHolding()
        var lastCommit = simulation.now
        while await simulation.sleepUnlessTornDown(for: spec.pollInterval, on: node) {
            guard process.runs else {
                // Its partitions' lag series end with the process.
                releaseLag(of: holding.owned, keeping: [], spec)
                return
            }
            session.polled(at: simulation.now)
            if session.mustGiveUp {
                loseAll(&holding, spec)
                session.gaveUp()
            }
            if !holding.isHolding || session.mustRejoin {
                guard await join(&holding, spec, subscriptions, session, process: process) else { continue }
            }
            for partition in holding.owned {
                guard let position = holding.positions[partition] else { continue }
                (holding.positions[partition], holding.epochs[partition]) = await fetch(
                    partition, from: position, lastEpoch: holding.epochs[partition], session, spec: spec, as: process)
                guard process.runs else { break }
            }
            guard process.runs,
                  spec.commitInterval == .zero || lastCommit.duration(to: simulation.now) >= spec.commitInterval else { continue }
            lastCommit = simulation.now
            if await !commit(&holding, spec, session, as: process), process.runs {
                loseAll(&holding, spec)
                session.holds(nil)
            }
        }
    }

    /// Joins the group, or rejoins it: when the group is preparing a rebalance and the member
    /// holds partitions, it commits them, revokes them and joins again holding none
    /// (`onJoinPrepare`); when a generation is assigned, it takes its partitions. Returns false
    /// when there is nothing to read yet: no answer, a rebalance still being prepared, or a restart.
    private func join(_ holding: inout ConsumerHolding, _ spec: QueueConsumerSpec, _ subscriptions: [TopicPartition],
                      _ session: ConsumerSession, process: NodeProcess) async -> Bool {
        let simulation = network.simulation
        let sent = simulation.now
        guard case .success(var view) = await poll(spec, subscriptions, holding: holding.isHolding, as: process),
              process.runs else { return false }
        session.joined(sentAt: sent)
        if view.isRebalancing, holding.isHolding {
            _ = await commit(&holding, spec, session, as: process)
            guard process.runs else { return false }
            releaseLag(of: holding.owned, keeping: [], spec)
            holding.revokeAll()
            session.holds(nil)
            let again = simulation.now
            guard case .success(let rejoined) = await poll(spec, subscriptions, holding: false, as: process),
                  process.runs else { return false }
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
    ///
    /// The loop is `process`'s heartbeat thread: it ends at its first wake after the process
    /// does, and each call it makes is the process's (``NodeProcess/awaitRunning()``).
    private func heartbeats(_ spec: QueueConsumerSpec, _ session: ConsumerSession, as process: NodeProcess) async {
        let simulation = network.simulation
        let node = network.addNode(spec.id)
        let interval = controller.configuration.heartbeatInterval
        var next = simulation.now.advanced(by: interval)
        while await simulation.sleepUnlessTornDown(until: Self.wakeUp(heartbeat: next, session, spec: spec), on: node), process.runs {
            let heartbeatDue = simulation.now >= next
            if heartbeatDue { next = Self.heartbeat(after: next, every: interval, now: simulation.now) }
            guard session.isMember else { continue }
            if session.lastPoll.duration(to: simulation.now) >= spec.maxPollInterval {
                session.leave()
                simulation.trace.record(.custom, spec.id.name, "poll timeout, leaving \(spec.group)")
                _ = await callCoordinator(spec, timeout: interval, as: process) { [controller] () throws(QueueError) in
                    controller.leave(group: spec.group, member: spec.id.name)
                }
                continue
            }
            guard heartbeatDue else { continue }
            let (sent, standing, generation) = (simulation.now, session.standing, session.generation)
            let answer = await callCoordinator(spec, timeout: interval, as: process) { [controller] () throws(QueueError) in
                controller.heartbeat(group: spec.group, member: spec.id.name, generation: generation)
            }
            // An answer about a standing the member has left since (it rejoined, took or gave
            // up partitions) says nothing about the present one.
            guard case .success(let heard) = answer, process.runs, session.standing == standing else { continue }
            session.heard(heard, sentAt: sent)
        }
    }

    /// Calls the group's coordinator as `process` (``NodeProcess/awaitRunning()`` right before
    /// the call): a process that is gone — even once a later one runs — sends nothing, and gets
    /// ``QueueError/coordinatorNotAvailable(group:)``, which its caller, checking the process
    /// next, never acts on.
    private func callCoordinator<Answer: Sendable>(_ spec: QueueConsumerSpec, timeout: Duration, as process: NodeProcess,
                                                   _ body: @escaping @Sendable () throws(QueueError) -> Answer) async -> Result<Answer, QueueError> {
        guard await process.awaitRunning() else { return .failure(.coordinatorNotAvailable(group: spec.group)) }
        return await controller.callCoordinator(group: spec.group, from: spec.id, timeout: timeout, body)
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
    private static func wakeUp(heartbeat: VirtualInstant, _ session: ConsumerSession, spec: QueueConsumerSpec) -> VirtualInstant {
        guard session.isMember else { return heartbeat }
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

    private func poll(_ spec: QueueConsumerSpec, _ subscriptions: [TopicPartition], holding: Bool,
                      as process: NodeProcess) async -> Result<QueueController.GroupView, QueueError> {
        await callCoordinator(spec, timeout: spec.timeout, as: process) { [controller] () throws(QueueError) in
            controller.poll(group: spec.group, member: spec.id.name, subscriptions: subscriptions, holding: holding)
        }
    }

    /// Commits the position of each partition read since its last commit, while it is in touch
    /// with the coordinator (``ConsumerSession/isInTouch(at:sessionTimeout:)``). Returns false
    /// when the coordinator refused a commit as fenced: the member must give its partitions up
    /// and rejoin.
    private func commit(_ holding: inout ConsumerHolding, _ spec: QueueConsumerSpec, _ session: ConsumerSession,
                        as process: NodeProcess) async -> Bool {
        guard let generation = holding.generation else { return true }
        for partition in holding.owned {
            guard session.isInTouch(at: network.simulation.now, sessionTimeout: controller.configuration.sessionTimeout) else { return true }
            guard let position = holding.positions[partition], position != holding.committed[partition] else { continue }
            let answer = await callCoordinator(spec, timeout: spec.timeout, as: process) { [controller] () throws(QueueError) in
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
                       spec: QueueConsumerSpec, as process: NodeProcess) async -> (position: Int, lastEpoch: Int?) {
        let simulation = network.simulation
        let sessionTimeout = controller.configuration.sessionTimeout
        guard session.isInTouch(at: simulation.now, sessionTimeout: sessionTimeout) else { return (position, lastEpoch) }
        guard let leader = controller.state(of: partition)?.leader, let broker = controller.broker(leader),
              await process.awaitRunning() else { return (position, lastEpoch) }
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
