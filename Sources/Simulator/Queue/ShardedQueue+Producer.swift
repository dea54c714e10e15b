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
    public func startProducer(_ spec: QueueProducerSpec) {
        let node = network.addNode(spec.id)
        let simulation = network.simulation
        let idempotent = controller.configuration.isIdempotent
        simulation.spawn("queue.producer.\(spec.id.name)") { _ in
            var turns = [Int](repeating: 0, count: spec.targets.count)
            var sequences: ProducerSequences? = idempotent ? ProducerSequences() : nil
            for sequence in 0..<spec.messages {
                let sentAt = VirtualInstant.after(spec.start + .seconds(double: Double(sequence) / spec.rate))
                await simulation.sleep(until: sentAt)
                guard await simulation.awaitResume(of: node) else { return }
                let targetIndex = sequence % max(1, spec.targets.count)
                let key = spec.keys.map { "k\(sequence % max(1, $0))" }
                let partition = self.partition(for: spec.targets[targetIndex], key: key, turn: &turns[targetIndex])
                let message = QueueMessage(producer: spec.id.name, sequence: sequence, key: key)
                self.ledger.noteSent()
                await self.send(message, to: partition, spec: spec, node: node, expiringAt: sentAt.advanced(by: spec.deliveryTimeout),
                                sequences: &sequences)
            }
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
    /// Kafka expires a batch in flight. Without idempotence (`sequences` nil) a retry after a
    /// lost answer may append it twice; with it, each attempt carries the same producer epoch and
    /// sequence number, and the leader answers a retry of a record it has with that record's
    /// offset instead of appending it again.
    private func send(_ message: QueueMessage, to partition: TopicPartition, spec: QueueProducerSpec, node: NetworkNode,
                      expiringAt expiry: VirtualInstant, sequences: inout ProducerSequences?) async {
        let simulation = network.simulation
        guard simulation.now < expiry else {
            // Never tried: no stamp was used, so the producer's epoch stands.
            ledger.noteUnacknowledged(message)
            return
        }
        for attempt in 0..<max(1, spec.attempts) {
            if attempt > 0 {
                await simulation.sleep(until: min(simulation.now.advanced(by: spec.timeout), expiry))
                guard await simulation.awaitResume(of: node) else { return }
                guard simulation.now < expiry else { break }
            }
            guard let leader = controller.state(of: partition)?.leader, let broker = controller.broker(leader) else { continue }
            let header = sequences?.next(for: partition)
            let answer: Result<QueueBroker.Appended, QueueError>
            let timeout = min(spec.timeout, simulation.now.duration(to: expiry))
            switch await network.callAsProcess(from: spec.id, to: broker.id, timeout: timeout, { () -> Result<QueueBroker.Appended, QueueError> in
                do throws(QueueError) { return .success(try await broker.appendRecord(message, to: partition, sequence: header)) } catch { return .failure(error) }
            }) {
            case .success(let appended): answer = appended
            case .failure(let error): answer = .failure(.network(error))
            }
            switch answer {
            case .success(let appended):
                if let header { sequences?.acknowledged(header, for: partition) }
                if appended.isDuplicate { ledger.noteRetryDeduplicated() }
                ledger.noteAcknowledged(message, partition, appended.offset, at: simulation.now)
                return
            case .failure(.notEnoughReplicas):
                ledger.noteNotEnoughReplicas()
            case .failure(.outOfOrderSequence):
                sequences?.bumpEpoch()
            case .failure:
                break
            }
        }
        ledger.noteUnacknowledged(message)
        // Whether the last attempt was appended is unknown: start a new epoch (KIP-360).
        sequences?.bumpEpoch()
    }
}
