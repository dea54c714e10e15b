import Simulator
import Testing
@testable import Scenarios

/// `orrery_mapreduce_attempts_total` counts attempts as the coordinator judged them: its
/// outcomes sum to the report's attempt figures — a crash or a fetch failure is `lost`, as
/// `mapreduce.lost_attempts` counts it, never `failed`; an unavailable input is `failed`, as
/// `mapreduce.failed_attempts` counts it (it counts towards `max_attempts`).
struct MapReduceAttemptMetricsTests {
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

    /// `orrery_mapreduce_attempts_rejudged_total`'s last values, keyed `worker kind outcome`.
    static func rejudged(_ recorder: MetricsRecorder) -> [String: Double] {
        var values: [String: Double] = [:]
        for (key, changes) in recorder.changes where key.family == MetricFamily.rejudgedAttempts.name {
            values[key.labels.map(\.value).joined(separator: " ")] = changes.last?.value
        }
        return values
    }

    /// The attempts judged again sum by outcome to the report's completed maps failed and
    /// killed afterwards, over every job.
    static func checkRejudged(_ run: ObservabilityFixture.Run) -> [String: Double] {
        let values = rejudged(run.observer.metrics!)
        func sum(_ outcome: String) -> Double { values.filter { $0.key.hasSuffix(" \(outcome)") }.values.reduce(0, +) }
        let reports = run.result.jobs.compactMap { $0.result.run.report }
        #expect(sum("failed") == Double(reports.reduce(0) { $0 + $1.statistics.retroactiveFailures }))
        #expect(sum("killed") == Double(reports.reduce(0) { $0 + $1.statistics.retroactiveKills }))
        #expect(values.keys.allSatisfy { $0.hasSuffix(" failed") || $0.hasSuffix(" killed") })
        return values
    }

    /// The four maps worker-3 had completed are killed when it is declared lost: judged
    /// `succeeded` when they completed, judged again `killed` then.
    @Test func aCrashDuringTheReducePhaseIsOneLostAttempt() throws {
        let run = try ObservabilityFixture.run(ObservationOptions(metrics: true), yaml: Self.crashDuringReduce)
        #expect(Self.check(run) == ["succeeded": 22, "lost": 1])
        #expect(Self.checkRejudged(run) == ["worker-3 map killed": 4])
        let report = try #require(run.result.jobs.first?.result.run.report)
        let killed = report.attempts.filter { $0.rejudgement?.kind == .killed }
        #expect(killed.count == 4 && killed.allSatisfy { $0.worker == "worker-3" && $0.task.kind == .map })
        #expect(killed.allSatisfy { $0.outcome == .killed("ran on unusable node worker-3: no heartbeat for 10.000s") })
        #expect(report.statistics.retroactiveKills == 4 && report.statistics.mapReexecutions == 4)
    }

    /// The same world's OpenMetrics text: the family is declared with its help, among the others
    /// in order, and its one series is 0 until the coordinator declares worker-3 lost, 4 from then
    /// on — the four kills counted at the instant their attempts record.
    @Test func theRejudgedAttemptsAreACounterInTheExposition() throws {
        let run = try ObservabilityFixture.run(ObservationOptions(metrics: true), yaml: Self.crashDuringReduce)
        let report = try #require(run.result.jobs.first?.result.run.report)
        let kills = Set(report.attempts.compactMap { $0.rejudgement?.at })
        #expect(kills.count == 1)
        let killedAt = try #require(kills.first)
        let key = MetricsRecorder.SeriesKey(family: MetricFamily.rejudgedAttempts.name, labels: [
            .init(name: "worker", value: "worker-3"), .init(name: "kind", value: "map"), .init(name: "outcome", value: "killed"),
        ])
        let changes = try #require(run.observer.metrics!.changes[key])
        #expect(changes.map(\.time) == Array(repeating: killedAt.nanoseconds, count: 4))
        #expect(changes.map(\.value) == [1, 2, 3, 4])
        let end = VirtualInstant(nanoseconds: Int64((run.result.virtualSeconds * 1e9).rounded()))
        let text = OpenMetricsText.render(run.observer.metrics!, end: end, interval: .seconds(1))
        #expect(text.contains("# TYPE orrery_mapreduce_attempts_rejudged counter\n# HELP orrery_mapreduce_attempts_rejudged Completed map attempts"))
        let families = text.split(separator: "\n").filter { $0.hasPrefix("# TYPE ") }.map { String($0.split(separator: " ")[2]) }
        #expect(families == families.sorted() && families.contains("orrery_mapreduce_attempts_rejudged"))
        let series = OpenMetricsTests.samples(text).filter { $0.name == "orrery_mapreduce_attempts_rejudged_total" }
        #expect(Set(series.map(\.labels)) == ["{worker=\"worker-3\",kind=\"map\",outcome=\"killed\"}"])
        let start = 1_767_225_600.0
        let kill = start + killedAt.seconds
        #expect(series.allSatisfy { $0.value == (Double($0.timestamp)! < kill ? 0 : 4) })
        #expect(series.last?.value == 4 && series.first?.value == 0)
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
    /// when they completed (the report counts them among the completed maps failed afterwards),
    /// and are counted again in `orrery_mapreduce_attempts_rejudged_total` as `failed`; the seven
    /// completed maps lost with worker-1 (declared lost or restarted) likewise as `killed`.
    @Test func theChaosScenariosOutcomesSumToItsReport() throws {
        let scenario = try WorldTearDownTests.scenario("mapreduce-log-chaos.yaml")
        let observer = RunObserver(ObservationOptions(metrics: true))
        let run = ObservabilityFixture.Run(result: ScenarioRunner.run(scenario, observer: observer), observer: observer)
        // Since backups rest 15 s after one starts (Hadoop's `retry-after-speculate`), reduce-1 gets
        // no backup at 26.654 s; worker-2, running it, is declared lost at 36.5 s, and its and
        // worker-3's completed maps are killed and run again. The partition drawn at 13.789 s
        // lasts its 7.314 s, no longer healed at 19.897 s by the heal of the one it replaced
        // (s82): 57 → 51 succeeded, and 3 completed maps read `failed`, not 10.
        #expect(Self.check(run) == ["succeeded": 51, "killed": 3, "lost": 4])
        #expect(Self.checkRejudged(run) == ["worker-3 map failed": 3, "worker-1 map killed": 7,
                                            "worker-2 map killed": 11, "worker-3 map killed": 2, "worker-4 map killed": 6])
    }
}
