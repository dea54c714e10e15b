import Foundation
import Simulator
import Testing
@testable import Scenarios

/// The sharded queue in a world's Perfetto trace and OpenMetrics series: the controller's
/// decisions as instants on its track and as counters, the partitions' offsets, the consumers' lag —
/// and observing changes nothing in the run.
struct QueueObservabilityTests {
    static func run() throws -> ObservabilityFixture.Run {
        let scenario = try ScenarioLoader.parse(WorldQueueTests.shop, file: "observed.yaml")
        let observer = RunObserver(ObservationOptions(trace: .perfetto, metrics: true))
        return ObservabilityFixture.Run(result: ScenarioRunner.run(scenario, observer: observer), observer: observer)
    }

    @Test func observingTheQueueChangesNothingInIt() throws {
        let observed = try Self.run().result
        let plain = try WorldQueueTests.run(WorldQueueTests.shop)
        #expect(observed.digest == plain.digest)
        #expect(observed.queue == plain.queue)
    }

    @Test func theControllersDecisionsAreInstantsOnItsTrackAndCounters() throws {
        let run = try Self.run()
        let figures = try #require(run.result.queue)
        let events = try ObservabilityFixture.events(ObservabilityFixture.perfetto(run))
        let queuePid = ObservedSubsystem.allCases.firstIndex(of: .queue)! + 1
        let instants = events.filter { $0["ph"] as? String == "i" && $0["pid"] as? Int == queuePid }.compactMap { $0["cat"] as? String }
        for kind in [QueueEvent.Kind.brokerDead, .leaderElected, .brokerBack, .joinedInSync, .leftInSync] {
            #expect(instants.filter { $0 == kind.rawValue }.count == figures.events.filter { $0.kind == kind }.count, "\(kind)")
        }
        let end = VirtualInstant(nanoseconds: Int64((run.result.virtualSeconds * 1e9).rounded()))
        let text = OpenMetricsText.render(run.observer.metrics!, end: end, interval: .seconds(1))
        let samples = OpenMetricsTests.samples(text)
        let elected = samples.filter { $0.name == "orrery_queue_controller_events_total" && $0.labels.contains("event=\"leader elected\"") }
        #expect(elected.last?.value == 1)
        // The last end offsets of the partitions' final leaders add up to the records in the logs.
        let offsets = samples.filter { $0.name == "orrery_queue_end_offset" }
        var last: [String: Double] = [:]
        for sample in offsets { last[sample.labels] = sample.value }
        let leaders = figures.audit.logs.map { log in
            last.first { $0.key.contains("broker=\"broker-\(log.leader!)\"") && $0.key.contains("partition=\"\(log.partition.description.split(separator: ":")[1])\"") }?.value ?? -1
        }
        #expect(leaders.map(Int.init) == figures.audit.logs.map(\.records.count))
        #expect(samples.contains { $0.name == "orrery_queue_consumer_lag" && $0.labels.contains("group=\"billing\"") })
    }

    /// A consumer's lag series ends when it no longer owns the partition: billing-1 crashes at
    /// 4 s and never returns, so its series stop there (they repeated its last level to the end),
    /// while billing-2 reports every partition to the end. Offset resets are counted as the
    /// consumer's, not as the controller's decisions.
    @Test func aConsumersLagEndsWithItsPartitions() throws {
        let run = try Self.run()
        let end = VirtualInstant(nanoseconds: Int64((run.result.virtualSeconds * 1e9).rounded()))
        let samples = OpenMetricsTests.samples(OpenMetricsText.render(run.observer.metrics!, end: end, interval: .seconds(1)))
        let lag = samples.filter { $0.name == "orrery_queue_consumer_lag" }
        let first = lag.filter { $0.labels.contains("consumer=\"billing-1\"") }
        #expect(!first.isEmpty)
        #expect(first.allSatisfy { Double($0.timestamp)! - 1_767_225_600 <= 5 }, "\(first.map(\.timestamp))")
        let last = lag.filter { $0.labels.contains("consumer=\"billing-2\"") && Double($0.timestamp)! - 1_767_225_600 >= 19 }
        #expect(Set(last.map(\.labels)).count == 4)
        #expect(!samples.contains { $0.name == "orrery_queue_controller_events_total" && ($0.labels.contains("lag released") || $0.labels.contains("offset reset")) })
        // billing-1's eviction is its coordinating broker's event, labelled by that broker (the
        // label held the group's name).
        let evicted = samples.filter { $0.name == "orrery_queue_controller_events_total" && $0.labels.contains("event=\"member evicted\"") }
        #expect(!evicted.isEmpty && evicted.allSatisfy { $0.labels.contains("broker=\"broker-") })
    }
    /// The checker's `m2-queue-gauge.yaml`: broker-1 leads t:P1 and crashes at 1 s; the controller
    /// elects broker-2 at 4 s. broker-1's end-offset series held its 50 to the run's end (two
    /// series at the end: 50 and 400); it now ends at the election, where the new leader's starts.
    @Test func aFormerLeadersSeriesEndsAtTheElection() throws {
        let scenario = try ScenarioLoader.parse("""
            name: m2-queue-gauge
            run: {duration: 10s}
            queue: {brokers: 3, replication: 2, topics: [{name: t, partitions: 1}], producers: [{name: qp, to: ["t:*"], messages: 400, rate: 50}]}
            faults: [{at: 1s, crash: broker-1}, {at: 6s, restart: broker-1}]
            """, file: "m2.yaml")
        let observer = RunObserver(ObservationOptions(trace: .perfetto, metrics: true))
        let result = ScenarioRunner.run(scenario, observer: observer)
        let elected = try #require(result.queue?.events.first { $0.kind == .leaderElected })
        #expect(elected.broker == 2 && elected.time == .after(.seconds(4)))
        let end = VirtualInstant(nanoseconds: Int64((result.virtualSeconds * 1e9).rounded()))
        let samples = OpenMetricsTests.samples(OpenMetricsText.render(observer.metrics!, end: end, interval: .seconds(1)))
        let offsets = samples.filter { $0.name == "orrery_queue_end_offset" }
        let former = offsets.filter { $0.labels.contains("broker=\"broker-1\"") }
        #expect(!former.isEmpty && former.allSatisfy { Double($0.timestamp)! - 1_767_225_600 < 4 })
        let leader = offsets.filter { $0.labels.contains("broker=\"broker-2\"") }
        #expect(leader.last?.value == 400)
        // The new leader's series starts at its election (it started at its first append).
        #expect(leader.first.map { Double($0.timestamp)! - 1_767_225_600 } == 4)
    }
}
