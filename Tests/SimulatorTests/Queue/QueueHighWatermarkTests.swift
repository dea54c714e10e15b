import Testing
@testable import Simulator

/// The high watermark across failovers with acks=leader, and a consumer whose position the
/// leader's log does not reach: a follower takes its watermark from the leader, so a new leader
/// never hands over a record some in-sync replica lacks; a consumer sent past a log's end goes
/// back to where the log stops agreeing with what it read; the audit judges records, not offsets.
struct QueueHighWatermarkTests {
    /// What the run left, and what broker probes saw at 9 s.
    struct Outcome {
        let queue: ShardedQueue
        let audit: QueueAudit
        let replicas: [Int]
        let probe: [String]
    }

    final class ProbeBox: @unchecked Sendable {
        var lines: [String] = []
    }

    /// The audit's hw-overclaim-b: one partition, three copies, acks=leader, a 15 s replica timeout.
    /// The last replica is cut off from 2 s to 4 s, the leader crashes at 3 s (the second replica
    /// leads from 8 s), the second crashes at 10 s (the last leads from 15 s).
    static func overclaim() throws -> Outcome {
        let simulation = Simulation(seed: 1)
        let network = Network(simulation: simulation, defaultLink: LinkProfile(latency: .constant(0.002)))
        let configuration = QueueConfiguration(replication: 3, acks: .leader, heartbeatInterval: .seconds(1), sessionTimeout: .seconds(5),
                                               replicaTimeout: .seconds(15), catchUpInterval: .seconds(15))
        let queue = try ShardedQueue(topics: [("T", 1)], brokers: 3, placement: try HashRing(virtualNodesPerNode: HashRing.defaultVirtualNodesPerNode),
                                     configuration: configuration, network: network)
        let replicas = queue.controller.placement.replicas[0]
        let name = { (number: Int) in NodeID("broker-\(number)") }
        queue.startProducer(QueueProducerSpec(id: "p1", targets: [.topic("T")], messages: 500, rate: 200))
        queue.startConsumer(QueueConsumerSpec(id: "c1", group: "g1", targets: [.topic("T")]))
        FaultInjector.schedule([
            .init(at: .after(.seconds(2)), fault: .partition([[name(replicas[2])], [name(replicas[1]), name(replicas[0]), "controller", "p1", "c1"]])),
            .init(at: .after(.seconds(3)), fault: .crash(name(replicas[0]))),
            .init(at: .after(.seconds(4)), fault: .heal),
            .init(at: .after(.seconds(10)), fault: .crash(name(replicas[1]))),
        ], on: network)
        let probe = ProbeBox()
        let partition = TopicPartition("T", 0)
        simulation.spawn("probe") { _ in
            await simulation.sleep(until: .after(.seconds(9)))
            for number in replicas {
                let broker = queue.controller.broker(number)!
                let end = await broker.records(of: partition).count, highWatermark = await broker.highWatermark(of: partition)
                probe.lines.append("broker-\(number) end \(end) watermark \(highWatermark)")
            }
        }
        try simulation.run(until: .after(.seconds(35)))
        let box = AuditBox()
        simulation.spawn("audit") { _ in box.audit = await QueueAudit.of(queue, groups: [("g1", [partition])]) }
        try simulation.run(until: .after(.seconds(35)))
        simulation.tearDown()
        return Outcome(queue: queue, audit: box.audit!, replicas: replicas, probe: probe.lines)
    }

    @Test func aNewLeaderHandsOverExactlyTheRecordsOfTheFinalLog() throws {
        let outcome = try Self.overclaim()
        let audit = outcome.audit
        #expect(outcome.replicas == [3, 2, 1])
        // At 9 s broker-2 leads. It holds 2 records broker-1 never got (broker-3's copy to broker-1
        // was stuck behind the cut), and its watermark is broker-3's as of that last copy — the
        // end of broker-1's log — not its own log end less one (398), which handed offset 397
        // over and lost it when broker-1 took over at 15 s.
        #expect(outcome.probe == ["broker-3 end 500 watermark 397", "broker-2 end 399 watermark 397", "broker-1 end 397 watermark 396"])
        #expect(audit.acknowledged == 500)
        #expect(audit.lostAcknowledged == 103)
        #expect(audit.logs.map(\.records.count) == [397])
        #expect(audit.logs.map(\.leader) == [1])
        #expect(audit.delivered == ["g1": 397])
        #expect(audit.undelivered == ["g1": 0])
        #expect(audit.lostAfterDelivery == ["g1": 0])
        #expect(audit.duplicates == ["g1": 0])
        let handed = outcome.queue.ledger.deliveries.map { "\($0.offset) \($0.message.producer) \($0.message.sequence)" }
        #expect(handed == audit.logs[0].records.map { "\($0.offset) \($0.message.producer) \($0.message.sequence)" })
        #expect(outcome.queue.ledger.resets.isEmpty)
        #expect(audit.holds(noLoss: false))
    }
}

