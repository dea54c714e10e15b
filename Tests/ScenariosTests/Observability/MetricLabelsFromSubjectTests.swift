import Foundation
import Testing
@testable import Scenarios
@testable import Simulator

/// The OpenMetrics labels are the world's names exactly, whatever characters they hold: the
/// recorder takes them from ``Observation/subject`` and never splits the ``Observation/detail``
/// a reader sees (it read a group and a `topic:partition` back from `"group T1:P2"`, a broker
/// from `"broker-2 T1:P1"`, a log partition from `"events/3"`).
struct MetricLabelsFromSubjectTests {
    /// The longest group name the loader takes, every character one of Kafka's separators-to-be.
    static let group = String(String(repeating: "-._", count: 22).prefix(64))

    /// The most separator-laden names the loader accepts: queue topics, clients and groups of
    /// nothing but `.`, `_`, `-` (one 64 long, a topic that looks like two partitions, partitions
    /// past P9), and log topics with spaces, colons and slashes — one ending in what reads as a
    /// partition number (`x/9`, partition 0: `x/9/0`).
    static let world = """
        seed: 3
        run: {duration: 15s}
        network: {latency: {uniform: {min: 1ms, max: 3ms}}}
        log:
          topics: [{name: "a b:c/1 /2", partitions: 2}, {name: "x/9", partitions: 1}]
          producers: [{name: "log p: 1/2", topic: "a b:c/1 /2", records: 50, rate: 20}, {name: lp2, topic: "x/9", records: 20, rate: 10}]
        queue:
          brokers: 3
          replication: 2
          heartbeat_interval: 1s
          session_timeout: 3s
          topics:
            - {name: "-._...", partitions: 11}
            - {name: "P1.-_P2", partitions: 2}
          producers:
            - {name: "--", to: ["-._...:*", "P1.-_P2:*"], messages: 600, rate: 100}
          consumers:
            - {name: "_", group: "\(group)", from: ["-._...:*", "P1.-_P2:*"], commit_interval: 1s}
            - {name: "-.-", group: "\(group)", from: ["-._...:*", "P1.-_P2:*"], commit_interval: 1s}
            - {name: "..._", from: ["P1.-_P2:P2", "-._...:P10"], commit_interval: 1s}
        faults:
          - {at: 3s, crash: broker-1}
          - {at: 9s, restart: broker-1}
          - {at: 4s, crash: "_"}
        """

    /// The label values of `family`'s series, one array per series in the family's label order.
    static func labels(_ recorder: MetricsRecorder, _ family: MetricFamily) -> Set<[String]> {
        Set(recorder.changes.keys.filter { $0.family == family.name }.map { $0.labels.map(\.value) })
    }

    static let partitions = (1...11).map { ["-._...", "P\($0)"] } + [["P1.-_P2", "P1"], ["P1.-_P2", "P2"]]

