import Foundation
import Testing
@testable import Scenarios
@testable import Simulator

/// `--metrics`' up-front check counts the most series the world can have (``MetricsSeriesBound``),
/// so that a world that passes it is never refused after its run for its series. It counted five
/// series a server and five more: a queue world of 2,000 partitions (5 series by that count, no
/// servers) passed at 10 ms, ran, and was refused with "8001 series sampled 1002 times" (exit 2,
/// nothing written); scenarios/zones.yaml (50 by that count, 61 and the summary's 5 in its run)
/// passed at 1 ms and was refused after its run likewise.
struct MetricsSeriesBoundTests {
    /// Two topics of 1,000 partitions, three brokers, one producer, one consumer.
    static let partitions = """
        name: qmany
        run: {duration: 10s}
        queue:
          brokers: 3
          replication: 2
          acks: leader
          topics: [{name: T, partitions: 1000}, {name: U, partitions: 1000}]
          producers: [{name: p, to: ["T:*", "U:*"], messages: 4000, rate: 400}]
          consumers: [{name: c, from: ["T:*", "U:*"]}]
        """

    static func world(_ yaml: String) throws -> (ScenarioFile, Scenario) {
        let scenario = try ScenarioLoader.parse(yaml, file: "bound.yaml")
        return (.world(scenario), scenario)
    }

    /// The series a run of `scenario` recorded (the latency summary apart).
    static func recorded(_ scenario: Scenario) throws -> Int {
        let observer = RunObserver(ObservationOptions(metrics: true))
        _ = ScenarioRunner.run(scenario, observer: observer)
        return try #require(observer.metrics).changes.count
    }

    /// The partitions' world is refused before it runs, at its interval and at the default one,
    /// with the interval that fits; its run has 8,001 series, under the bound of 16,053.
    @Test func aWorldOfManyPartitionsIsRefusedUpFront() throws {
        let (file, scenario) = try Self.world(Self.partitions)
        #expect(MetricsSeriesBound.of(scenario) == 16_053)
        #expect(MetricsSeriesBound.queue(scenario) == 16_053 && MetricsSeriesBound.traffic(scenario) == 0)
        #expect(ObservationOptions(metrics: true, metricsInterval: .milliseconds(10)).metricsProblem(for: file)
                == "--metrics-interval 10ms samples qmany's up to 16,058 series up to 1,002 times each over 10 s of virtual time, up to 1.6 × 10⁷ samples, more than the 5 × 10⁶ a metrics file may hold; use an interval of at least 33ms")
        #expect(ObservationOptions(metrics: true).metricsProblem(for: file)
                == "--metrics samples qmany's up to 16,058 series up to 1,002 times each at the default interval, up to 1.6 × 10⁷ samples, more than the 5 × 10⁶ a metrics file may hold; use a --metrics-interval of at least 33ms")
        // Just over at 32 ms (16,058 × 314.5 samples), just under at 33 ms (16,058 × 305.0).
        #expect(ObservationOptions(metrics: true, metricsInterval: .milliseconds(32)).metricsProblem(for: file) != nil)
        #expect(ObservationOptions(metrics: true, metricsInterval: .milliseconds(33)).metricsProblem(for: file) == nil)
        #expect(try Self.recorded(scenario) == 8_001)
    }

    /// The interval the refusal names passes up front, and the run's own check of what it gathered
    /// agrees: the series are written.
    @Test func anIntervalJustUnderTheBoundRunsAndWritesItsSeries() throws {
        let (file, _) = try Self.world(Self.partitions)
        let observing = ObservationOptions(metrics: true, metricsInterval: .milliseconds(33))
        #expect(observing.metricsProblem(for: file) == nil)
        let outcome = try file.run(formats: [], observing: observing)
        #expect(outcome.metricsProblem == nil)
        let metrics = try #require(outcome.metrics)
        #expect(metrics.hasSuffix("# EOF\n"))
        #expect(metrics.contains("orrery_queue_consumergroup_lag{group=\"c\",topic=\"U\",partition=\"P1000\"}"))
    }

    /// Shipped zones world: 103 series at most (9 servers' five, the clients' 11 outcomes, the
    /// balancer's connections, passive health's marks and probes, the upstream's five, zone b's
    /// crashes and restarts); its run has 61. At 1 ms it is refused up front, over its 90 s and the
    /// clients' 60 s timeout (its run ends at 90.024 s, past run.duration).
    @Test func theZonesWorldIsCountedFromItsFile() throws {
        let file = try ScenarioFile.load(path: packageRoot.appendingPathComponent("scenarios/zones.yaml").path)
        guard case .world(let scenario) = file else { Issue.record("zones.yaml is a world"); return }
        #expect(MetricsSeriesBound.of(scenario) == 103)
        #expect(MetricsSeriesBound.faults(scenario) == 6)
        #expect(ObservationOptions(metrics: true, metricsInterval: .milliseconds(1)).metricsProblem(for: file)
                == "--metrics-interval 1ms samples zones's up to 108 series up to 150,002 times each over 150 s of virtual time, up to 1.6 × 10⁷ samples, more than the 5 × 10⁶ a metrics file may hold; use an interval of at least 4ms")
        #expect(ObservationOptions(metrics: true, metricsInterval: .milliseconds(4)).metricsProblem(for: file) == nil)
        #expect(try Self.recorded(scenario) == 61)
    }

    /// Every subsystem's series under the bound: shipped worlds of MapReduce jobs reading a log,
    /// a store, a balancer with keepalive, crashes and a deployment.
    @Test(arguments: ["seed-001-log-pipeline", "keepalive", "crash-and-restart", "s3-operations", "deploy", "closed-loop"])
    func aShippedWorldRecordsNoMoreSeriesThanTheBound(_ name: String) throws {
        let scenario = try ScenarioLoader.load(path: packageRoot.appendingPathComponent("scenarios/\(name).yaml").path)
        let recorded = try Self.recorded(scenario)
        #expect(recorded > 0 && recorded <= MetricsSeriesBound.of(scenario), "\(name): \(recorded) of \(MetricsSeriesBound.of(scenario))")
    }

    /// Each written fault is one series (a level set back and a heal none), counted once per kind
    /// and node.
    @Test func writtenFaultsAreCountedByKindAndNode() throws {
        let (_, scenario) = try Self.world("""
            run: {duration: 10s}
            servers: [{name: s, count: 2, slots: 1, service_time: 1ms}]
            workload: {type: open_loop, rate: 10}
            faults:
              - {at: 1s, crash: s1}
              - {at: 2s, restart: s1}
              - {at: 3s, crash: s1}
              - {at: 2s, slow: s2, factor: 3, for: 1s}
              - {at: 4s, partition: [[s1], [s2]], for: 1s}
              - {at: 5s, drop_rate: 0.1, for: 1s}
              - {at: 6s, errors: s2, rate: 0.5, for: 1s}
            """)
        // crash and restart of s1, slow s2, a partition, a drop rate, errors on s2.
        #expect(MetricsSeriesBound.faults(scenario) == 6)
        let observer = RunObserver(ObservationOptions(metrics: true))
        _ = ScenarioRunner.run(scenario, observer: observer)
        let faults = try #require(observer.metrics).changes.keys.filter { $0.family == MetricFamily.faults.name }
        #expect(faults.count == 6, "\(faults)")
    }
}
