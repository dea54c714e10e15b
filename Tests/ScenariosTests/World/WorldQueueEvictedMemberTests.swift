import Foundation
import Simulator
import Testing
@testable import Scenarios

/// Two consumers of one group over a network dropping 5 % of messages, with a 1.5 s session
/// timeout (the hostile tester's dup-d): a member whose polls and fetches keep timing out is
/// evicted for silence while it still reads. It must stop reading and committing once its session
/// may have expired, and the coordinator refuses commits from a member it no longer has — or the
/// evicted member hands over records below what the partition's new owner has committed.
struct WorldQueueEvictedMemberTests {
    static let dupD = """
        name: dupd
        seed: 1
        run: {duration: 60s}
        network: {latency: {uniform: {min: 1ms, max: 3ms}}, drop_rate: 0.05}
        queue:
          brokers: 4
          replication: 3
          acks: all
          min_insync_replicas: 2
          heartbeat_interval: 500ms
          session_timeout: 1500ms
          replica_timeout: 300ms
          topics: [{name: T, partitions: 4}]
          producers:
            - {name: p1, to: ["T:*"], messages: 3000, rate: 200, timeout: 200ms}
          consumers:
            - {name: c1, group: g, from: ["T:*"], commit_interval: 300ms}
            - {name: c2, group: g, from: ["T:*"], commit_interval: 300ms}
        expect:
          - queue.unexplained_duplicates == 0
        """

    static func run(_ seed: UInt64) throws -> RunResult {
        ScenarioRunner.run(try ScenarioLoader.parse(dupD, file: "dup-d.yaml"), seed: seed)
    }

    /// Seed 3 handed 86 duplicates, 3 of them below the committed offset; once an evicted member
    /// stopped reading, 95, all allowed. Since consumers heartbeat from a loop of their own
    /// (KIP-62) its timed-out polls and fetches no longer get a member evicted: nothing is handed
    /// over twice. (An eviction now needs three heartbeats in a row lost; QueueHeartbeatTests
    /// evicts a crashed member and makes one leave.) Since leaders ask the controller for in-sync
    /// set changes over the network, the producer (200 ms timeout against a 300 ms replica
    /// timeout) takes longer and every later draw shifts: at 124.5 s c2 lost three heartbeats in
    /// a row and was evicted, and after the rebalance its partitions were read again from their
    /// committed offsets: 11 records handed twice, all allowed, none below a commit. Since a
    /// failed AlterPartition request is sent again 50 ms after its failure (Kafka's back-off;
    /// the 5 % drops fail some) the draws shift again: c2 is evicted at 91.0 s (generation 3 at
    /// 92.7 s), and 4 records are handed twice, all allowed, none below a commit. Since a message
    /// expires 120 s after its send when no attempt was acknowledged (Kafka's
    /// `delivery.timeout.ms`), 964 of the 3,000 are acknowledged rather than 2,952 and 1,615
    /// handed over in all (2,995 before); the eviction and its 4 allowed duplicates are unchanged.
    @Test func anEvictedMemberHandsNothingBelowTheCommittedOffset() throws {
        let result = try Self.run(3)
        #expect(result.passed, "\(result.checks.filter { !$0.holds })")
        let audit = try #require(result.queue).audit
        #expect(audit.delivered["g"] == 1_615)
        #expect(audit.duplicates["g"] == 4)
        #expect(audit.allowedDuplicates["g"] == 4)
        #expect(audit.lostAfterDelivery["g"] == 0)
    }

    @Test(arguments: Array(1...20) as [UInt64]) func noSeedHandsAnUnexplainedDuplicate(seed: UInt64) throws {
        let result = try Self.run(seed)
        let audit = try #require(result.queue).audit
        #expect(audit.duplicates["g"] == audit.allowedDuplicates["g"])
    }
}
