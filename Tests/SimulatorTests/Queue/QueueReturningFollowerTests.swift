import Testing
@testable import Simulator

/// A follower that comes back while its leader's shrink is pending releases the `acks=all` appends
/// waiting for it, as its fetch does in Kafka (`Partition.updateFollowerFetchState` →
/// `maybeIncrementLeaderHW` over the maximal in-sync set → `tryCompleteDelayedRequests`): the
/// leader, counting on the maximal set, copies the waiting records again to the follower every
/// catch-up interval while the shrink is pending, and the copy the returned follower confirms
/// raises the high watermark and answers the appends at that instant — while the shrink is still
/// in flight. The controller's acceptance then drops the follower as asked, and it rejoins at its
/// next catch-up round, as any caught-up follower does.
///
/// Seed 002's queue (QueueAlterPartitionTests): T1:P1 has replicas broker-2 (leader) and broker-3;
/// every link takes 0.5 ms one way; the replica timeout (also the AlterPartition request's) and
/// the catch-up interval are 0.5 s; a failed AlterPartition request is sent again 50 ms after its
/// failure. The controller is crashed from 0.5 s to 4 s, so no shrink settles before 4 s, and
/// the producer sends three records to T1:P1 at 0, 1 and 2 s (one at a time, 3 s timeout).
struct QueueReturningFollowerTests {
    static let partition = QueueAlterPartitionTests.partition

    static func run(follower faults: [FaultSchedule.Entry]) throws -> QueueHarness.Outcome {
        try QueueAlterPartitionTests.harness(faults: [
            .init(at: .after(.milliseconds(500)), fault: .crash("controller")),
            .init(at: .after(.seconds(4)), fault: .restart("controller", bootTime: .zero)),
        ] + faults).run()
    }

    /// broker-3 is cut off from every node from 0.5 s to 2.2 s. The record sent at 1 s is appended
    /// at 1.0005 s; its copy to broker-3 is unreachable at 1.001 s, and the leader asks the
    /// crashed controller to drop it (timing out at 1.501, 2.051, 2.601, 3.151, 3.701 and 4.251 s,
    /// each attempt 50 ms after the last failure). A catch-up interval into the pending shrink
    /// (1.501 s) the leader copies the record to broker-3 again: unreachable, and at 2.0015 s
    /// again; the copy at 2.502 s, after the heal, reaches broker-3 at 2.5025 s, and its
    /// confirmation (2.503 s) is the fetch that releases the record: answered at 2.503 s, at the
    /// producer 2.5035 s — not at 4.302 s, when the shrink is settled. The next record (sent
    /// at 2.5035 s) goes to both replicas, the leader still counting on broker-3: 2.5055 s. The
    /// attempt at 4.301 s reaches the restarted controller, which drops broker-3 at 4.3015 s as
    /// asked; broker-3's catch-up round at 4.5 s finds it misses nothing and asks to rejoin, and
    /// the leader's AlterPartition adds it back at 4.502 s.
    @Test func aFollowerBackWhileTheShrinkIsPendingReleasesTheAppendsAtItsFetch() throws {
        let outcome = try Self.run(follower: [
            .init(at: .after(.milliseconds(500)), fault: .partition([["broker-3"]])),
            .init(at: .after(.milliseconds(2_200)), fault: .heal),
        ])
        #expect(QueueAlterPartitionTests.acknowledgements(outcome) == ["0.002 #0 at 0", "2.5035 #1 at 1", "2.5055 #2 at 2"])
        #expect(QueueAlterPartitionTests.events(outcome, of: Self.partition) == [
            "4.3015 left the in-sync set T1:P1 3", "4.502 joined the in-sync set T1:P1 3",
        ])
        #expect(outcome.audit.logs[0].inSync == [2, 3])
        #expect(outcome.audit.logs[0].records.count == 3)
        #expect(outcome.audit.lostAcknowledged == 0)
    }

    /// broker-3 crashes at 0.5 s and restarts at 2.2 s (its log is durable). The record sent at
    /// 1 s is appended at 1.0005 s; its copy times out at 1.5005 s, and the shrink's attempts
    /// time out at 2.0005, 2.5505, 3.1005, 3.6505 and 4.2005 s. The copies sent again a
    /// catch-up interval apart meet the crashed broker first (2.0005 s, timing out at 2.5005 s),
    /// then the restarted one (3.0005 s): confirmed at 3.0015 s, the record answered then (at
    /// the producer 3.002 s); the next one at 3.004 s. The attempt at 4.2505 s is accepted at
    /// 4.251 s, and broker-3 rejoins at 4.502 s as above.
    @Test func aFollowerRestartedWhileTheShrinkIsPendingReleasesTheAppendsAtItsFetch() throws {
        let outcome = try Self.run(follower: [
            .init(at: .after(.milliseconds(500)), fault: .crash("broker-3")),
            .init(at: .after(.milliseconds(2_200)), fault: .restart("broker-3", bootTime: .zero)),
        ])
        #expect(QueueAlterPartitionTests.acknowledgements(outcome) == ["0.002 #0 at 0", "3.002 #1 at 1", "3.004 #2 at 2"])
        #expect(QueueAlterPartitionTests.events(outcome, of: Self.partition) == [
            "4.251 left the in-sync set T1:P1 3", "4.502 joined the in-sync set T1:P1 3",
        ])
        #expect(outcome.audit.logs[0].inSync == [2, 3])
        #expect(outcome.audit.lostAcknowledged == 0)
    }

    /// The follower stays down: nothing releases the record before the shrink is settled, at
    /// 4.251 s as above (the copies sent again every catch-up interval meanwhile, at 2.0005,
    /// 3.0005 and 4.0005 s, each time out). The append is answered at 4.2515 s, but the producer
    /// gave up at 4 s (its 3 s timeout) and sends it again 3 s later: at 7.0005 s the leader
    /// recognises the retry (idempotent) below its watermark and answers at once (7.001 s at the
    /// producer); the next record, broker-3 out of the set, at 7.002 s.
    @Test func aFollowerThatStaysDownReleasesNothingAndTheShrinkDoes() throws {
        let outcome = try Self.run(follower: [.init(at: .after(.milliseconds(500)), fault: .crash("broker-3"))])
        #expect(QueueAlterPartitionTests.acknowledgements(outcome) == ["0.002 #0 at 0", "7.001 #1 at 1", "7.002 #2 at 2"])
        #expect(QueueAlterPartitionTests.events(outcome, of: Self.partition) == ["4.251 left the in-sync set T1:P1 3"])
        #expect(outcome.audit.logs[0].inSync == [2])
    }
}
