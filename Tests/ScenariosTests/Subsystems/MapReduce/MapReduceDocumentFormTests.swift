import Foundation
import Reports
import Testing
@testable import Scenarios
@testable import Simulator

/// A MapReduce job's documents follow the project's one rule for durations: a figure is a number
/// of seconds (`makespanSeconds`, `start_s`), and a duration inside a text reads as report.md
/// writes it (`10.000 s`, `3,600.000 s`). report.json's recoveries and attempts and attempts.csv
/// wrote the Simulator's `10.000s`, and a job's `rejection` its `900.000s`. A job's `problems`
/// are bounded as its output objects are, and the experiment's report.json (502 KB, 87 % of it
/// attempts) leaves every attempt to its attempts.csv.
struct MapReduceDocumentFormTests {
    typealias Object = [String: Any]

    /// The first job of `result`'s report.json.
    static func job(_ result: RunResult) throws -> Object {
        try #require(((try ComposedWorldSubsystemJSONTests.document(result)["mapreduce"] as? Object)?["jobs"] as? [Object])?.first)
    }

    static let logDown = MapReduceSelfConsistentReportTests.logDown

    /// A refusal (the log down past Kafka's 60 s API timeout) reads as other refusals do, in
    /// report.json's `rejection` and `problems` and in report.md's problem line and Setup.
    @Test func aRefusalsDurationReadsAsOtherRefusals() throws {
        let result = try MapReduceHardFailureTests.run(Self.logDown.replacingOccurrences(of: "{at: 5.3s, crash: log}", with: "{at: 4s, crash: log}"))
        let job = try Self.job(result)
        #expect(job["rejection"] as? String == "the input could not be read: the log did not answer within 60.000 s")
        #expect(job["problems"] as? [String] == ["job refused: the input could not be read: the log did not answer within 60.000 s"])
        #expect(job["problemsLeftOut"] == nil)
        let markdown = result.markdown()
        #expect(markdown.contains("**job refused: the input could not be read: the log did not answer within 60.000 s**\n"))
        #expect(markdown.contains("| input       | topic `logs` (2 partitions, 500 records per map task); not read: the job was refused (the input could not be read: the log did not answer within 60.000 s)  "))
        #expect(!markdown.contains("60.000s"))
    }

