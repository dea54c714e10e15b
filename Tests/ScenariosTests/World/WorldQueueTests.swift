import Foundation
import Simulator
import Testing
@testable import Scenarios

/// The sharded queue as a section of a world: beside the balancer's traffic, under the world's
/// faults, measured by `queue.*` metrics, and refused with its position when misconfigured.
struct WorldQueueTests {
    static func run(_ yaml: String, seed: UInt64? = nil) throws -> RunResult {
        ScenarioRunner.run(try ScenarioLoader.parse(yaml, file: "world.yaml"), seed: seed)
    }

    /// A shop's orders topic read by a billing group of two, with traffic through a balancer in the
    /// same world; a broker crashes and returns, a billing consumer crashes for good.
    static let shop = """
        seed: 4
        run: {duration: 20s}
        network: {latency: {uniform: {min: 1ms, max: 3ms}}}
        balancer: {strategy: least_conn}
        servers: [{name: web, count: 2, service_time: 2ms}]
        workload: {type: closed_loop, users: 4}
        queue:
          brokers: 3
          replication: 2
          topics: [{name: orders, partitions: 4}]
          producers:
            - {name: shop, to: ["orders:*"], messages: 1000, rate: 100, keys: 50}
          consumers:
            - {name: billing-1, group: billing, from: ["orders:*"], commit_interval: 1s}
            - {name: billing-2, group: billing, from: ["orders:*"], commit_interval: 1s}
        faults:
          - {at: 3s, crash: broker-2}
          - {at: 9s, restart: broker-2}
          - {at: 4s, crash: billing-1}
          - {at: 5s, crash: web2}
        expect:
          - queue.lost_acknowledged == 0
          - queue.undelivered == 0
          - queue.unexplained_duplicates == 0
          - queue.leader_changes == 1
        """

    @Test func theQueueRunsBesideTheTrafficAndKeepsItsPromisesUnderTheWorldsFaults() throws {
        let result = try Self.run(Self.shop)
        #expect(result.failure == nil)
        #expect(result.subsystems == [.balancer, .queue])
        #expect(result.passed, "\(result.checks.filter { !$0.holds })")
        #expect(result.value(of: QueueMetric.sent.metric) == 1_000)
        #expect(result.value(of: QueueMetric.acknowledged.metric) == 1_000)
        #expect(result.value(of: QueueMetric.orderViolations.metric) == 0)
        // billing-1 never returns: after the 3 s session timeout billing-2 owns every partition and
        // rereads what billing-1 had read but not committed — and nothing else.
        let figures = try #require(result.queue)
        #expect(figures.audit.duplicates == figures.audit.allowedDuplicates)
        #expect(figures.audit.delivered["billing"] == 1_000 + figures.audit.duplicates["billing"]!)
        #expect(figures.events.map(\.kind) == [.brokerDead, .leftInSync, .leaderElected, .brokerBack, .joinedInSync, .joinedInSync])
        #expect(figures.events[0].time > .after(.seconds(6)) && figures.events[0].time < .after(.milliseconds(6_020)))
        #expect(result.value(of: BalancerMetric.successRatio.metric) ?? 0 > 0.99)
        #expect(result.faults.count == 4)
    }

    @Test func theSameSeedGivesTheSameWorldAndAnotherSeedAnotherOne() throws {
        let first = try Self.run(Self.shop), again = try Self.run(Self.shop), other = try Self.run(Self.shop, seed: 5)
        #expect(first.digest == again.digest)
        #expect(first.queue == again.queue)
        #expect(first.digest != other.digest)
    }

