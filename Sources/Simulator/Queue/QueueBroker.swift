/// One broker of the sharded queue on its own network node: it holds a replica of each partition
/// placed on it, takes appends for the partitions it leads and copies each record to the in-sync
/// followers before (`acks=all`) or after (`acks=leader`) acknowledging it, and serves reads up to
/// the high watermark.
///
/// The high watermark is Kafka's: the leader raises it to what every in-sync replica has
/// confirmed, and sends it with each copy; a follower's is the leader's, capped by its own log
/// end. So a follower that becomes leader never serves a record some in-sync replica lacks; its
/// watermark rises again as its followers confirm its tail.
///
/// Appends to one partition are handled one at a time (the next waits for the previous one's
/// replication), so a follower receives a partition's records in offset order. Replicas are
/// durable: a crash keeps them, and a returning broker drops only the suffix its partition's
/// current leader never had (found by leader epoch, as Kafka does since KIP-101).
public actor QueueBroker {
    /// The broker's node.
    public nonisolated let id: NodeID
    /// Its number, the node id placement algorithms place partitions on.
    public nonisolated let number: Int
    /// The broker's node, whose state says whether its process runs (crashed, booting, paused):
    /// the network keeps a node for good, so it is held from the start.
    nonisolated let node: NetworkNode
    public nonisolated let unownedExecutor: UnownedSerialExecutor
    let network: Network
    unowned let controller: QueueController
    /// This broker's replica of each partition placed on it, by the partition's index in its
    /// placement (``PartitionPlacement/partitions``); nil for a partition it does not hold.
    ///
    /// This and the per-partition flags below are arrays indexed like the controller's
    /// partition states, where dictionaries keyed by ``TopicPartition`` hashed the topic's name
    /// and the partition's number with SipHash at every lookup — several a produce and a fetch.
    var replicas: [PartitionReplica?]
    /// Partitions with an append (or a rejoin check) in progress, and who waits for each.
    private var busy: [Bool]
    private var waiting: [[UnsafeContinuation<Void, Never>]]
    /// Partitions whose `acks=leader` copy loop is running (QueueBroker+CopyLoop.swift).
    var copying: [Bool]
    /// Each partition's in-sync set change this leader has asked the controller for and not yet
    /// seen settled (see QueueBroker+AlterPartition.swift), and the appends waiting for it.
    var pendingInSync: [PendingInSyncChange?]
    var settledWaiters: [[SettlementWaiter]]
    /// The serial number of the last change proposed.
    var alterPartitionSerial = 0

    /// A broker numbered `number` on node `id`, holding empty replicas of its partitions.
    public init(_ id: NodeID, number: Int, controller: QueueController, network: Network) {
        self.id = id
        self.number = number
        self.controller = controller
        self.network = network
        unownedExecutor = network.simulation.executor.asUnownedSerialExecutor()
        node = network.addNode(id)
        replicas = controller.placement.replicas.map { $0.contains(number) ? PartitionReplica() : nil }
        busy = Array(repeating: false, count: replicas.count)
        waiting = Array(repeating: [], count: replicas.count)
        copying = Array(repeating: false, count: replicas.count)
        pendingInSync = Array(repeating: nil, count: replicas.count)
        settledWaiters = Array(repeating: [], count: replicas.count)
    }

    /// The controller elected this broker leader of the partition at `index`: its end offset and
    /// high watermark are shown from that instant (they were shown first at its next append or
    /// confirmation, and a leader that got none had no series). Called on the simulation's
    /// thread, the broker's executor.
    nonisolated func observeElected(toLead index: Int) {
        guard network.simulation.observer != nil else { return }
        assumeIsolated { broker in
            guard let replica = broker.replicas[index] else { return }
            let label = broker.controller.partitionLabels[index].name
            let subject = Observation.Subject(broker.controller.placement.partitions[index])
            broker.network.simulation.observeGauge(.queue, broker.id.name, "end offset", of: label, subject: subject, Double(replica.endOffset))
            broker.network.simulation.observeGauge(.queue, broker.id.name, "high watermark", of: label, subject: subject, Double(replica.highWatermark))
        }
    }

    /// The index of `partition` in the placement, if this broker holds a replica of it.
    func heldIndex(of partition: TopicPartition) -> Int? {
        guard let index = controller.placement.index(of: partition), replicas[index] != nil else { return nil }
        return index
    }

    /// Starts the loop that brings this broker's lagging replicas back in sync. Its rounds are
    /// timers of the broker's process: one due while the broker is paused runs at the resume
    /// (``Simulation/awaitResume(of:)``), not skipped and not during the pause.
    nonisolated func startCatchingUp() {
        let simulation = network.simulation
        let interval = controller.configuration.catchUpInterval
        let node = node
        simulation.spawn("queue.catch-up.\(id.name)", daemon: true) { _ in
            while await simulation.sleepUnlessTornDown(for: interval, on: node) {
                await self.catchUpLaggingReplicas()
            }
        }
    }

    // MARK: Reading state (for reports and checks, after or during a run)

    /// This broker's records of `partition` (empty if it holds none).
    public func records(of partition: TopicPartition) -> [QueueRecord] { heldIndex(of: partition).map { replicas[$0]!.records } ?? [] }

    /// This broker's high watermark of `partition`.
    public func highWatermark(of partition: TopicPartition) -> Int { heldIndex(of: partition).map { replicas[$0]!.highWatermark } ?? 0 }

    // MARK: Appending

    /// What an append answers: the record's offset, and whether it was there already (a retry
    /// of an idempotent producer's record, not appended again).
    public struct Appended: Sendable, Equatable {
        public let offset: Int
        public let isDuplicate: Bool
    }

    /// Appends `message` to `partition` if this broker leads it, and answers with the record's
    /// offset once the acknowledgement level is met.
    ///
    /// - Throws: as ``appendRecord(_:to:sequence:)``.
    public func append(_ message: QueueMessage, to partition: TopicPartition, sequence: ProducerSequence? = nil) async throws(QueueError) -> Int {
        try await appendRecord(message, to: partition, sequence: sequence).offset
    }

    /// Appends `message` to `partition` if this broker leads it, and answers once the
    /// acknowledgement level is met. A message stamped with an idempotent producer's `sequence`
    /// that this log has already is not appended again: the answer is its offset, once it is on
    /// every in-sync replica (with `acks=all`, as Kafka's delayed produce waits for it).
    ///
    /// - Throws: ``QueueError/notLeader(_:)`` when another broker leads (or none does), or when this
    ///   leader is replaced while it replicates (the record is then not acknowledged);
    ///   ``QueueError/notEnoughReplicas(_:afterAppend:)`` with `acks=all` when the in-sync set is
    ///   smaller than `min_insync_replicas`, before the append (nothing appended) or after it (the
    ///   record is in the log but not acknowledged), as Kafka refuses it;
    ///   ``QueueError/outOfOrderSequence(_:)`` for a stamp that does not follow the producer's last.
    func appendRecord(_ message: QueueMessage, to partition: TopicPartition, sequence: ProducerSequence?) async throws(QueueError) -> Appended {
        guard let index = heldIndex(of: partition), controller.states[index].leader == number else {
            throw .notLeader(partition)
        }
        let epoch = controller.states[index].epoch
        await lock(index)
        defer { unlock(index) }
        // Leadership may have moved while this append waited for the previous one.
        guard controller.states[index].leader == number, controller.states[index].epoch == epoch else {
            throw .notLeader(partition)
        }
        try checkInSyncReplicas(index, afterAppend: false)
        if let sequence {
            switch replicas[index]!.producers.verdict(producer: message.producer, sequence) {
            case .append: break
            case .duplicate(let offset):
                // Already on every in-sync replica, or (a new leader's unconfirmed tail) not yet.
                let highWatermark = replicas[index]!.highWatermark
                try await acknowledge(index, epoch: epoch, copying: offset < highWatermark ? 0..<0 : highWatermark..<replicas[index]!.endOffset)
                return Appended(offset: offset, isDuplicate: true)
            case .outOfOrder: throw .outOfOrderSequence(partition)
            }
        }
        let offset = replicas[index]!.endOffset
        replicas[index]!.append(contentsOf: CollectionOfOne(QueueRecord(offset: offset, epoch: epoch, message: message, producerSequence: sequence)))
        let label = controller.partitionLabels[index]
        network.simulation.trace.record(.put, subjectHash: id.stableHash, objectHash: label.stableHash, value: Int64(offset)) {
            TraceEvent(time: network.simulation.now, kind: .put, subject: id.name, object: label.name, value: Int64(offset))
        }
        network.simulation.observeGauge(.queue, id.name, "end offset", of: label.name, subject: Observation.Subject(controller.placement.partitions[index]),
                                        Double(offset + 1))
        try await acknowledge(index, epoch: epoch, copying: offset..<offset + 1)
        return Appended(offset: offset, isDuplicate: false)
    }

    /// Meets the acknowledgement level for the partition at `index`: with `acks=all`, copies
    /// `range` to the in-sync followers first (nothing when it is empty: already confirmed).
    private func acknowledge(_ index: Int, epoch: Int, copying range: Range<Int>) async throws(QueueError) {
        switch controller.configuration.acks {
        case .all:
            if !range.isEmpty {
                guard await replicate(index, epoch: epoch, from: range.lowerBound, to: range.upperBound) else {
                    throw .notLeader(controller.placement.partitions[index])
                }
            }
            try checkInSyncReplicas(index, afterAppend: true)
        case .leader:
            startCopying(index, epoch: epoch)
        }
    }

    /// Kafka's `min.insync.replicas` check of an `acks=all` append: before it, of the committed
    /// in-sync set (`Partition.appendRecordsToLeader` reads `partitionState.isr`); after it, of the
    /// maximal one (`checkEnoughReplicasReachOffset` reads `partitionState.maximalIsr`).
    private func checkInSyncReplicas(_ index: Int, afterAppend: Bool) throws(QueueError) {
        guard controller.configuration.acks == .all else { return }
        let inSync = afterAppend ? maximalInSync(index).count : controller.states[index].inSync.count
        guard inSync < controller.configuration.minInSyncReplicas else { return }
        throw .notEnoughReplicas(controller.placement.partitions[index], afterAppend: afterAppend)
    }

    /// Brings the followers of the partition at `index` up to this leader's log end: a new leader
    /// confirming records its predecessor never did, or the `acks=leader` copy loop when it has
    /// stopped.
    func confirmTail(ofPartitionAt index: Int, epoch: Int) async {
        switch controller.configuration.acks {
        case .leader:
            startCopying(index, epoch: epoch)
        case .all:
            await lock(index)
            defer { unlock(index) }
            guard let replica = replicas[index] else { return }
            _ = await replicate(index, epoch: epoch, from: replica.highWatermark, to: replica.endOffset)
        }
    }

    /// Copies records `from..<to` of the partition at `index` to every follower of the maximal
    /// in-sync set (earlier ones too, to a follower that says it is behind), then raises the high
    /// watermark to `to`. Followers that do not confirm within the replica timeout are proposed
    /// for removal to the controller (an AlterPartition request): the watermark waits until the
    /// change is settled and every follower still counted on has confirmed — copied again after a
    /// change that did not drop them — or until, while it is pending, the lagging followers come
    /// back and confirm the copy (QueueBroker+ReturningFollower.swift). Returns false when this
    /// leader was replaced meanwhile, or its own process died (a zombie must not raise its
    /// watermark). The `acks=leader` copy loop takes the same steps apart
    /// (QueueBroker+CopyLoop.swift).
    private func replicate(_ index: Int, epoch: Int, from first: Int, to end: Int) async -> Bool {
        let node = network.node(id)
        let incarnation = node?.incarnation
        while true {
            guard let (round, lagging) = await copyRound(index, epoch: epoch, first..<end, node: node, incarnation: incarnation) else {
                return false
            }
            if lagging.isEmpty { break }
            proposeShrink(index, removing: lagging)
            guard let settled = await settle(index, epoch: epoch, first..<end, round: round, lagging: lagging, node: node, incarnation: incarnation) else {
                return false
            }
            if settled { break }
        }
        raiseHighWatermark(index, to: end)
        return true
    }

    /// One round of ``replicate(_:epoch:from:to:)``: copies `range` to every follower of the
    /// maximal in-sync set, and answers that set and the followers of it that did not confirm
    /// (no allocation unless one fails: the common case is every follower confirming) — or nil
    /// when this leader was replaced meanwhile or its process (`node`, in `incarnation`) died.
    func copyRound(_ index: Int, epoch: Int, _ range: Range<Int>, node: NetworkNode?,
                   incarnation: UInt64?) async -> (round: [Int], lagging: [Int])? {
        let round = maximalInSync(index)
        var lagging: [Int] = []
        for follower in round where follower != number {
            guard let broker = controller.broker(follower) else { continue }
            let answered = await copyConfirmed(index, epoch: epoch, to: broker, from: range.lowerBound, to: range.upperBound)
            guard node?.incarnation == incarnation, node?.state == .up else { return nil }
            if !answered { lagging.append(follower) }
        }
        guard controller.states[index].epoch == epoch else { return nil }
        return (round, lagging)
    }

    /// After a round whose `lagging` followers did not confirm `range` and a shrink proposed for
    /// them: waits until the change is settled or they come back and confirm it. Answers whether
    /// the watermark may rise — the followers came back, or every follower still counted on
    /// confirmed — or false to copy the range again; nil when this leader was replaced or its
    /// process died meanwhile.
    func settle(_ index: Int, epoch: Int, _ range: Range<Int>, round: [Int], lagging: [Int], node: NetworkNode?,
                incarnation: UInt64?) async -> Bool? {
        let followersBack = await awaitInSyncChangeSettled(index, orFollowersConfirming: range, epoch: epoch,
                                                           confirmed: round.filter { !lagging.contains($0) })
        guard node?.incarnation == incarnation, node?.state == .up, controller.states[index].epoch == epoch else { return nil }
        if followersBack { return true }
        let number = number
        return maximalInSync(index).allSatisfy { $0 == number || (round.contains($0) && !lagging.contains($0)) }
    }

    /// Raises the partition's high watermark to `end`, every in-sync follower having it.
    func raiseHighWatermark(_ index: Int, to end: Int) {
        replicas[index]!.highWatermark = max(replicas[index]!.highWatermark, end)
        network.simulation.observeGauge(.queue, id.name, "high watermark", of: controller.partitionLabels[index].name,
                                        subject: Observation.Subject(controller.placement.partitions[index]), Double(replicas[index]!.highWatermark))
    }

    /// Copies records `first..<end` of the partition at `index` to the follower `broker` and
    /// answers whether it confirmed them within the replica timeout. A follower that is behind
    /// says where its log ends, and gets the records from there; two rounds are enough for one
    /// that lost only a replaced leader's unfinished copy.
    func copyConfirmed(_ index: Int, epoch: Int, to broker: QueueBroker, from first: Int, to end: Int) async -> Bool {
        let partition = controller.placement.partitions[index]
        let timeout = controller.configuration.replicaTimeout
        var from = first
        for _ in 0..<2 {
            let start = min(max(0, from), end)
            let records = Array(replicas[index]!.records[start..<end])
            // The watermark as it stands now, before this round is confirmed: what the follower
            // may expose if it leads next (Kafka's fetch response carries it too).
            let highWatermark = replicas[index]!.highWatermark
            let answer = await send(from: id, to: broker, timeout: timeout) { follower throws(QueueError) in
                try follower.copy(records, of: partition, epoch: epoch, from: start, leaderHighWatermark: highWatermark)
            }
            if case .failure(.behind(_, let followerEnd)) = answer, followerEnd < from {
                from = followerEnd
                continue
            }
            if case .success = answer { return true }
            return false
        }
        return false
    }

    /// Follower side of a copy: `records` start at offset `from` and were appended by the leader
    /// of `epoch`, whose high watermark was `leaderHighWatermark` when it sent them. A suffix this
    /// replica has beyond `from` (from a replaced leader) is dropped.
    ///
    /// The follower's watermark becomes the leader's, capped by its own log end — never "all but
    /// my newest record": that claimed records the other in-sync replicas may not have, and a
    /// follower that then led handed consumers records that were lost at the next election.
    ///
    /// - Throws: ``QueueError/staleEpoch(_:epoch:current:)`` from a replaced leader;
    ///   ``QueueError/behind(_:endOffset:)`` when this replica's log ends before `from`.
    func copy(_ records: [QueueRecord], of partition: TopicPartition, epoch: Int, from: Int, leaderHighWatermark: Int) throws(QueueError) {
        guard let index = heldIndex(of: partition) else { throw .notLeader(partition) }
        let current = controller.states[index].epoch
        guard epoch == current else { throw .staleEpoch(partition, epoch: epoch, current: current) }
        let end = replicas[index]!.endOffset
        guard end >= from else { throw .behind(partition, endOffset: end) }
        replicas[index]!.truncate(to: from)
        replicas[index]!.append(contentsOf: records)
        replicas[index]!.highWatermark = min(max(0, leaderHighWatermark), replicas[index]!.endOffset)
    }

    // MARK: Reading

    /// Up to `maxRecords` records of `partition` from `offset`, never beyond the high watermark;
    /// `lastEpoch` is the leader epoch of the record just before `offset` as the consumer got it
    /// (nil when it does not know, as after a restart from a committed offset).
    ///
    /// A position between the high watermark and the log end gets no records yet. A position this
    /// log cannot vouch for is refused, as Kafka refuses it (OFFSET_OUT_OF_RANGE, and KIP-320's
    /// truncation check): past the log end, or past the end of `lastEpoch` in this log — the
    /// consumer read records a replaced leader had that this one does not.
    ///
    /// - Throws: ``QueueError/notLeader(_:)`` unless this broker leads the partition;
    ///   ``QueueError/offsetOutOfRange(_:resetTo:)`` for a position this log does not reach.
    /// - Complexity: O(log n) for the check, n the records in the log.
    public func fetch(_ partition: TopicPartition, from offset: Int, lastEpoch: Int? = nil,
                      maxRecords: Int) throws(QueueError) -> (records: [QueueRecord], highWatermark: Int) {
        guard let index = heldIndex(of: partition), controller.states[index].leader == number else { throw .notLeader(partition) }
        var valid = replicas[index]!.endOffset
        if let lastEpoch { valid = min(valid, replicas[index]!.endOffset(ofEpoch: lastEpoch)) }
        guard offset <= valid else { throw .offsetOutOfRange(partition, resetTo: valid) }
        let highWatermark = replicas[index]!.highWatermark
        let start = min(max(0, offset), highWatermark)
        let end = min(highWatermark, start + max(0, maxRecords))
        return (Array(replicas[index]!.records[start..<end]), highWatermark)
    }

    // MARK: One append at a time per partition

    private func lock(_ index: Int) async {
        guard busy[index] else {
            busy[index] = true
            return
        }
        await withUnsafeContinuation { waiting[index].append($0) }
    }

    private func unlock(_ index: Int) {
        if !waiting[index].isEmpty {
            // The lock passes straight to the longest waiter, in arrival order.
            waiting[index].removeFirst().resume()
        } else {
            busy[index] = false
        }
    }
}

extension QueueBroker {
    /// Calls `body` on `broker` across the network from `source`, as a value: a refusal and a
    /// network failure are both ``QueueError``s.
    nonisolated func send<Answer: Sendable>(
        from source: NodeID, to broker: QueueBroker, timeout: Duration,
        _ body: @escaping @Sendable (isolated QueueBroker) throws(QueueError) -> Answer
    ) async -> Result<Answer, QueueError> {
        await network.callQueue(from: source, to: broker, timeout: timeout, body)
    }
}

extension QueueBroker {
    /// Runs `body` isolated to this broker, its refusal as a value, for
    /// ``Network/callQueue(from:to:timeout:_:)`` to carry back to the caller.
    func run<Answer: Sendable>(_ body: @Sendable (isolated QueueBroker) throws(QueueError) -> Answer) -> Result<Answer, QueueError> {
        do { return .success(try body(self)) } catch { return .failure(error) }
    }
}
