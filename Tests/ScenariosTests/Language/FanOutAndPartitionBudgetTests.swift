import Foundation
import Testing
@testable import Scenarios
import Simulator

/// Session 71 (K1's edges): every record handed to a queue group is kept for the audit, so
/// messages × groups is memory (100 consumers, each its own group, of one partition's 10⁶
/// messages died asking for 4 GB); a MapReduce chaos partition labels half the cluster's nodes
/// with all their names (600 a minute over 1,000 workers held 5.27 GB); the world chaos draws a
/// node's next fault only once its crash or pause is over.
struct FanOutAndPartitionBudgetTests {
    static func error(_ text: String) -> String? { HostileInputTests.error(text) }

    static func fanOut(consumers: Int) -> String {
        let list = (0..<consumers).map { "{name: c\($0), from: [\"T:*\"]}" }.joined(separator: ", ")
        return """
            name: fan
            run: {duration: 5s}
            queue:
              topics: [{name: T, partitions: 1}]
              producers: [{name: p1, to: ["T:*"], messages: 1000000, rate: 10000000}]
              consumers: [\(list)]

            """
    }

    @Test func deliveriesAreMessagesTimesGroups() throws {
        let queue = try #require(try ScenarioLoader.parse(Self.fanOut(consumers: 10), file: "h.yaml").queue)
        #expect(queue.estimatedDeliveries() == 10_000_000)
    }

    /// 10 consumers ran (18.7 s, 2.55 GB); 20 died at 2.7 GB.
    @Test func aFanOutPastMemoryIsRefusedAtTheConsumers() {
        #expect(Self.error(Self.fanOut(consumers: 10)) == nil)
        #expect(Self.error(Self.fanOut(consumers: 20)) == "h.yaml:6:14: error: this world would hold about 6.4 GiB (mostly for 'queue.consumers'), more than the 4 GiB a run may use; use fewer messages or consumers, or put the consumers in fewer groups (every group is handed every message of the partitions it reads, and each consumer is its own group unless it names one) (at queue.consumers)")
    }

    static func partitions(workers: Int, perMinute: Int) -> String {
        """
        name: mrp
        seed: 1
        mapreduce:
          cluster: {workers: \(workers)}
          chaos: {partitions_per_minute: \(perMinute)}
          jobs: [{name: word-count, reducers: 2, input: {synthetic: {lines: 1000}}}]

        """
    }

    /// 1,000 workers at 600 a minute held 5.27 GB (and crashed with all six rates); 300 at 600 a
    /// minute 0.6 GB.
    @Test func clusterPartitionsAreChargedPerPairOfNodesAtTheirRate() {
        #expect(Self.error(Self.partitions(workers: 1_000, perMinute: 600))?.hasSuffix("(at mapreduce.chaos.partitions_per_minute)") == true)
        #expect(Self.error(Self.partitions(workers: 300, perMinute: 600)) == nil)
    }

    /// 1,000 servers crashing and pausing 3,600 times an hour each (5 s downtimes, 1 s pauses):
    /// a node's faults come 0.5 + (5 + 1) ÷ 2 = 3.5 s apart.
    @Test func theWorldChaosDrawsAfterEachOutage() {
        let chaos = FaultSchedule.Chaos(nodes: (1...1_000).map { NodeID("s\($0)") }, crashesPerHour: 3_600, pausesPerHour: 3_600)
        #expect(abs(ResourceBudget.drawnChaosFaults(chaos, over: 900) - 1_000 * 900 / 3.5) < 1e-6)
    }

