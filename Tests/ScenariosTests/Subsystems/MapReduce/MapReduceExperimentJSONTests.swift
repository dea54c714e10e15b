import Reports
import Testing
@testable import Scenarios
@testable import Simulator

/// `orrery experiment mapreduce`'s report.json gives each run as a composed world gives a job
/// (``MapReduce/JobReport/Document``) beside its label, digest and verdict: the experiment's own
/// run document, a second implementation of a job's figures, is gone, and every key it had keeps
/// its value. Its attempts are attempts.csv's alone (MapReduceDocumentFormTests).
struct MapReduceExperimentJSONTests {
    /// A run as report.json gave it before (session 73's `Document.Run`), from the same result.
    struct RunBefore: Encodable {
        var label: String, digest: String, status: String?, makespanSeconds: Double?, attempts: Int?, retries: Int?
        var speculativeAttempts: Int?, speculativeWins: Int?, lostAttempts: Int?, timedOutAttempts: Int?, mapReexecutions: Int?
        var bytesShuffled: Int?, outputExact: Bool

        init(_ run: MapReduceExperimentResult.Run) {
            let report = run.report, statistics = report?.statistics
            (label, digest, status, makespanSeconds) = (run.label, run.run.digest, report?.status.description, report?.makespan?.seconds)
            (attempts, retries, speculativeAttempts, speculativeWins) = (statistics?.attempts, statistics?.retries, statistics?.speculativeAttempts, statistics?.speculativeWins)
            (lostAttempts, timedOutAttempts, mapReexecutions) = (statistics?.lostAttempts, statistics?.timedOutAttempts, statistics?.mapReexecutions)
            (bytesShuffled, outputExact) = (statistics?.shuffledBytes, run.outputExact)
        }
    }

    /// What a job's document adds to each run (every run of the experiment finishes).
    static let addedKeys: Set<String> = [
        "mapTasks", "reduceTasks", "combining", "mapPhase", "reducePhase", "failedAttempts", "jobCodeFailures", "inputFailures", "outputFailures",
        "retroactiveFailures", "retroactiveKills", "killedByCoordinatorRestart", "mapInputRecords", "mapInputBytes", "emittedRecords", "emittedBytes",
        "mapOutputRecords", "mapOutputBytes", "outputRecords", "blacklisted", "blacklistIgnored", "recoveries",
    ]

    @Test func everyRunKeepsItsKeysAndValuesAndGainsTheJobsDocument() throws {
        let result = MapReduceExperimentTests.result
        let runs = try #require(try ReportJSON.object(result.json(spec: MapReduceExperimentTests.spec))["runs"] as? [ReportJSON.Object])
        let before = try ReportJSON.objects(JSONReport.encode(result.runs.map(RunBefore.init)))
        #expect(runs.count == 9 && before.count == 9)
        for (new, old) in zip(runs, before) {
            #expect(ReportJSON.changedKeys(from: old, to: new) == [])
            #expect(ReportJSON.addedKeys(from: old, to: new) == Self.addedKeys)
        }
        let baseline = runs[0]
        #expect(baseline["label"] as? String == "baseline" && baseline["status"] as? String == "succeeded" && baseline["outputExact"] as? Bool == true)
        #expect(baseline["attempts"] as? Int == 6 && baseline["mapTasks"] as? Int == 4 && baseline["reduceTasks"] as? Int == 2)
        #expect(baseline["attemptRecords"] == nil)
        #expect(baseline["combining"] as? Bool == true && baseline["mapInputRecords"] as? Int == 4_000)
    }

    /// The worker crash's recoveries are the job report's, read with their own times as report.md's
    /// table reads them (the experiment has no coordinator outage to correct them with).
    @Test func theCrashRunsRecoveriesAreTheJobReportsRows() throws {
        let result = MapReduceExperimentTests.result
        let runs = try #require(try ReportJSON.object(result.json(spec: MapReduceExperimentTests.spec))["runs"] as? [ReportJSON.Object])
        let crash = try #require(runs.first { $0["label"] as? String == "worker crash" })
        let report = try #require(result.failure.report)
        let recoveries = try #require(crash["recoveries"] as? [ReportJSON.Object])
        #expect(recoveries.count == report.recoveries.count && !recoveries.isEmpty)
        #expect(recoveries.map { $0["task"] as? String } == report.recoveries.map(\.task.description))
        #expect(recoveries.map { $0["attempt"] as? Int } == report.recoveries.map(\.attempt))
    }
}
