import Testing
import Reports
@testable import Scenarios

/// A job's files go in `<name>/<id>/`. Ids `job-a` and `JOB-A` (one folder on a file system that
/// ignores case) and an id `report.md` (a file the report writes) passed `validate`, ran the
/// whole world and were refused only when the report was written: exit 2, no position. They are
/// refused when the file is loaded, at the later id.
struct JobIDReportPathTests {
    static func world(_ jobs: [String]) -> String {
        let listed = jobs.map { "{\($0)name: word-count, reducers: 1, input: {synthetic: {lines: 10, seed: 1}}}" }
        return "seed: 1\nmapreduce:\n  cluster: {workers: 2}\n  jobs:\n" + listed.map { "    - \($0)\n" }.joined()
    }

    @Test func idsThatDifferOnlyInLetterCaseAreRefused() {
        #expect(SizeLimitTests.refusal(Self.world(["id: job-a, ", "id: JOB-A, "]))
            == "x.yaml:6:12: error: job ids 'job-a' and 'JOB-A' differ only in letter case, and each job's files go in a folder named by its id: a file system that ignores case (macOS's, Windows') holds one folder for both; rename one (at mapreduce.jobs.[1].id)")
        #expect(SizeLimitTests.refusal(Self.world(["id: job-a, ", "id: job-a, "]))
            == "x.yaml:6:12: error: job 'job-a' is defined twice (at mapreduce.jobs.[1].id)")
        #expect(SizeLimitTests.refusal(Self.world(["id: job-a, ", "id: job-b, "])) == "")
    }

    /// A job without an id is `job-N`, which an earlier id may have taken: both were accepted.
    @Test func aDefaultIdTakenByAnEarlierJobIsRefusedAtTheLaterJob() {
        #expect(SizeLimitTests.refusal(Self.world(["id: JOB-2, ", ""]))
            == "x.yaml:6:7: error: job ids 'JOB-2' and 'job-2' differ only in letter case, and each job's files go in a folder named by its id: a file system that ignores case (macOS's, Windows') holds one folder for both; rename one (at mapreduce.jobs.[1])")
    }

    @Test(arguments: ScenarioLoader.worldReportFileNames + ["Report.MD"])
    func anIdThatIsAFileTheReportWritesIsRefused(_ id: String) {
        #expect(SizeLimitTests.refusal(Self.world(["id: \(id), "]))
            == "x.yaml:5:12: error: job id '\(id)' is the name of a file the world's report writes (report.md, report.json, timeline.svg, timeline.csv, metrics.csv, servers.csv, results.jsonl, throughput.svg, connections.svg, summary.csv, balancer-timeline.csv, events.csv), and the job's files go in a folder named by its id; choose another id (at mapreduce.jobs.[0].id)")
    }

    /// The list the rule refuses holds every file a world with a balancer, servers and a job writes
    /// beside the jobs' folders, so a new report file cannot slip past it.
    @Test func theRefusedNamesAreTheFilesAWorldWrites() throws {
        let result = try WorldCompositionTests.run(WorldCompositionTests.balancedCluster)
        let bundle = result.bundle(formats: ReportFormat.allCases)
        let inDirectory = bundle.files.map { $0.path.split(separator: "/").dropFirst().map(String.init) }
        let files = inDirectory.filter { $0.count == 1 }.map { $0[0] }
        let folders = Set(inDirectory.filter { $0.count > 1 }.map { $0[0] })
        #expect(files.filter { !ScenarioLoader.worldReportFileNames.contains($0) } == [])
        #expect(folders == Set(result.jobs.map(\.id)))
    }
}