    /// 100 consumers (each its own group) of 10 topics of 1,000 partitions over 1 ms links,
    /// 70 s: a consumer's round is its 100 ms poll and 10,000 fetches of 2 ms (20.1 s), so
    /// 100 × 70 ÷ 20.1 × 10,000 = 3.48 × 10⁶ fetches, 30 events each — 5.05 of the engine's,
    /// 2.6 µs of a core (measured: 17,625,237 events in all, 9.5 s, 434 MB: about 1.0 × 10⁸ of
    /// the ~11 × 10⁶ a second the limit is reckoned in) — where every partition every 100 ms
    /// was 7 × 10⁸ fetches and the world was refused at 2.1 × 10⁹ events.
    @Test func aConsumerFetchesOnePartitionARoundTrip() throws {
        let topics = (0..<10).map { "{name: T\($0), partitions: 1000}" }.joined(separator: ", ")
        let targets = (0..<10).map { "\"T\($0):*\"" }.joined(separator: ", ")
        let consumers = (0..<100).map { "{name: c\($0), from: [\(targets)], commit_interval: 1s, max_records: 100000}" }.joined(separator: ", ")
        let world = """
            name: QW
            seed: 2
            run: {duration: 70s}
            network: {latency: 1ms}
            queue:
              brokers: 64
              replication: 3
              acks: all
              heartbeat_interval: 1s
              session_timeout: 3s
              replica_timeout: 500ms
              topics: [\(topics)]
              producers: [{name: p1, to: [\(targets)], messages: 1000, rate: 10000000}]
              consumers: [\(consumers)]

            """
        let queue = try #require(try ScenarioLoader.parse(world, file: "h.yaml").queue)
        #expect(QueueSection.fetchRoundTrip(defaultLink: LinkProfile(latency: .constant(0.001)), links: []) == 0.002)
        let fetches = queue.estimatedFetches(over: 70, roundTrip: 0.002)
        #expect(abs(fetches - 100 * 70 / 20.1 * 10_000) < 1e-3)
        let budget = ResourceBudget(try ScenarioLoader.parse(world, file: "h.yaml"))
        #expect(budget.events > 9.5 * 11e6 && budget.events < 2 * 9.5 * 11e6)
        #expect(Self.error(world) == nil)
    }

    /// 302 reducers of a 10⁷-line job tip it over 4 GiB (301 load): refused at its `reducers:`,
    /// as 3,000 are, not at the job.
    @Test func reducersThatTipAJobOverAreWhereItIsRefused() {
        let job = { (reducers: Int) in
            """
            name: M
            seed: 1
            mapreduce:
              cluster:
                workers: 4
                map_slots: 1
                reduce_slots: 1
                policy: {heartbeat_interval: 1s, max_attempts: 3}
              jobs:
                - name: word-count
                  reducers: \(reducers)
                  reduce_slowstart: 1
                  input: {synthetic: {lines: 10000000, documents: 1, seed: 1}}

            """
        }
        #expect(Self.error(job(301)) == nil)
        #expect(Self.error(job(302)) == "h.yaml:11:17: error: this world would hold about 4.0002 GiB (mostly for 'mapreduce.jobs'), more than the 4 GiB a run may use; give the job fewer reducers (each holds its records and a partition from every map task) or a smaller input (at mapreduce.jobs.[0].reducers)")
        #expect(Self.error(job(3_000))?.hasSuffix("(at mapreduce.jobs.[0].reducers)") == true)
    }

    /// A 10-a-second loop with a burst of × 10⁶ would fit at its rate: refused at the multiplier.
    @Test func aBurstThatDrivesTheEstimateIsWhereItIsRefused() {
        let world = { (multiplier: Int) in
            "name: b\nseed: 1\nrun: {duration: 60s}\nservers: [{name: s}]\nworkload:\n  type: open_loop\n  rate: 10\n  bursts: [{at: 1s, for: 1s, multiplier: 2}, {at: 5s, for: 1s, multiplier: \(multiplier)}]\n"
        }
        #expect(Self.error(world(1_000)) == nil)
        #expect(Self.error(world(1_000_000))?.hasPrefix("h.yaml:8:76: error: this world would need about 7.8 × 10⁹ events") == true)
        #expect(Self.error(world(1_000_000))?.hasSuffix("(at workload.bursts.[1].multiplier)") == true)
    }
}
