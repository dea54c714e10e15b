import Foundation
import Reports
import Simulator
import Testing
@testable import Scenarios

/// The report's "Sharded queue" section: the records column says what it counts (records below
/// the high watermark) and why its total can differ from the acknowledged messages, and its
/// tables stay bounded however many partitions, groups and controller decisions a world has (a
/// 16 KB file wrote a 963 MB report.md).
struct WorldQueueReportTests {
    static func run(_ yaml: String) throws -> RunResult {
        ScenarioRunner.run(try ScenarioLoader.parse(yaml, file: "world.yaml"), seed: nil)
    }

    /// Every broker crashes at 1 s: P2's 33rd record reached broker-3 and was acknowledged, but
    /// lies past broker-3's high watermark.
    static let allBrokersCrash = """
        name: allcrash
        seed: 3
        run: {duration: 20s}
        network: {latency: 1ms}
        queue:
          brokers: 3
          replication: 3
          topics: [{name: T, partitions: 3}]
          producers: [{name: p, to: ["T:*"], messages: 500, rate: 100}]
          consumers: [{name: c1, group: g, from: ["T:*"]}, {name: c2, group: g, from: ["T:*"]}]
        faults: [{at: 1s, crash: broker-1}, {at: 1s, crash: broker-2}, {at: 1s, crash: broker-3}]
        """

    @Test func theRecordsColumnCountsRecordsBelowTheHighWatermarkAndSaysWhereTheOthersAre() throws {
        let markdown = QueuePart.markdown(try Self.run(Self.allBrokersCrash))
        #expect(markdown.contains("""
            | partition | replicas                     | leader | in sync  | records below the high watermark | past it | duplicates for g |
            | --------- | ---------------------------- | ------ | -------- | -------------------------------: | ------: | ---------------: |
            | T:P1      | broker-3, broker-2, broker-1 | none   | broker-3 |                               34 |       0 |                0 |
            | T:P2      | broker-2, broker-3, broker-1 | none   | broker-3 |                               32 |       1 |                0 |
            | T:P3      | broker-3, broker-1, broker-2 | none   | broker-3 |                               33 |       0 |                0 |
            """))
        #expect(markdown.contains("""
            Records below the high watermark (99 in all, against 100 acknowledged) are the committed records consumers may read, \
            and what "never handed over" counts from: 1 record is in a partition's log past its high watermark ("past it"), 1 acknowledged \
            (`queue.acknowledged_beyond_high_watermark`) — held, not lost: the partition's holder raises its watermark once its followers confirm its tail, which the run ended before.
            """))
    }

    /// The acknowledged record held past the high watermark is a `queue.*` figure an `expect:`
    /// line can name, and is in report.json's metrics — apart from `queue.lost_acknowledged`,
    /// which does not count it.
    @Test func theAcknowledgedRecordHeldPastTheHighWatermarkIsAMetricInReportJSON() throws {
        let result = try Self.run(Self.allBrokersCrash + "\nexpect: [queue.acknowledged_beyond_high_watermark == 1, queue.lost_acknowledged == 0]\n")
        #expect(result.value(of: QueueMetric.acknowledgedBeyondHighWatermark.metric) == 1)
        #expect(result.value(of: QueueMetric.lostAcknowledged.metric) == 0)
        #expect(result.checks.map(\.holds) == [true, true])
        let document = try JSONSerialization.jsonObject(with: Data(result.json().utf8)) as? [String: Any]
        let metrics = document?["metrics"] as? [String: Any]
        #expect(metrics?["queue.acknowledged_beyond_high_watermark"] as? Double == 1)
    }

    /// 1,000 partitions on 3 brokers, two copies each, nine groups each reading one partition;
    /// broker-1 crashes at 1 s, and the controller moves or shrinks every partition it held.
    static let manyPartitions = """
        name: wide
        seed: 1
        run: {duration: 8s}
        network: {latency: 1ms}
        queue:
          brokers: 3
          replication: 2
          topics: [{name: T, partitions: 1000}]
          producers: [{name: p, to: ["T:P500", "T:P1000"], messages: 20, rate: 100}]
          consumers:
        \((1...9).map { "    - {name: c\($0), from: [\"T:P\($0 * 100)\"]}" }.joined(separator: "\n"))
        faults: [{at: 1s, crash: broker-1}]
        """

    @Test func aWideQueuesTablesListTheirFirstRowsAndAddUpTheRest() throws {
        let result = try Self.run(Self.manyPartitions)
        let figures = try #require(result.queue)
        let markdown = QueuePart.markdown(result)
        let lines = markdown.split(separator: "\n").map(String.init)
        let partitionRows = lines.filter { $0.hasPrefix("| T:P") }
        #expect(partitionRows.count == QueuePart.mostPartitionRows)
        #expect(lines.contains { $0.hasPrefix("| … 900 more ") })
        #expect(lines.contains { $0.contains("duplicates, all 9 groups") })
        #expect(!lines.contains { $0.contains("duplicates for c1") })
        let events = figures.events.count
        #expect(events > QueuePart.mostEventRows)
        #expect(lines.filter { $0.contains(" s | ") }.count == QueuePart.mostEventRows)
        #expect(markdown.contains("The controller made \(NumberFormat.integer(events)) decisions ("))
        #expect(markdown.utf8.count < 150_000)
    }

    @Test func partitionsWhereSomethingWentWrongAreListedFirst() {
        let listed = QueuePart.listedPartitions(count: 5_000) { [7, 2_500, 4_999].contains($0) }
        #expect(listed.count == QueuePart.mostPartitionRows)
        #expect(listed.contains(2_500) && listed.contains(4_999))
        #expect(listed.prefix(8) == [0, 1, 2, 3, 4, 5, 6, 7])
        #expect(listed.suffix(2) == [2_500, 4_999])
        #expect(QueuePart.listedPartitions(count: 4) { _ in false } == [0, 1, 2, 3])
    }
}
