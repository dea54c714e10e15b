import Testing
@testable import Scenarios

/// `orrery_mapreduce_attempts_total` counts attempts as the coordinator judged them: its
/// outcomes sum to the report's attempt figures — a crash, a fetch failure or an unavailable
/// input is `lost`, as `mapreduce.lost_attempts` counts it, never `failed`.
@Suite struct MapReduceAttemptMetricsTests {
    /// Worker-3 runs reduce-2 when it crashes at 2.6 s: that attempt is lost (at the worker
    /// timeout), and the four map outputs it held re-run.
    static let crashDuringReduce = """
        seed: 7
        mapreduce:
          cluster:
            workers: 4
            map_slots: 4
            reduce_slots: 1
            cost: {map_per_record: 200ms, reduce_per_key: 50ms}
            policy: {speculation: false, max_attempts: 4}
          jobs:
            - {id: count, name: word-count, reducers: 3, combiner: true,
               input: {synthetic: {lines: 40, seed: 1}, split_size: 200B}}
        faults:
          - {at: 2.6s, crash: worker-3}
        """

    /// The metric's last value summed by outcome, over every worker and kind.
    static func attemptsByOutcome(_ recorder: MetricsRecorder) -> [String: Double] {
        var sums: [String: Double] = [:]
        for (key, changes) in recorder.changes where key.family == MetricFamily.attempts.name {
            let outcome = key.labels.first { $0.name == "outcome" }?.value ?? ""
            sums[outcome, default: 0] += changes.last?.value ?? 0
        }
        return sums
    }

    static func check(_ run: ObservabilityFixture.Run) -> [String: Double] {
        let sums = attemptsByOutcome(run.observer.metrics!)
        func figure(_ metric: MapReduceMetric) -> Double? { run.result.value(of: metric.metric) }
        #expect(sums.values.reduce(0, +) == figure(.attempts))
        #expect(sums["failed", default: 0] == figure(.failedAttempts))
        #expect(sums["timed out", default: 0] == figure(.timedOutAttempts))
        #expect(sums["lost", default: 0] == figure(.lostAttempts))
        #expect(Set(sums.keys).isSubset(of: ["succeeded", "duplicate", "failed", "timed out", "lost", "killed"]))
        return sums
    }

    @Test func aCrashDuringTheReducePhaseIsOneLostAttempt() throws {
        let run = try ObservabilityFixture.run(ObservationOptions(metrics: true), yaml: Self.crashDuringReduce)
        #expect(Self.check(run) == ["succeeded": 22, "lost": 1])
    }

    /// Worker-2 is paused at 2.4 s for 12 s while it runs reduce-1: the coordinator declares the
    /// attempt lost at 12.5 s, and the worker, answering again at 14.4 s, is told to stop it when
    /// the job ends. The worker saw no failure; the coordinator's judgement is what counts.
    @Test func aPausedWorkersAttemptIsLostAsTheCoordinatorJudgedIt() throws {
        let yaml = Self.crashDuringReduce.replacingOccurrences(of: "reducers: 3", with: "reducers: 2")
            .replacingOccurrences(of: "{at: 2.6s, crash: worker-3}", with: "{at: 2.4s, pause: worker-2, for: 12s}")
        let run = try ObservabilityFixture.run(ObservationOptions(metrics: true), yaml: yaml)
        #expect(Self.check(run) == ["succeeded": 21, "lost": 1])
    }

    /// The coordinator restart of seed 11's chaos (back at 10.193 s) kills the two attempts it
    /// was running (reduce-0 and a re-run of map-10), which used to run on: the job takes another
    /// course from there, 63 → 44 attempts. The ten completed maps that reducers could not fetch
    /// read `failed` in the report but stay among the `succeeded` judgements, as they were judged
    /// when they completed (the report counts them among the completed maps failed afterwards).
    @Test func theChaosScenariosOutcomesSumToItsReport() throws {
        let scenario = try WorldTearDownTests.scenario("mapreduce-log-chaos.yaml")
        let observer = RunObserver(ObservationOptions(metrics: true))
        let run = ObservabilityFixture.Run(result: ScenarioRunner.run(scenario, observer: observer), observer: observer)
        #expect(Self.check(run) == ["succeeded": 39, "killed": 4, "lost": 1])
    }
}
