import Foundation
import Testing
@testable import Scenarios
@testable import Simulator

/// C1's F4 and F5 in a world's report: the checks of a run that stopped early carry
/// `"checked": false` in report.json, and a job whose client gave up reads failed in report.md's
/// Job table and report.json, with no claim that its output is exact, and with one problem even
/// when the coordinator comes back and runs it on.
struct StoppedEarlyAndGaveUpReportTests {
    static func checks(_ json: String) throws -> [[String: Any]] {
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        return try #require(document["checks"] as? [[String: Any]])
    }

    @Test func aStoppedRunsChecksAreNotCheckedInReportJSON() throws {
        let result = try MapReduceHardFailureTests.run("""
            name: stopped
            mapreduce:
              jobs: [{name: word-count, reducers: 1, submit_at: 5s, input: {synthetic: {lines: 20000}}}]
            run: {time_limit: 5.5s}
            expect: ["mapreduce.failed_jobs >= 1", "mapreduce.jobs == 1"]

            """)
        #expect(result.failure != nil)
        let checks = try Self.checks(result.json())
        #expect(checks.map { $0["checked"] as? Bool } == [false, false])
        #expect(checks.map { $0["holds"] as? Bool } == [false, false])
        #expect(result.markdown().components(separatedBy: "not checked (the run stopped early)").count == 3)
        #expect(!result.markdown().contains("**fails**"))
    }

    @Test func aFinishedRunsChecksAreChecked() throws {
        let result = try MapReduceHardFailureTests.run("""
            name: done
            mapreduce:
              jobs: [{name: word-count, reducers: 1, input: {synthetic: {lines: 200}}}]
            expect: ["mapreduce.failed_jobs >= 1", "mapreduce.jobs == 1"]

            """)
        #expect(result.failure == nil)
        let checks = try Self.checks(result.json())
        #expect(checks.map { $0["checked"] as? Bool } == [true, true])
        #expect(checks.map { $0["holds"] as? Bool } == [false, true])
    }

    /// The job finished at ~5.99 s; the coordinator crashed at 6 s for good. Its Job table read
    /// "succeeded" and "**Exact**: the … output records equal …" beside the run's FAIL.
    @Test func aJobWhoseClientGaveUpReadsFailedAndClaimsNoExactOutput() throws {
        let result = try MapReduceHardFailureTests.run(JobClientGivesUpTests.world(faults: "{at: 6s, crash: coordinator}"))
        let job = try #require(result.jobs.first?.result)
        #expect(job.run.clientGaveUp)
        let markdown = result.markdown()
        #expect(markdown.contains(" failed (client gave up) |"))
        #expect(!markdown.contains("Exact**"))
        #expect(markdown.contains("The job failed (its client gave up), so it has no output to compare"))
        #expect(result.json().contains("\"status\" : \"failed (client gave up)\"") || result.json().contains("\"status\":\"failed (client gave up)\""))
        #expect(!result.json().contains("\"status\" : \"succeeded\""))
    }

    /// The job ran before its client gave up: metrics.csv read `mapreduce.attempts 0` and
    /// `map_tasks 0` beside an Attempts table of every attempt the coordinator started. Its counts
    /// are the report's; its makespan and rates, the client's, are not measured; it did not succeed.
    @Test func aJobWhoseClientGaveUpCountsTheAttemptsItRan() throws {
        let result = try MapReduceHardFailureTests.run(JobClientGivesUpTests.world(faults: "{at: 6s, crash: coordinator}"))
        let job = try #require(result.jobs.first?.result)
        let report = try #require(job.run.report)
        #expect(job.run.clientGaveUp && report.attempts.count > 0)
        #expect(result.value(of: MapReduceMetric.attempts.metric) == Double(report.statistics.attempts))
        #expect(result.value(of: MapReduceMetric.mapTasks.metric) == Double(report.mapTasks))
        #expect(result.value(of: MapReduceMetric.succeededJobs.metric) == 0)
        #expect(result.value(of: MapReduceMetric.failedJobs.metric) == 1)
        #expect(result.value(of: MapReduceMetric.outputExact.metric) == 0)
        #expect(result.value(of: MapReduceMetric.makespan.metric) == nil)
    }

    /// A coordinator back after the client gave up (crashed at 5.01 s, the give-up at ~905 s,
    /// back at 906 s) runs the job on; the terminal told both the give-up and "job running …".
    @Test func aGiveUpIsTheOneProblemWhenTheCoordinatorComesBack() throws {
        let result = try MapReduceHardFailureTests.run(JobClientGivesUpTests.world(faults: "{at: 5.01s, crash: coordinator}, {at: 906s, restart: coordinator, boot_time: 0s}"))
        let job = try #require(result.jobs.first?.result)
        #expect(job.run.clientGaveUp)
        #expect(job.problems == [JobClientGivesUpTests.gaveUp])
    }
}
