import Testing
@testable import Simulator

/// Seed 002's sharded queue: two producers and two consumers on topics T1 and T2 with partitions
/// P1 and P2 placed on three brokers.
@Suite struct ShardedQueueTests {
    @Test func withoutFaultsEveryMessageIsAcknowledgedAndDeliveredOnceToEachConsumer() throws {
        let outcome = try QueueHarness().run()
        let audit = outcome.audit
        #expect(audit.sent == 400)
        #expect(audit.acknowledged == 400)
        #expect(audit.logs.map(\.records.count) == [100, 100, 100, 100])
        #expect(audit.delivered == ["consumer-1": 400, "consumer-2": 400])
        #expect(audit.duplicates == ["consumer-1": 0, "consumer-2": 0])
        #expect(audit.undelivered == ["consumer-1": 0, "consumer-2": 0])
        #expect(audit.orderViolations == 0)
        #expect(audit.lostAcknowledged == 0)
        print(audit.logs.map { "\($0.partition) \($0.replicas) leader \($0.leader ?? 0)" })
    }
}
