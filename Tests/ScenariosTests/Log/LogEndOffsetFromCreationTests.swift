import Testing
import Simulator
@testable import Scenarios

/// Kafka's end offset of an empty partition is 0 from its creation: `orrery_log_end_offset` has a
/// series for every partition of every topic from time 0, at 0 until its first append (LG F5: a
/// partition never appended to had no series at all, and one appended late had none before).
struct LogEndOffsetFromCreationTests {
    /// Topic `busy` of 3 partitions gets 2 records (partitions 0 and 1, keyless in turn) from
    /// 2 s; topic `idle` gets none.
    static let yaml = """
        seed: 5
        run: {duration: 5s}
        log:
          topics: [{name: busy, partitions: 3}, {name: idle, partitions: 2}]
          producers: [{name: p, topic: busy, records: 2, rate: 1, start: 2s}]
        """

    static func series(_ topic: String, _ partition: Int) -> String {
        "orrery_log_end_offset{log=\"log\",topic=\"\(topic)\",partition=\"\(partition)\"}"
    }

    /// Each series' samples, `value@seconds` from the run's start, in time order.
    static func samples() throws -> [String: [String]] {
        let run = try ObservabilityFixture.run(ObservationOptions(metrics: true), yaml: yaml)
        let end = VirtualInstant(nanoseconds: Int64((run.result.virtualSeconds * 1e9).rounded()))
        let text = OpenMetricsText.render(run.observer.metrics!, end: end, interval: .seconds(1))
        var byKey: [String: [String]] = [:]
        for sample in OpenMetricsTests.samples(text) where sample.name == "orrery_log_end_offset" {
            let seconds = Int(Double(sample.timestamp)! - 1_767_225_600)
            byKey[sample.name + sample.labels, default: []].append("\(Int(sample.value))@\(seconds)")
        }
        return byKey
    }

    @Test func everyPartitionHasASeriesFromZero() throws {
        let samples = try Self.samples()
        #expect(samples.count == 5)
        // Never written: 0 throughout.
        #expect(samples[Self.series("busy", 2)] == ["0@0", "0@1", "0@2", "0@3", "0@4", "0@5"])
        #expect(samples[Self.series("idle", 0)] == ["0@0", "0@1", "0@2", "0@3", "0@4", "0@5"])
        #expect(samples[Self.series("idle", 1)] == ["0@0", "0@1", "0@2", "0@3", "0@4", "0@5"])
        // Written late: 0 until its record lands (at 2 s and 3 s, after the network's delay).
        #expect(samples[Self.series("busy", 0)]?.first == "0@0")
        #expect(samples[Self.series("busy", 0)]?.last == "1@5")
        #expect(samples[Self.series("busy", 1)]?.prefix(4) == ["0@0", "0@1", "0@2", "0@3"])
        #expect(samples[Self.series("busy", 1)]?.last == "1@5")
    }

    /// The up-front bound on a world's series counts the partitions of the topics MapReduce jobs
    /// publish their input to, which now have a series each from creation, written or not.
    @Test func theSeriesBoundCountsPublishedTopics() throws {
        let log = try ScenarioLoader.parse(Self.yaml, file: "t.yaml")
        #expect(MetricsSeriesBound.log(log) == 3 + 2 + 1)
        let published = try ScenarioLoader.parse(Self.published, file: "t.yaml")
        #expect(MetricsSeriesBound.log(published) == 4 + 1)
        let run = try ObservabilityFixture.run(ObservationOptions(metrics: true), yaml: Self.published)
        let end = VirtualInstant(nanoseconds: Int64((run.result.virtualSeconds * 1e9).rounded()))
        let text = OpenMetricsText.render(run.observer.metrics!, end: end, interval: .seconds(1))
        let last = Dictionary(OpenMetricsTests.samples(text).filter { $0.name == "orrery_log_end_offset" }.map { ($0.labels, Int($0.value)) },
                              uniquingKeysWith: { $1 })
        // 2 lines over 4 partitions: partitions 2 and 3 stay empty and have their series at 0.
        #expect(last == ["{log=\"log\",topic=\"lt\",partition=\"0\"}": 1, "{log=\"log\",topic=\"lt\",partition=\"1\"}": 1,
                         "{log=\"log\",topic=\"lt\",partition=\"2\"}": 0, "{log=\"log\",topic=\"lt\",partition=\"3\"}": 0])
    }

    /// A job whose 2 synthetic lines are published to a topic of 4 partitions.
    static let published = """
        seed: 5
        mapreduce:
          cluster: {workers: 1}
          jobs: [{name: word-count, reducers: 1, input: {synthetic: {lines: 2}, log: {topic: lt, partitions: 4, records_per_split: 5}}}]
        """
}
