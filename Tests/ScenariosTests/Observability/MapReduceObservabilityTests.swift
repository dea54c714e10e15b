import Foundation
import Simulator
import Testing
@testable import Scenarios

/// The MapReduce cluster in a world's OpenMetrics series and Perfetto trace: workers lost are
/// counted once each and comebacks not at all, and a wiped local disk is a fault like any other.
struct MapReduceObservabilityTests {
    /// Three workers heartbeating every 500 ms and declared lost after 2 s of silence: worker-2
    /// is paused past the timeout (lost at about 6 s, up again at 9 s, same incarnation),
    /// worker-3 crashes (lost at about 6 s) and restarts with nothing left to lose; worker-1's
    /// disk is wiped twice and worker-2's once. Two losses, one comeback, three disk wipes.
    static let yaml = """
        seed: 7
        run: {duration: 14s}
        log:
          topics: [{name: events, partitions: 2}]
          producers: [{name: app, topic: events, records: 400, rate: 100}]
        mapreduce:
          cluster: {workers: 3, cost: {map_per_record: 5ms}, policy: {heartbeat_interval: 500ms, worker_timeout: 2s}}
          jobs:
            - {id: count, name: word-count, reducers: 2, submit_at: 1s,
               input: {topic: events, records_per_split: 100}, output: {bucket: results}}
        object_store:
          buckets: [{name: results}]
        faults:
          - {at: 4s, pause: worker-2, for: 5s}
          - {at: 4s, crash: worker-3}
          - {at: 11s, restart: worker-3}
          - {at: 3s, lose_intermediate: worker-1}
          - {at: 7s, lose_intermediate: worker-1}
          - {at: 10s, lose_intermediate: worker-2}
        """

    static func run() throws -> ObservabilityFixture.Run {
        try ObservabilityFixture.run(yaml: yaml)
    }

    /// The last sample of every series, keyed by name and labels.
    static func lastSamples(_ run: ObservabilityFixture.Run) -> [String: Double] {
        let end = VirtualInstant(nanoseconds: Int64((run.result.virtualSeconds * 1e9).rounded()))
        let text = OpenMetricsText.render(run.observer.metrics!, end: end, interval: .seconds(1))
        return Dictionary(OpenMetricsTests.samples(text).map { ($0.name + $0.labels, $0.value) }, uniquingKeysWith: { $1 })
    }

    static func instants(_ run: ObservabilityFixture.Run) throws -> [[String: Any]] {
        try ObservabilityFixture.events(ObservabilityFixture.perfetto(run)).filter { $0["ph"] as? String == "i" }
    }

    @Test func workersLostCountsLossesButNotComebacks() throws {
        let run = try Self.run()
        let instants = try Self.instants(run)
        #expect(instants.filter { $0["cat"] as? String == "worker lost" }.count == 2)
        #expect(instants.filter { $0["cat"] as? String == "worker up" }.count == 1)
        #expect(Self.lastSamples(run)["orrery_mapreduce_workers_lost_total{coordinator=\"coordinator\"}"] == 2)
    }

    @Test func aWipedDiskIsAFaultInTheMetricsAndTheTrace() throws {
        let run = try Self.run()
        let wipes = Self.lastSamples(run).filter { $0.key.hasPrefix("orrery_faults_total{fault=\"lose intermediate\"") }
        #expect(wipes == ["orrery_faults_total{fault=\"lose intermediate\",node=\"worker-1\"}": 2,
                          "orrery_faults_total{fault=\"lose intermediate\",node=\"worker-2\"}": 1])
        let faults = try Self.instants(run).filter { $0["cat"] as? String == "fault" && $0["name"] as? String == "lose intermediate" }
        #expect(faults.map { $0["ts"] as? Int } == [3_000_000, 7_000_000, 10_000_000])
        #expect(run.result.faults.filter { $0.contains("lose intermediate data") }.count == 3)
    }

    /// The chaos-drawn wipes of `mapreduce-log-chaos.yaml` are counted as its report lists them:
    /// every one the run reached, on its worker.
    @Test func chaosDrawnWipesAreCountedAsTheReportListsThem() throws {
        let scenario = try WorldTearDownTests.scenario("mapreduce-log-chaos.yaml")
        let observer = RunObserver(ObservationOptions(metrics: true))
        let run = ObservabilityFixture.Run(result: ScenarioRunner.run(scenario, observer: observer), observer: observer)
        var listed: [String: Double] = [:]
        for line in run.result.faults where line.contains("lose intermediate data on ") && !line.contains("not reached") {
            listed["orrery_faults_total{fault=\"lose intermediate\",node=\"\(line.split(separator: " ").last!)\"}", default: 0] += 1
        }
        #expect(listed.values.reduce(0, +) > 1)
        #expect(Self.lastSamples(run).filter { $0.key.hasPrefix("orrery_faults_total{fault=\"lose intermediate\"") } == listed)
    }
}