// MARK: A leader's log that no longer reaches a consumer's position

extension QueueHighWatermarkTests {
    /// One broker, one copy, acks=leader: `p1` sends 20 messages in the first 0.2 s and `c1` of
    /// group `g` reads them; at 1 s `rewrite` runs on the leader (standing in for a failover to a
    /// shorter log), then `p2` sends `later` messages from 2 s.
    static func truncated(later: Int, _ rewrite: @escaping @Sendable (isolated QueueBroker) -> Void) throws -> (queue: ShardedQueue, audit: QueueAudit) {
        let simulation = Simulation(seed: 1)
        let network = Network(simulation: simulation, defaultLink: .lan)
        let queue = try ShardedQueue(topics: [("T", 1)], brokers: 1, placement: try HashRing(virtualNodesPerNode: 160),
                                     configuration: QueueConfiguration(replication: 1, acks: .leader), network: network)
        queue.startProducer(QueueProducerSpec(id: "p1", targets: [.topic("T")], messages: 20, rate: 100))
        if later > 0 { queue.startProducer(QueueProducerSpec(id: "p2", targets: [.topic("T")], messages: later, rate: 100, start: .seconds(2))) }
        queue.startConsumer(QueueConsumerSpec(id: "c1", group: "g", targets: [.topic("T")]))
        simulation.spawn("rewrite") { _ in
            await simulation.sleep(until: .after(.seconds(1)))
            _ = await queue.brokers[0].run { (broker: isolated QueueBroker) throws(QueueError) in rewrite(broker) }
        }
        try simulation.run(until: .after(.seconds(5)))
        let box = AuditBox()
        simulation.spawn("audit") { _ in box.audit = await QueueAudit.of(queue, groups: [("g", [TopicPartition("T", 0)])]) }
        try simulation.run(until: .after(.seconds(5)))
        simulation.tearDown()
        return (queue, box.audit!)
    }

    @Test func aConsumerPastTheLogEndReadsOnFromItAndGetsTheRecordsWrittenThere() throws {
        let (queue, audit) = try Self.truncated(later: 3) { broker in broker.replicas[0]!.truncate(to: 15) }
        // c1 stood at 20 with 15 records left: it goes back to 15 and is handed p2's records there,
        // rather than waiting at 20 and skipping them.
        #expect(queue.ledger.resets.map { "\($0.from) to \($0.to)" } == ["20 to 15"])
        #expect(audit.logs[0].records.map { "\($0.message.producer)\($0.message.sequence)" }.suffix(4) == ["p114", "p20", "p21", "p22"])
        #expect(audit.delivered == ["g": 23])
        #expect(audit.undelivered == ["g": 0])
        #expect(audit.duplicates == ["g": 0])
        // p1's records 15 … 19 were handed over and are gone: the audit says so, whatever acks is.
        #expect(audit.lostAfterDelivery == ["g": 5])
        #expect(!audit.holds(noLoss: false))
    }

    @Test func aConsumerWhoseRecordsWereReplacedByALaterEpochGoesBackToWhereTheLogsDiverge() throws {
        let (queue, audit) = try Self.truncated(later: 0) { broker in
            // Offsets 15 … 19 rewritten in epoch 1 before c1 polls again: its position (20) is still
            // inside the log, and only the epoch of its last record shows that it read other records.
            broker.replicas[0]!.truncate(to: 15)
            broker.replicas[0]!.append(contentsOf: (15..<20).map { QueueRecord(offset: $0, epoch: 1, message: QueueMessage(producer: "p2", sequence: $0 - 15, key: nil)) })
            broker.replicas[0]!.highWatermark = 20
        }
        #expect(queue.ledger.resets.map { "\($0.from) to \($0.to)" } == ["20 to 15"])
        #expect(audit.logs[0].records.count == 20)
        #expect(audit.delivered == ["g": 25])
        #expect(audit.undelivered == ["g": 0])
        #expect(audit.duplicates == ["g": 0])
        #expect(audit.lostAfterDelivery == ["g": 5])
    }
}