    static let badFiles: [(name: String, yaml: String, message: String)] = [
        ("a queue without run.duration", "queue:\n  topics: [{name: T, partitions: 1}]\n",
         "bad.yaml:2:3: error: a world with a queue runs for run.duration; set it (its consumers poll until then) (at queue)"),
        ("a consumer named like a server", "run: {duration: 5s}\nservers: [{name: c1}]\nworkload: {type: closed_loop, users: 1}\nqueue:\n  topics: [{name: T, partitions: 1}]\n  consumers: [{name: c1, from: ['T:*']}]\n",
         "bad.yaml:6:22: error: node 'c1' is both queue consumer 'c1' (here) and server 'c1' (at 2:18); a fault on 'c1' would strike both: give the queue consumer another name (at queue.consumers.[0].name)"),
        ("a fault on a broker the queue lacks", "run: {duration: 5s}\nqueue:\n  brokers: 2\n  topics: [{name: T, partitions: 1}]\nfaults: [{at: 1s, crash: broker-3}]\n",
         "bad.yaml:5:26: error: unknown node 'broker-3'; did you mean 'broker-1'? (at faults.[0].crash)"),
        ("an unknown queue metric", "run: {duration: 5s}\nqueue:\n  topics: [{name: T, partitions: 1}]\nexpect: [queue.lost == 0]\n",
         "bad.yaml:4:10: error: unknown metric 'queue.lost'; queue measures: sent, acknowledged, lost_acknowledged, acknowledged_beyond_high_watermark, undelivered, lost_after_delivery, duplicates, unexplained_duplicates, order_violations, appended_twice, not_enough_replicas, retries_deduplicated, leader_changes, offline_partitions, consumer_lag, max_consumer_lag (at expect.[0])"),
        ("an idempotent producer with acks: leader", "run: {duration: 5s}\nqueue:\n  acks: leader\n  idempotent: true\n  topics: [{name: T, partitions: 1}]\n",
         "bad.yaml:4:15: error: an idempotent producer needs acks: all (Kafka refuses enable.idempotence=true with acks=1); remove idempotent or set acks: all (at queue.idempotent)"),
        ("more in-sync replicas asked for than copies", "run: {duration: 5s}\nqueue:\n  replication: 2\n  min_insync_replicas: 3\n  topics: [{name: T, partitions: 1}]\n",
         "bad.yaml:4:24: error: min_insync_replicas 3 is more than the 2 copies of each partition (replication): every append would be refused (at queue.min_insync_replicas)"),
        ("in-sync replicas asked for with acks: leader", "run: {duration: 5s}\nqueue:\n  acks: leader\n  min_insync_replicas: 2\n  topics: [{name: T, partitions: 1}]\n",
         "bad.yaml:4:24: error: min_insync_replicas applies to acks: all only (a leader acknowledges alone with acks: leader, whatever the in-sync set); remove it or set acks: all (at queue.min_insync_replicas)"),
        ("a producer whose sends outlast the run", "run: {duration: 1s}\nqueue:\n  topics: [{name: T, partitions: 1}]\n  producers: [{name: p, to: [\"T:*\"], messages: 3, rate: 0.0001}]\n",
         "bad.yaml:4:57: error: 3 messages at 0.0001/s from 0.000 s end at 20,000.000 s, after the run's 1.000 s (run.duration); raise the rate or the duration (at queue.producers.[0].rate)"),
        ("heartbeats over the time limit", "run: {duration: 1ms}\nqueue:\n  brokers: 64\n  heartbeat_interval: 1ms\n  topics: [{name: T, partitions: 1}]\n",
         "bad.yaml:4:23: error: 2.3 × 10⁸ heartbeats in the run's time limit of 3,600.002 s (producers still retrying keep a queue run going until then) is more than the 5 × 10⁷ a run may have; make the interval longer or set run.time_limit (at queue.heartbeat_interval)"),
        ("no in-sync replica asked for", "run: {duration: 5s}\nqueue:\n  min_insync_replicas: 0\n  topics: [{name: T, partitions: 1}]\n",
         "bad.yaml:3:24: error: must be 1 … 64, got 0 (at queue.min_insync_replicas)"),
    ]

    @Test(arguments: badFiles.map(\.name))
    func aBadQueueSectionIsRefusedWithItsPosition(name: String) throws {
        let testCase = try #require(Self.badFiles.first { $0.name == name })
        #expect(loadError(testCase.yaml)?.description == testCase.message)
    }
}