    /// A client that gave up on a silent coordinator: report.json's `rejection` read `900.000s`
    /// beside its problem's `900.000 s`.
    @Test func aClientThatGaveUpHasOneFormInItsRejectionAndItsProblem() throws {
        let result = try MapReduceHardFailureTests.run(JobClientGivesUpTests.world(faults: "{at: 6s, crash: coordinator}"))
        let job = try Self.job(result)
        #expect(job["rejection"] as? String
            == "the coordinator did not answer the job's client for 900.000 s, and it gave up (YARN's yarn.resourcemanager.connect.max-wait.ms)")
        #expect(job["problems"] as? [String] == [JobClientGivesUpTests.gaveUp])
    }

    /// A job failed by a log that never returns: its status, its problem, its attempts in
    /// report.json and attempts.csv, and report.md's Job table, all `1.000 s`.
    @Test func aFailedJobsStatusAndAttemptsReadAsReportMdWritesThem() throws {
        let result = try MapReduceHardFailureTests.run(Self.logDown)
        let job = try Self.job(result)
        let reason = "map-1 failed 4 times; last: failed: input unavailable: the log did not answer within 1.000 s"
        #expect(job["status"] as? String == "failed: " + reason)
        #expect(job["problems"] as? [String] == ["job failed: " + reason])
        let outcomes = try #require(job["attemptRecords"] as? [Object]).compactMap { $0["outcome"] as? String }
        #expect(outcomes.filter { $0 == "failed: input unavailable: the log did not answer within 1.000 s" }.count == 10)
        let report = try #require(result.jobs.first?.result.run.report)
        let csv = JobReportTables.attemptsCSV(report)
        #expect(csv.contains("\n2,map-1,map,1,worker-2,false,5.504500,6.505500,failed: input unavailable: the log did not answer within 1.000 s\n"))
        #expect(!csv.contains("1.000s"))
        let markdown = result.markdown()
        #expect(markdown.contains("| status                     | failed: \(reason) |"))
        #expect(!markdown.contains("1.000s"))
    }

    /// A worker crash's recovery and the attempt it lost, in report.json and attempts.csv.
    @Test func aLostAttemptReadsTheSameInTheRecoveriesTheAttemptsAndTheCSV() throws {
        let result = try ComposedWorldSubsystemJSONTests.file("mapreduce-wordcount.yaml")
        let job = try Self.job(result)
        #expect((job["recoveries"] as? [Object])?.map { $0["outcome"] as? String } == ["lost: no heartbeat for 10.000 s"])
        let lost = try #require((job["attemptRecords"] as? [Object])?.first { $0["attempt"] as? Int == 2 })
        #expect(lost["outcome"] as? String == "lost: no heartbeat for 10.000 s")
        let report = try #require(result.jobs.first?.result.run.report)
        #expect(JobReportTables.attemptsCSV(report).contains("\n2,map-1,map,1,worker-2,false,1.250500,11.500000,lost: no heartbeat for 10.000 s\n"))
    }

    /// The consumer group's commit that gave up, in report.json as in report.md's note.
    @Test func anOffsetCommitFailureReadsAsReportMdWritesIt() throws {
        let result = try MapReduceHardFailureTests.run(MapReduceFailedJobFiguresTests.commitToADownLog)
        #expect(try Self.job(result)["offsetCommitFailure"] as? String == "the log did not answer within 60.000 s")
        #expect(result.markdown().contains("**Offsets not committed** for group `batch`: the log did not answer within 60.000 s, and the client gave up"))
    }

    /// 1,002 output parts not stored are 1,002 problems: report.json lists the first 1,000 and
    /// counts the rest as it does output objects; report.md likewise, then one line.
    @Test func aJobsProblemsAreBoundedInTheJSONAndTheReport() throws {
        var job = try #require(try MapReduceHardFailureTests.run(JobClientGivesUpTests.world(faults: "{at: 100s, crash: worker-1}")).jobs.first?.result)
        #expect(job.problems.isEmpty)
        job.unstoredOutput = (0..<1_002).map { "s3://out/part-\($0) was never stored: its 1 put failed" }
        let document = try ReportJSON.object(JSONReport.encode(job.document))
        let problems = try #require(document["problems"] as? [String])
        #expect(problems.count == 1_000 && document["problemsLeftOut"] as? Int == 2)
        #expect(problems.first == "output not stored: s3://out/part-0 was never stored: its 1 put failed")
        #expect(problems.last == "output not stored: s3://out/part-999 was never stored: its 1 put failed")
        let markdown = job.markdown()
        #expect(markdown.components(separatedBy: "**output not stored: ").count - 1 == 1_000)
        #expect(markdown.contains("**output not stored: s3://out/part-999 was never stored: its 1 put failed**\n\n… and 2 more problems (report.json's `problemsLeftOut`).\n\n## Setup"))
        #expect(!markdown.contains("part-1000 "))

        job.unstoredOutput.removeLast(2)
        let bounded = try ReportJSON.object(JSONReport.encode(job.document))
        #expect((bounded["problems"] as? [String])?.count == 1_000 && bounded["problemsLeftOut"] == nil)
        #expect(!job.markdown().contains("more problem"))
    }

    /// The experiment's report.json gives each run's figures and recoveries without its attempts;
    /// attempts.csv lists every attempt of every run, its `run` column as runs.csv's.
    @Test func theExperimentsAttemptsAreInItsCSVNotItsJSON() throws {
        let result = MapReduceExperimentTests.result
        let runs = try #require(try ReportJSON.object(result.json(spec: MapReduceExperimentTests.spec))["runs"] as? [Object])
        #expect(runs.count == 9 && runs.allSatisfy { $0["attemptRecords"] == nil && $0["attemptRecordsLeftOut"] == nil })
        let crash = try #require(runs.first { $0["label"] as? String == "worker crash" })
        #expect((crash["recoveries"] as? [Object])?.map { $0["outcome"] as? String } == ["lost: no heartbeat for 10.000 s"])

        let csv = result.attemptsCSV()
        let lines = csv.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.first == "run,attempt,task,kind,index,worker,speculative,start_s,end_s,outcome")
        #expect(lines[1] == "baseline,1,map-0,map,0,worker-1,false,1.000500,2.037926,succeeded")
        let attempts = result.runs.map { $0.report?.attempts.count ?? 0 }
        #expect(lines.count == 1 + attempts.reduce(0, +) + 1 && lines.last == "")
        for (run, count) in zip(result.runs, attempts) {
            #expect(lines.filter { $0.hasPrefix(run.label + ",") }.count == count)
        }
        #expect(csv.contains("\nworker crash,2,map-1,map,1,worker-2,false,1.250500,11.500000,lost: no heartbeat for 10.000 s\n"))
        let bundle = result.bundle(spec: MapReduceExperimentTests.spec)
        #expect(bundle.files.first { $0.path == "mapreduce/attempts.csv" }?.contents == Data(csv.utf8))
    }
}
