import Foundation
import Testing
@testable import Scenarios

/// A queue world with no consumers (session 68's checker H5, finding 6): the records are unread,
/// no group table of a header alone, the consumer figures not measured; counts at one (18).
struct QueueWorldReportTests {
    static func run(_ yaml: String) throws -> RunResult {
        ScenarioRunner.run(try ScenarioLoader.parse(yaml, file: "queue-world.yaml"))
    }

    static func world(messages: Int, consumers: String = "[]") -> String {
        """
        name: qq0
        run: {duration: 5s}
        queue:
          brokers: 1
          replication: 1
          acks: leader
          topics: [{name: T, partitions: 1}]
          producers: [{name: p, to: ["T:*"], messages: \(messages), rate: 1}]
          consumers: \(consumers)
        """
    }

    @Test func noConsumersLeaveTheRecordsUnreadAndTheConsumerFiguresUnmeasured() throws {
        let result = try Self.run(Self.world(messages: 3))
        let markdown = result.markdown()
        #expect(markdown.contains("3 messages sent, 3 acknowledged, 0 of those lost; 0 leadership changes.\n"))
        #expect(markdown.contains("No consumers: the 3 records below the high watermark are unread"))
        #expect(!markdown.contains("| group | handed over |"))
        #expect(result.value(of: QueueMetric.undelivered.metric) == nil)
        #expect(result.value(of: QueueMetric.consumerLag.metric) == nil)
        #expect(result.value(of: QueueMetric.sent.metric) == 3)
        let document = try JSONSerialization.jsonObject(with: Data(result.json().utf8)) as! [String: Any]
        let metrics = document["metrics"] as! [String: Any]
        #expect(metrics["queue.undelivered"] == nil || metrics["queue.undelivered"] is NSNull)
    }

    @Test func oneMessageIsSingular() throws {
        let markdown = try Self.run(Self.world(messages: 1)).markdown()
        #expect(markdown.contains("1 message sent, 1 acknowledged, 0 of those lost; 0 leadership changes.\n"))
        #expect(markdown.contains("No consumers: the 1 record below the high watermark is unread"))
    }
}