    @Test func theLoadersHostileNamesAreTheLabelsExactly() throws {
        let run = try ObservabilityFixture.run(ObservationOptions(metrics: true), yaml: Self.world)
        #expect(run.result.failure == nil)
        let recorder = try #require(run.observer.metrics)
        // Every partition of both topics on the brokers holding it, and only those.
        for family in [MetricFamily.queueEndOffset, .queueHighWatermark] {
            let series = Self.labels(recorder, family)
            #expect(Set(series.map { Array($0.dropFirst()) }) == Set(Self.partitions), "\(family.name)")
            #expect(Set(series.map(\.[0])).isSubset(of: ["broker-1", "broker-2", "broker-3"]), "\(family.name)")
        }
        // The shared group reads all thirteen partitions; `..._` its own two.
        #expect(Self.labels(recorder, .queueConsumerGroupLag)
                == Set(Self.partitions.map { [Self.group] + $0 } + [["..._", "P1.-_P2", "P2"], ["..._", "-._...", "P10"]]))
        let lag = Self.labels(recorder, .queueConsumerLag)
        #expect(Set(lag.map { Array($0.prefix(2)) }) == [["_", Self.group], ["-.-", Self.group], ["..._", "..._"]])
        #expect(Set(lag.map { Array($0.dropFirst(2)) }) == Set(Self.partitions))
        // broker-1's crash: its death and return, the partitions it led elected elsewhere, and
        // `_`'s eviction on its group's coordinator.
        let events = Self.labels(recorder, .queueControllerEvents)
        #expect(Set(events.map(\.[1])).isSubset(of: ["broker-1", "broker-2", "broker-3"]))
        #expect(events.contains(["broker dead", "broker-1"]) && events.contains(["broker back", "broker-1"]))
        #expect(events.contains { $0[0] == "leader elected" } && events.contains { $0[0] == "member evicted" })
        #expect(Self.labels(recorder, .logEndOffset) == [["log", "a b:c/1 /2", "0"], ["log", "a b:c/1 /2", "1"], ["log", "x/9", "0"]])
    }

    /// Names no loader takes, as the simulator's API does (a group `g 1:x`, a topic `t:P1 x`):
    /// each is its label whole, and a detail whose words name something else entirely changes
    /// nothing.
    @Test func theSubjectNotTheDetailNamesTheSeries() {
        let recorder = MetricsRecorder()
        let decoy = "decoy d:P9 broker-9 z/7"
        func observe(_ subsystem: ObservedSubsystem, _ node: String, _ name: String, _ shape: Observation.Shape, _ subject: Observation.Subject) {
            recorder.record(Observation(time: VirtualInstant(nanoseconds: 1), shape: shape, subsystem: subsystem, node: node, name: name,
                                        detail: decoy, subject: subject, outcome: "ok"))
        }
        let partition = TopicPartition("t:P1 x", 9)
        observe(.queue, "b 1:x", "high watermark", .gauge(5), Observation.Subject(partition))
        observe(.queue, "b 1:x", "end offset", .gauge(5), Observation.Subject(partition))
        observe(.queue, "c 1", "lag", .gauge(2), Observation.Subject(partition, group: "g 1:x"))
        observe(.queue, "b 1:x", "committed", .gauge(3), Observation.Subject(partition, group: "g 1:x"))
        observe(.queue, "c 1", "offset reset", .instant, Observation.Subject(partition, group: "g 1:x"))
        observe(.queue, "controller", "leader elected", .instant, Observation.Subject(topic: partition.topic, partition: 9, .peer("b 2:y")))
        observe(.queue, "controller", "broker dead", .instant, Observation.Subject(.peer("b 1:x")))
        observe(.log, "log", "end offset", .gauge(4), Observation.Subject(topic: "a b/1", partition: 0))
        observe(.traffic, "lb", "connections", .gauge(1), Observation.Subject(.peer("s 1:x")))
        observe(.traffic, "lb", "marked down (passive health)", .instant, Observation.Subject(.peer("s 1:x")))
        observe(.traffic, "lb", "pooled connections", .gauge(1), Observation.Subject(.state("open")))
        observe(.mapreduce, "coordinator", "job", .span(start: VirtualInstant(nanoseconds: 0)), Observation.Subject(.job("j 1/x")))
        observe(.mapreduce, "coordinator", "tasks completed", .gauge(1), Observation.Subject(.job("j 1/x")))

        #expect(Self.labels(recorder, .queueHighWatermark) == [["b 1:x", "t:P1 x", "P10"]])
        #expect(Self.labels(recorder, .queueEndOffset) == [["b 1:x", "t:P1 x", "P10"]])
        #expect(Self.labels(recorder, .queueConsumerLag) == [["c 1", "g 1:x", "t:P1 x", "P10"]])
        #expect(Self.labels(recorder, .queueConsumerGroupLag) == [["g 1:x", "t:P1 x", "P10"]])
        #expect(recorder.changes[MetricsRecorder.SeriesKey(family: MetricFamily.queueConsumerGroupLag.name, labels: [
            .init(name: "group", value: "g 1:x"), .init(name: "topic", value: "t:P1 x"), .init(name: "partition", value: "P10"),
        ])]?.last?.value == 2)
        #expect(Self.labels(recorder, .queueOffsetResets) == [["c 1", "g 1:x"]])
        #expect(Self.labels(recorder, .queueControllerEvents) == [["leader elected", "b 2:y"], ["broker dead", "b 1:x"]])
        // The election ended the former leader's series (a NaN: no more samples).
        #expect(recorder.changes.filter { $0.key.family == MetricFamily.queueEndOffset.name }.values.allSatisfy { $0.last!.value.isNaN })
        #expect(Self.labels(recorder, .logEndOffset) == [["log", "a b/1", "0"]])
        #expect(Self.labels(recorder, .balancerConnections) == [["lb", "s 1:x"]])
        #expect(Self.labels(recorder, .balancerEvents) == [["lb", "s 1:x", "marked down (passive health)"]])
        #expect(Self.labels(recorder, .balancerPooledConnections) == [["lb", "open"]])
        #expect(Self.labels(recorder, .jobs) == [["j 1/x", "ok"]])
        #expect(Self.labels(recorder, .tasksCompleted) == [["j 1/x"]])
    }

    /// A trace keeps up to millions of observations: the subject adds at most the 56 bytes its
    /// documentation promises to each.
    @Test func theSubjectIsAPartitionAndOneName() {
        #expect(MemoryLayout<Observation.Subject>.size <= 56)
    }
}
