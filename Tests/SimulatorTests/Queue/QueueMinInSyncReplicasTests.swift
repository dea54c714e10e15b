import Testing
@testable import Simulator

/// `min_insync_replicas` (Kafka's `min.insync.replicas`): with `acks=all`, a leader refuses an
/// append while the partition has fewer in-sync replicas (NOT_ENOUGH_REPLICAS), and the producer
/// retries until the follower is back in sync.
struct QueueMinInSyncReplicasTests {
    static let partition = TopicPartition("T1", 0)

    /// 10 records to T1:P1 (replicas broker-2, broker-3) 100 ms apart; its follower broker-3 is
    /// down from 0.25 s to 2 s.
    static func followerDown(least: Int, idempotence: Bool? = nil) -> QueueHarness {
        var harness = QueueHarness()
        harness.configuration.minInSyncReplicas = least
        harness.configuration.idempotence = idempotence
        harness.producers = [QueueProducerSpec(id: "producer-1", targets: [.partition(partition)], messages: 10, rate: 10, attempts: 20)]
        harness.consumers = [QueueConsumerSpec(id: "consumer-1", group: "g", targets: [.partition(partition)])]
        harness.faults = [.init(at: .after(.milliseconds(250)), fault: .crash("broker-3")),
                          .init(at: .after(.seconds(2)), fault: .restart("broker-3", bootTime: .zero))]
        return harness
    }

    @Test func withOneInSyncReplicaRequiredTheLeaderAloneTakesAppends() throws {
        let audit = try Self.followerDown(least: 1).run().audit
        #expect(audit.notEnoughReplicas == 0)
        #expect(audit.acknowledged == 10)
        #expect(audit.logs[0].records.count == 10)
    }

    @Test func withTwoRequiredAppendsAreRefusedUntilTheFollowerIsBackAndNothingIsAppendedTwice() throws {
        let audit = try Self.followerDown(least: 2).run().audit
        // The record sent at 0.3 s is appended, but broker-3 does not confirm it within the 500 ms
        // replica timeout: the in-sync set shrinks to the leader, and the append is refused after
        // it (NOT_ENOUGH_REPLICAS_AFTER_APPEND). Its retry about a second later is refused before
        // appending; the next, with broker-3 back in sync, is the same record (deduplicated).
        #expect(audit.notEnoughReplicas == 2)
        #expect(audit.retriesDeduplicated == 1)
        #expect(audit.acknowledged == 10)
        #expect(audit.lostAcknowledged == 0)
        #expect(audit.logs[0].records.count == 10)
        #expect(audit.duplicateAppends == 0)
        #expect(audit.logs[0].inSync == [2, 3])
    }

    @Test func withoutIdempotenceARecordRefusedAfterItsAppendIsAppendedAgain() throws {
        let audit = try Self.followerDown(least: 2, idempotence: false).run().audit
        #expect(audit.notEnoughReplicas == 2)
        #expect(audit.acknowledged == 10)
        #expect(audit.logs[0].records.count == 11)
        #expect(audit.duplicateAppends == 1)
    }
}
