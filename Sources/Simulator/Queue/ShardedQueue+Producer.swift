extension ShardedQueue {
    /// Starts `spec`'s producer: one message at a time (one request in flight, so retries keep
    /// the order), idempotent when the configuration says so. Each message is sent — Kafka's
    /// `send()` — at the instant its rate schedules it, and expires unacknowledged once its
    /// ``QueueProducerSpec/deliveryTimeout`` has passed since then, even while it still waits
    /// behind the message in flight: a producer retrying an offline partition, 2 s a message, had
    /// started 2,109 of 3,000 messages due within a 10 s world when the one-hour time limit
    /// stopped it, where now the last expires 120 s after its send.
    ///
    /// A pause of its node freezes it: a message due in the pause is sent at the resume (its
    /// delivery timeout still counted from when its rate scheduled it), and so is a retry.
    ///
    /// It runs as its node's program (``Network/startProcess(on:named:daemon:for:_:)``): a crash
    /// ends it — the message in flight is neither acknowledged nor given up on — and a restart
    /// starts a new process once booted, which sends that message again and goes on from it at its
    /// rate (``ResumableSchedule``), in a new epoch: its sequence numbers went with the crashed
    /// process, as a restarted Kafka producer gets a new producer id, so the message sent again
    /// may be appended twice.
    public func startProducer(_ spec: QueueProducerSpec) {
        network.addNode(spec.id)
        let schedule = ResumableSchedule(count: spec.messages) { .after(spec.start + .seconds(double: Double($0) / spec.rate)) }
        producerSchedules.append((spec.id, schedule))
        let progress = ProducerProgress(targets: spec.targets.count, idempotent: controller.configuration.isIdempotent)
        network.startProcess(on: spec.id, named: "queue.producer.\(spec.id.name)", for: self) { queue, process in
            await queue.produce(spec, schedule, progress, as: process)
        }
    }

    /// The producers, in start order, with a message no process of theirs has settled —
    /// acknowledged or given up on: each still sending, or crashed before its last message (its
    /// node's next restart starts it again once booted).
    public var unfinishedProducers: [NodeID] {
        producerSchedules.compactMap { $0.schedule.next < $0.schedule.count ? $0.id : nil }
    }

    /// What a producer's program keeps from one process to the next: its round-robin turns, its
    /// sequence numbers and epoch (each restarted process begins a new one, as does each epoch
    /// bump of a process, even one that crashes before its message settles), and the message it
    /// had in flight (sent again by the next process, to the same partition).
    ///
    /// `@unchecked Sendable`: touched only on the simulation thread.
    private final class ProducerProgress: @unchecked Sendable {
        var turns: [Int]
        var sequences: ProducerSequences?
        var inFlight: (sequence: Int, message: QueueMessage, partition: TopicPartition)?

        init(targets: Int, idempotent: Bool) {
            turns = [Int](repeating: 0, count: targets)
            sequences = idempotent ? ProducerSequences() : nil
        }
    }

    /// The producer's work in `process`: each message from the first no process settled, at its
    /// instant; ends when the process does.
    private func produce(_ spec: QueueProducerSpec, _ schedule: ResumableSchedule, _ progress: ProducerProgress,
                         as process: NodeProcess) async {
        let simulation = network.simulation
        let node = network.addNode(spec.id)
        // Mutated in place, never copied out: a copy held beside it would make every
        // acknowledgement copy the whole table (copy-on-write), a malloc a message.
        if process.isRestarted { progress.sequences?.bumpEpoch() }
        for sequence in schedule.items(for: process, beginning: simulation.now) {
            let sentAt = schedule.due(sequence)
            await simulation.sleep(until: sentAt)
            guard await simulation.awaitResume(of: node), process.runs else { return }
            if progress.inFlight?.sequence != sequence {
                let targetIndex = sequence % max(1, spec.targets.count)
                let key = spec.keys.map { "k\(sequence % max(1, $0))" }
                let partition = self.partition(for: spec.targets[targetIndex], key: key, turn: &progress.turns[targetIndex])
                progress.inFlight = (sequence, QueueMessage(producer: spec.id.name, sequence: sequence, key: key), partition)
                ledger.noteSent()
            }
            guard let inFlight = progress.inFlight,
                  await send(inFlight.message, to: inFlight.partition, spec: spec, node: node, process: process,
                             expiringAt: sentAt.advanced(by: spec.deliveryTimeout), progress: progress) else { return }
            progress.inFlight = nil
            schedule.settled(sequence)
        }
    }

    private func partition(for target: QueueTarget, key: String?, turn: inout Int) -> TopicPartition {
        switch target {
        case .partition(let partition): return partition
        case .topic(let topic):
            let count = max(1, partitionCounts[topic] ?? 1)
            if let key { return TopicPartition(topic, Int(MurmurHash3.x86_32(key) % UInt32(count))) }
            defer { turn = (turn + 1) % count }
            return TopicPartition(topic, turn)
        }
    }

    /// Sends `message` to the partition's leader, retrying after a refusal or a lost answer,
    /// until `expiry` (its delivery timeout): a message reached only then expires untried, and
    /// the attempt or the wait before the next that would run past it is cut short there, as
    /// Kafka expires a batch in flight. Without idempotence (`progress.sequences` nil) a retry after a
    /// lost answer may append it twice; with it, each attempt carries the same producer epoch and
    /// sequence number, and the leader answers a retry of a record it has with that record's
    /// offset instead of appending it again. Returns whether it settled the message (acknowledged
    /// or given up on): not when `process` ended first, which leaves the message to the next one.
    private func send(_ message: QueueMessage, to partition: TopicPartition, spec: QueueProducerSpec, node: NetworkNode,
                      process: NodeProcess, expiringAt expiry: VirtualInstant, progress: ProducerProgress) async -> Bool {
        let simulation = network.simulation
        guard simulation.now < expiry else {
            // Never tried: no stamp was used, so the producer's epoch stands.
            ledger.noteUnacknowledged(message)
            return true
        }
        for attempt in 0..<max(1, spec.attempts) {
            if attempt > 0 {
                await simulation.sleep(until: min(simulation.now.advanced(by: spec.timeout), expiry))
                guard await simulation.awaitResume(of: node), process.runs else { return false }
                guard simulation.now < expiry else { break }
            }
            guard let leader = controller.state(of: partition)?.leader, let broker = controller.broker(leader) else { continue }
            let header = progress.sequences?.next(for: partition)
            let answer: Result<QueueBroker.Appended, QueueError>
            let timeout = min(spec.timeout, simulation.now.duration(to: expiry))
            switch await network.callAsProcess(from: spec.id, to: broker.id, timeout: timeout, { () -> Result<QueueBroker.Appended, QueueError> in
                do throws(QueueError) { return .success(try await broker.appendRecord(message, to: partition, sequence: header)) } catch { return .failure(error) }
            }) {
            case .success(let appended): answer = appended
            case .failure(let error): answer = .failure(.network(error))
            }
            guard process.runs else { return false }
            switch answer {
            case .success(let appended):
                if let header { progress.sequences?.acknowledged(header, for: partition) }
                if appended.isDuplicate { ledger.noteRetryDeduplicated() }
                ledger.noteAcknowledged(message, partition, appended.offset, at: simulation.now)
                return true
            case .failure(.notEnoughReplicas):
                ledger.noteNotEnoughReplicas()
            case .failure(.outOfOrderSequence):
                progress.sequences?.bumpEpoch()
            case .failure:
                break
            }
        }
        ledger.noteUnacknowledged(message)
        // Whether the last attempt was appended is unknown: start a new epoch (KIP-360).
        progress.sequences?.bumpEpoch()
        return true
    }
}
