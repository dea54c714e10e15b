import Foundation
import Testing
@testable import Reports
@testable import Scenarios

/// The MapReduce sections of a world's report at the edges (session 68's checker H5, findings 8,
/// 9, 16 and 18): a recovery across a coordinator restart measured from the lost worker's going
/// down, attempts a coordinator restart killed, a job that never started, and counts at one.
struct MapReduceWorldReportTests {
    static func run(_ yaml: String) throws -> RunResult {
        ScenarioRunner.run(try ScenarioLoader.parse(yaml, file: "mapreduce-world.yaml"))
    }

    static func jsonMetric(_ result: RunResult, _ metric: String) throws -> Any? {
        let document = try JSONSerialization.jsonObject(with: Data(result.json().utf8)) as! [String: Any]
        return (document["metrics"] as! [String: Any])[metric]
    }

    /// Two workers; worker-2 crashes at 2 s mid-map, the coordinator restarts at 3 s (booting
    /// 1 s) and keeps the running attempts: its return at 4 s reset their progress record.
    static let restartKeepsAttempts = """
        name: m4
        mapreduce:
          cluster: {workers: 2, map_slots: 1, cost: {map_per_record: 100ms}, policy: {restart_keeps_attempts: true, worker_timeout: 10s}}
          jobs:
            - {id: j, name: word-count, reducers: 1, input: {synthetic: {lines: 40, seed: 1}, split_size: 1KiB}}
        faults:
          - {at: 2s, crash: worker-2}
          - {at: 3s, restart: coordinator, boot_time: 1s}
        """

    @Test func aRecoveryAcrossACoordinatorRestartRunsFromTheWorkersCrash() throws {
        let result = try Self.run(Self.restartKeepsAttempts)
        let markdown = result.markdown()
        // Was "| map-1 | 2 | … | 4.000 s | 14.500 s | 15.015 s | 16.216 s | 10.500 s | 12.216 s |".
        #expect(markdown.contains("| map-1 |       2 | lost: no heartbeat for 10.000 s |       2.000 s | 14.500 s |    15.015 s |  16.216 s |  12.500 s | 14.216 s |"))
        #expect(markdown.contains("for an attempt lost across it the last progress is its worker's going down"))
        #expect(result.value(of: MapReduceMetric.maxDetectionTime.metric) == 12.5)
        let recovery = try #require(result.value(of: MapReduceMetric.maxRecoveryTime.metric))
        #expect(abs(recovery - 14.215886) < 1e-5)
        #expect(try Self.jsonMetric(result, "mapreduce.max_detection_time") as? Double == 12.5)
    }

    @Test func attemptsACoordinatorRestartKilledHaveTheirRow() throws {
        let result = try Self.run("""
            name: killed
            mapreduce:
              cluster: {workers: 2, map_slots: 1, cost: {map_per_record: 100ms}}
              jobs:
                - {id: j, name: word-count, reducers: 1, input: {synthetic: {lines: 40, seed: 1}, split_size: 1KiB}}
            faults:
              - {at: 2s, restart: coordinator, boot_time: 1s}
            """)
        let killed = result.jobs[0].result.run.report!.attempts.filter { $0.outcome == .coordinatorRestarted }.count
        #expect(killed > 0)
        #expect(result.markdown().contains("| killed by a coordinator restart                                    |     \(killed) |"))
    }

    @Test func aJobThatNeverStartedSaysSoAndHasNoShuffleReduction() throws {
        let result = try Self.run("""
            name: m2
            run: {duration: 20s}
            mapreduce:
              cluster: {workers: 1, policy: {max_attempts: 1}}
              jobs:
                - {id: j, name: word-count, reducers: 1, input: {synthetic: {lines: 100, seed: 1}}}
            faults: [{at: 0s, crash: worker-1}]
            """)
        let markdown = result.markdown()
        #expect(markdown.contains("**job never started: no attempt ran before the run ended**"))
        #expect(!markdown.contains("**job submitted**"))
        #expect(markdown.contains("| status                     | never started (submitted, no attempt ran) |"))
        #expect(result.value(of: MapReduceMetric.shuffleReduction.metric) == nil)
        #expect(try Self.jsonMetric(result, "mapreduce.shuffle_reduction") == nil || (try Self.jsonMetric(result, "mapreduce.shuffle_reduction")) is NSNull)
    }

    @Test func oneLineOneRecordAndOneAttemptAreSingular() throws {
        let result = try Self.run("""
            name: m1
            mapreduce:
              cluster: {workers: 1, map_slots: 1, reduce_slots: 1, policy: {max_attempts: 1}}
              jobs:
                - {id: j, name: word-count, reducers: 1, input: {synthetic: {lines: 1, seed: 1}}}
            """)
        let markdown = result.markdown()
        #expect(markdown.contains("at most 1 attempt per task;"))
        #expect(markdown.contains("over the same 1 input record, byte for byte."))
        #expect(markdown.contains("; 1 record, "))
        // Every emitted word is distinct: the combiner saved nothing, and says so.
        #expect(markdown.contains("the combiner did not shrink the shuffle."))
        #expect(!markdown.contains("cut the shuffle by 0.0%"))
    }

    /// A timeline bar drawn wider than its task (finding 10): the tooltip gives the task's own
    /// start and end, not the widened bar's (a 2 ms task in a 10 s chart read "1.000–1.025").
    @Test func aWidenedTimelineBarsTooltipGivesTheTasksOwnTimes() {
        let chart = GanttChart(title: "t", rows: ["a", "b"], categories: [.init("map")],
                               tasks: [.init(row: "a", start: 0, end: 10, category: "map"), .init(row: "b", start: 1, end: 1.002, category: "map")],
                               minimumBarFraction: 1.0 / 400)
        let svg = chart.svg()
        #expect(svg.contains("<title>b: map, 1.000–1.002</title>"))
        #expect(!svg.contains("1.025"))
    }
}
