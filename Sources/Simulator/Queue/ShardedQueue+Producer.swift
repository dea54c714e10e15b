extension ShardedQueue {
    /// Starts `spec`'s producer: one message at a time (one request in flight, so retries keep
    /// the order), idempotent when the configuration says so.
    public func startProducer(_ spec: QueueProducerSpec) {
        network.addNode(spec.id)
        let simulation = network.simulation
        let idempotent = controller.configuration.isIdempotent
        simulation.spawn("queue.producer.\(spec.id.name)") { _ in
            var turns = [Int](repeating: 0, count: spec.targets.count)
            var sequences: ProducerSequences? = idempotent ? ProducerSequences() : nil
            for sequence in 0..<spec.messages {
                await simulation.sleep(until: .after(spec.start + .seconds(double: Double(sequence) / spec.rate)))
                let targetIndex = sequence % max(1, spec.targets.count)
                let key = spec.keys.map { "k\(sequence % max(1, $0))" }
                let partition = self.partition(for: spec.targets[targetIndex], key: key, turn: &turns[targetIndex])
                let message = QueueMessage(producer: spec.id.name, sequence: sequence, key: key)
                self.ledger.noteSent()
                await self.send(message, to: partition, spec: spec, sequences: &sequences)
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

    /// Sends `message` to the partition's leader, retrying after a refusal or a lost answer.
    /// Without idempotence (`sequences` nil) a retry after a lost answer may append it twice;
    /// with it, each attempt carries the same producer epoch and sequence number, and the leader
    /// answers a retry of a record it has with that record's offset instead of appending it again.
    private func send(_ message: QueueMessage, to partition: TopicPartition, spec: QueueProducerSpec,
                      sequences: inout ProducerSequences?) async {
        let simulation = network.simulation
        for attempt in 0..<max(1, spec.attempts) {
            if attempt > 0 { await simulation.sleep(for: spec.timeout) }
            guard let leader = controller.state(of: partition)?.leader, let broker = controller.broker(leader) else { continue }
            let header = sequences?.next(for: partition)
            let answer: Result<QueueBroker.Appended, QueueError>
            do throws(NetworkError) {
                answer = try await network.call(from: spec.id, to: broker.id, timeout: spec.timeout) { () -> Result<QueueBroker.Appended, QueueError> in
                    do throws(QueueError) { return .success(try await broker.appendRecord(message, to: partition, sequence: header)) } catch { return .failure(error) }
                }
            } catch {
                answer = .failure(.network(error))
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
