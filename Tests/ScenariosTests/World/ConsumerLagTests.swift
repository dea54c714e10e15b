import Foundation
import Simulator
import Testing
@testable import Scenarios

/// Consumer lag at the end of a queue world, as `kafka-consumer-groups --describe` shows it: per
/// group and partition the committed offset, the high watermark and their difference —
/// `queue.consumer_lag` (their sum, kafka-exporter's `kafka_consumergroup_lag_sum`) and
/// `queue.max_consumer_lag`, the report's lag table, and the `orrery_queue_consumergroup_lag`
/// series of `--metrics`.
struct ConsumerLagTests {
    static func run(_ yaml: String) throws -> RunResult {
        ScenarioRunner.run(try ScenarioLoader.parse(yaml, file: "lag.yaml"), seed: nil)
    }

    /// 400 messages over two partitions in 8 s; group `fast` reads to the end, group `g`'s only
    /// member crashes at 2 s and never comes back, having committed what it was handed.
    static func world(crash: String? = "c1", at time: String = "2s", partitions: Int = 2, extra: String = "") -> String {
        """
        name: lagging
        seed: 1
        run: {duration: 10s}
        network: {latency: 1ms}
        queue:
          brokers: 3
          replication: 3
          topics: [{name: T, partitions: \(partitions)}]
          producers: [{name: p, to: ["T:P1", "T:P2"], messages: 400, rate: 50}]
          consumers: [{name: c1, group: g, from: ["T:*"]}, {name: fast, from: ["T:*"]}]
        \(crash.map { "faults: [{at: \(time), crash: \($0)}]" } ?? "")
        \(extra)
        """
    }

