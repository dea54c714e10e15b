import Testing
@testable import Simulator

/// The idempotent producer (Kafka's `enable.idempotence`, on by default with `acks=all` since
/// 3.0): a retry after a lost answer is recognised by the leader — this one, or the one that
/// replaced it, from the stamps in its log — and not appended twice.
struct QueueIdempotentProducerTests {
    static let partition = TopicPartition("T1", 0)

    /// One producer writing 10 records to T1:P1 (replicas broker-2, broker-3) 100 ms apart on
    /// links of 2 ms: the record sent at 0.5 s is on both replicas at 0.504 s and acknowledged at
    /// 0.506 s, and the answer is lost (the producer is cut off at 0.507 s, until 1 s); with
    /// `acks=leader` the answer leaves at 0.502 s, and the producer is cut off at 0.503 s. The
    /// producer retries at 2.5 s.
    static func lostAnswer(acks: QueueConfiguration.Acknowledgements = .all, idempotence: Bool?, crashLeader: Bool = false) -> QueueHarness {
        var harness = QueueHarness()
        harness.defaultLink = LinkProfile(latency: .constant(0.002))
        harness.configuration.acks = acks
        harness.configuration.idempotence = idempotence
        harness.producers = [QueueProducerSpec(id: "producer-1", targets: [.partition(partition)], messages: 10, rate: 10, attempts: 10)]
        harness.consumers = [QueueConsumerSpec(id: "consumer-1", group: "g", targets: [.partition(partition)])]
        harness.faults = [.init(at: .after(.milliseconds(acks == .all ? 507 : 503)), fault: .partition([["producer-1"]])),
                          .init(at: .after(.seconds(1)), fault: .heal)]
        if crashLeader { harness.faults.append(.init(at: .after(.milliseconds(550)), fault: .crash("broker-2"))) }
        return harness
    }

    @Test(arguments: [(QueueConfiguration.Acknowledgements.all, nil as Bool?, 10, 1), (.all, true, 10, 1), (.all, false, 11, 0), (.leader, nil, 11, 0)])
    func aRetryAfterALostAnswerIsAppendedOnceOnlyWithIdempotence(acks: QueueConfiguration.Acknowledgements, idempotence: Bool?,
                                                                 records: Int, deduplicated: Int) throws {
        let outcome = try Self.lostAnswer(acks: acks, idempotence: idempotence).run()
        let audit = outcome.audit
        #expect(audit.acknowledged == 10)
        #expect(audit.logs[0].records.count == records)
        #expect(audit.duplicateAppends == records - 10)
        #expect(audit.retriesDeduplicated == deduplicated)
        #expect(audit.delivered == ["g": records])
        // The retried record is acknowledged at the offset it was first written at, or at the next.
        let retried = outcome.queue.ledger.acknowledged.first { $0.message.sequence == 5 }
        #expect(retried?.offset == (deduplicated == 1 ? 5 : 6))
    }

    @Test(arguments: [(true as Bool?, 10, 1), (false, 11, 0)])
    func aNewLeaderKnowsTheSequencesOfTheRecordsInItsLog(idempotence: Bool?, records: Int, deduplicated: Int) throws {
        let outcome = try Self.lostAnswer(idempotence: idempotence, crashLeader: true).run()
        let audit = outcome.audit
        #expect(audit.logs[0].leader == 3)
        #expect(audit.logs[0].records.count == records)
        #expect(audit.duplicateAppends == records - 10)
        #expect(audit.retriesDeduplicated == deduplicated)
        #expect(audit.acknowledged == 10)
        #expect(audit.lostAcknowledged == 0)
    }

    @Test func aLeaderAppendsTheNextNumberAnswersARetryAndRefusesAGapOrAnOldEpoch() {
        var replica = PartitionReplica()
        func stamp(_ epoch: Int, _ number: Int) -> ProducerSequence { ProducerSequence(epoch: epoch, number: number) }
        func record(_ offset: Int, _ epoch: Int, _ number: Int) -> QueueRecord {
            QueueRecord(offset: offset, epoch: 0, message: QueueMessage(producer: "p", sequence: offset, key: nil), producerSequence: stamp(epoch, number))
        }
        #expect(replica.producers.verdict(producer: "p", stamp(0, 0)) == .append)
        #expect(replica.producers.verdict(producer: "p", stamp(0, 1)) == .outOfOrder)
        replica.append(contentsOf: (0..<7).map { record($0, 0, $0) })
        #expect(replica.producers.verdict(producer: "p", stamp(0, 7)) == .append)
        #expect(replica.producers.verdict(producer: "p", stamp(0, 6)) == .duplicate(offset: 6))
        #expect(replica.producers.verdict(producer: "p", stamp(0, 2)) == .duplicate(offset: 2))
        // Five numbers are remembered, as Kafka keeps five batches.
        #expect(replica.producers.verdict(producer: "p", stamp(0, 1)) == .outOfOrder)
        #expect(replica.producers.verdict(producer: "p", stamp(0, 9)) == .outOfOrder)
        #expect(replica.producers.verdict(producer: "p", stamp(1, 0)) == .append)
        #expect(replica.producers.verdict(producer: "p", stamp(1, 3)) == .outOfOrder)
        #expect(replica.producers.verdict(producer: "q", stamp(0, 0)) == .append)
        replica.append(contentsOf: [record(7, 1, 0)])
        #expect(replica.producers.verdict(producer: "p", stamp(0, 7)) == .outOfOrder)
        // Truncated, the log forgets the sequences of the records it dropped.
        replica.truncate(to: 5)
        #expect(replica.producers.verdict(producer: "p", stamp(0, 5)) == .append)
        #expect(replica.producers.verdict(producer: "p", stamp(0, 4)) == .duplicate(offset: 4))
    }
}
