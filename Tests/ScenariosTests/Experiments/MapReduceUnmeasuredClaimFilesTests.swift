import Testing
import Reports
@testable import Scenarios
@testable import Simulator

/// Builder BP (session 80): a claim the run did not measure read "not measured" in report.md but
/// `false` in claims.csv and report.json; the seed study's report.json listed only the mid-task
/// seeds of the four kinds of crash seeds the report counts.
struct MapReduceUnmeasuredClaimFilesTests {
    /// The three files agree: "not measured", an empty `holds` cell, `"holds" : null` with
    /// `"measured" : false`; a measured claim keeps its `true`/`false`.
    @Test func anUnmeasuredClaimIsNeitherTrueNorFalse() throws {
        let spec = try #require(try parseExperiment(MapReduceCrashPlacementProseTests.crashBeforeFirstTask) as? MapReduceExperiment).spec
        let result = MapReduceExperiment.run(spec, jobs: 1, studySeeds: 1)
        let row = try #require(result.claims.first { $0.claim == "failure detected and task rescheduled" })
        #expect(row.verdict == "not measured" && row.measuredHolds == nil)
        #expect(result.claimsCSV().contains("\nfailure detected and task rescheduled,5–15 s,no task lost: the crash struck before `worker-1` held a task,rescheduled at most 15 s after the crash (sooner than 5 s keeps the claim too),,"))
        let json = result.json(spec: spec)
        #expect(json.contains("\"criterion\" : \"rescheduled at most 15 s after the crash (sooner than 5 s keeps the claim too)\",\n      \"holds\" : null,\n      \"measured\" : false,\n"))
        #expect(json.contains("\"criterion\" : \"within the claimed range, for the claimed input\",\n      \"holds\" : false,\n      \"measured\" : true,\n"))
        // The study's crash comes a seeded offset later: in its one seed, after the worker's task,
        // with nothing run again — listed as such.
        #expect(json.contains("\"nothingLostSeeds\" : [\n      9\n    ],"))
        #expect(json.contains("\"beforeAnyTaskSeeds\" : [\n\n    ],"))
    }

    /// Each of the four kinds of seeds is listed in report.json's seed study.
    @Test func theSeedStudyListsEveryKindOfSeed() {
        let study = MapReduceCrashPlacementProseTests.study([0, 1, 3, 2])
        let document = study.document
        #expect(document.midTaskSeeds == [9] && document.afterTaskSeeds == [10] && document.nothingLostSeeds == [11] && document.beforeAnyTaskSeeds == [12])
        #expect(JSONReport.line(document).contains("\"afterTaskSeeds\":[10],\"beforeAnyTaskSeeds\":[12],"))
        #expect(JSONReport.line(document).contains("\"midTaskSeeds\":[9],\"nothingLostSeeds\":[11]"))
    }
}