    @Test func aCrashedConsumersGroupLagsByWhatItNeverCommitted() throws {
        let result = try Self.run(Self.world())
        let audit = try #require(result.queue?.audit)
        let rows = audit.consumerLagRows
        // Sorted by group, then topic, then partition.
        #expect(rows == [
            ConsumerLag(group: "fast", partition: TopicPartition("T", 0), committed: 200, highWatermark: 200),
            ConsumerLag(group: "fast", partition: TopicPartition("T", 1), committed: 200, highWatermark: 200),
            ConsumerLag(group: "g", partition: TopicPartition("T", 0), committed: 49, highWatermark: 200),
            ConsumerLag(group: "g", partition: TopicPartition("T", 1), committed: 48, highWatermark: 200),
        ])
        #expect(rows.map(\.lag) == [0, 0, 151, 152])
        // The high watermark is the audit's records below it; g committed all it was handed, so
        // its lag is what it was never handed.
        #expect(audit.logs.map(\.records.count) == [200, 200])
        #expect(audit.delivered["g"] == 49 + 48 && audit.undelivered["g"] == 303)
        #expect(audit.consumerLagSum == 303 && audit.maxConsumerLag == 152)
        #expect(result.value(of: QueueMetric.consumerLag.metric) == 303)
        #expect(result.value(of: QueueMetric.maxConsumerLag.metric) == 152)
        let document = try JSONSerialization.jsonObject(with: Data(result.json().utf8)) as? [String: Any]
        let metrics = document?["metrics"] as? [String: Any]
        #expect(metrics?["queue.consumer_lag"] as? Double == 303)
        #expect(metrics?["queue.max_consumer_lag"] as? Double == 152)
    }

    @Test func groupsThatKeepUpEndWithNoLag() throws {
        let result = try Self.run(Self.world(crash: nil))
        let audit = try #require(result.queue?.audit)
        #expect(audit.consumerLagRows.count == 4)
        #expect(audit.consumerLagRows.allSatisfy { $0.committed == 200 && $0.highWatermark == 200 && $0.lag == 0 })
        #expect(result.value(of: QueueMetric.consumerLag.metric) == 0)
        #expect(result.value(of: QueueMetric.maxConsumerLag.metric) == 0)
        let markdown = QueuePart.markdown(result)
        #expect(markdown.contains("0 records of consumer lag at the end (`queue.consumer_lag`)."))
        #expect(markdown.contains("minus the group's committed offset: none (`queue.consumer_lag` 0)"))
    }

    @Test func anExpectLineOnTheLagPassesAndFails() throws {
        let passing = try Self.run(Self.world(extra: "expect: [queue.consumer_lag == 303, queue.max_consumer_lag <= 152]"))
        #expect(passing.checks.map(\.holds) == [true, true])
        let failing = try Self.run(Self.world(extra: "expect: [queue.consumer_lag == 0]"))
        #expect(failing.checks.map(\.holds) == [false])
        #expect(failing.checks.first?.measured == 303)
    }

    /// A committed offset past the high watermark (a holder elected since, whose followers have
    /// not confirmed its tail) leaves nothing to read: lag 0, never negative.
    @Test func aCommittedOffsetPastTheHighWatermarkLagsByNothing() {
        let ahead = ConsumerLag(group: "g", partition: TopicPartition("T", 0), committed: 12, highWatermark: 10)
        #expect(ahead.lag == 0 && ahead.isAheadOfHighWatermark)
        let none = ConsumerLag(group: "g", partition: TopicPartition("T", 0), committed: nil, highWatermark: 10)
        #expect(none.lag == 10 && !none.isAheadOfHighWatermark)
    }

    /// A group that never committed a partition shows "-", as Kafka's tool does, and lags by the
    /// whole partition: its consumers would start at offset 0.
    @Test func aPartitionNeverCommittedShowsADashAndLagsFromOffsetZero() throws {
        let result = try Self.run(Self.world(at: "1ms"))
        let audit = try #require(result.queue?.audit)
        #expect(audit.consumerLagRows.filter { $0.group == "g" }.map { [$0.committed ?? -1, $0.highWatermark, $0.lag] } == [[-1, 200, 200], [-1, 200, 200]])
        #expect(audit.consumerLagSum == 400)
        let markdown = QueuePart.markdown(result)
        #expect(markdown.contains("""
            | group | partition | committed offset | high watermark | lag |
            | ----- | --------- | ---------------: | -------------: | --: |
            | fast  | T:P1      |              200 |            200 |   0 |
            | fast  | T:P2      |              200 |            200 |   0 |
            | g     | T:P1      |                - |            200 | 200 |
            | g     | T:P2      |                - |            200 | 200 |
            """))
        #expect(markdown.contains("400 records in all (`queue.consumer_lag`), on 2 of the 4 partitions the groups read, at most 200 on one (`queue.max_consumer_lag`)."))
        #expect(markdown.contains("A committed offset of \"-\" is a partition the group never committed (2 in all)"))
        #expect(markdown.contains("| g     |           0 |               400 |                   0 |          0 |                0 |            400 |"))
    }

    /// 150 partitions, two groups: 300 rows. The table lists the 100 with the largest lags (the
    /// crashed group's two fed partitions), then the first in order, and adds up the rest.
    @Test func aWideLagTableListsTheLargestLagsAndAddsUpTheRest() throws {
        let result = try Self.run(Self.world(at: "1ms", partitions: 150))
        let audit = try #require(result.queue?.audit)
        #expect(audit.consumerLagRows.count == 300)
        #expect(audit.consumerLagSum == 400 && audit.maxConsumerLag == 200)
        let markdown = QueuePart.markdown(result)
        let lines = markdown.split(separator: "\n", omittingEmptySubsequences: false)
        let header = try #require(lines.firstIndex { $0.hasPrefix("| group ") && $0.contains("| committed offset |") })
        let table = lines[header...].prefix { $0.hasPrefix("|") }.map { line in
            line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
        }
        #expect(table.count == 2 + 100 + 1)
        #expect(table.contains(["g", "T:P1", "-", "200", "200"]))
        #expect(table.contains(["g", "T:P2", "-", "200", "200"]))
        #expect(table.filter { $0.first == "fast" }.count == 98)
        // The first rows in order fill the table: fast's T:P1 … then none of g's unfed partitions.
        #expect(table.contains(["fast", "T:P1", "200", "200", "0"]))
        #expect(table.last == ["… 200 more", "", "", "0", "0"])
        #expect(markdown.contains("The table lists the 100 of the 300 rows with the largest lags, by group, topic and partition; its last row adds up the other 200, none of which lags."))
    }

    /// The `orrery_queue_consumergroup_lag` series of a tiny world: one partition, 20 messages at
    /// 10/s, a consumer that crashes at 1 s. Its group's lag is the leader's high watermark minus
    /// the committed offset, sampled every second, and ends at the run's figure. Observing changes
    /// neither the digest nor the figures.
    @Test func theConsumerGroupLagSeriesOfATinyWorld() throws {
        let yaml = """
            name: tiny
            seed: 1
            run: {duration: 3s}
            network: {latency: 1ms}
            queue:
              brokers: 1
              replication: 1
              topics: [{name: T, partitions: 1}]
              producers: [{name: p, to: ["T:*"], messages: 20, rate: 10}]
              consumers: [{name: c, group: g, from: ["T:*"]}]
            faults: [{at: 1s, crash: c}]
            """
        let scenario = try ScenarioLoader.parse(yaml, file: "tiny.yaml")
        let observer = RunObserver(ObservationOptions(metrics: true))
        let observed = ScenarioRunner.run(scenario, observer: observer)
        let plain = ScenarioRunner.run(scenario, seed: nil)
        #expect(observed.digest == plain.digest)
        #expect(observed.queue == plain.queue)
        let end = VirtualInstant(nanoseconds: Int64((observed.virtualSeconds * 1e9).rounded()))
        let text = OpenMetricsText.render(observer.metrics!, end: end, interval: .seconds(1))
        let lines = text.split(separator: "\n").filter { $0.contains("orrery_queue_consumergroup_lag") }
        #expect(lines.joined(separator: "\n") == """
            # TYPE orrery_queue_consumergroup_lag gauge
            # HELP orrery_queue_consumergroup_lag \(MetricFamily.queueConsumerGroupLag.help)
            orrery_queue_consumergroup_lag{group="g",topic="T",partition="P1"} 0 1767225601.000
            orrery_queue_consumergroup_lag{group="g",topic="T",partition="P1"} 10 1767225602.000
            orrery_queue_consumergroup_lag{group="g",topic="T",partition="P1"} 10 1767225603.000
            """)
        #expect(observed.value(of: QueueMetric.consumerLag.metric) == 10)
    }
}
