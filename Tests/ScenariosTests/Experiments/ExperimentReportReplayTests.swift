import Foundation
import Testing
@testable import Scenarios

/// An experiment report's replay line replays exactly the run that wrote it: `orrery experiment
/// NAME` reads `scenarios/NAME.yaml`, so a run of any other file (`orrery run cases/a1-small.yaml`)
/// says to run that file again, and pointed at the committed file before.
struct ExperimentReportReplayTests {
    @Test(arguments: [
        ("scenarios/a1.yaml", "`orrery experiment a1` (reads `scenarios/a1.yaml`)"),
        ("cases/a1_requests_1.yaml", "`orrery run cases/a1_requests_1.yaml`"),
        // The experiment's own name in another directory is not what `orrery experiment a1` reads.
        ("other/a1.yaml", "`orrery run other/a1.yaml`"),
        ("/tmp/run/a1.yaml", "`orrery run /tmp/run/a1.yaml`"),
        ("scenarios/a2.yaml", "`orrery run scenarios/a2.yaml`"),
        ("my runs/a1.yaml", "`orrery run 'my runs/a1.yaml'`"),
        ("-a1.yaml", "`orrery run ./-a1.yaml`"),
    ])
    func theReplayRunsTheFileThatWasRead(file: String, replay: String) {
        #expect(ExperimentReport.replay(name: "a1", file: file) == replay)
    }

    /// The header of a report from a file outside `scenarios/`, line for line.
    @Test func aReportFromAnotherFileSaysToRunIt() throws {
        let experiment = try parseExperiment("experiment: a1\nseed: 1\nservers: 3\nrequests: 1\n", file: "cases/a1_requests_1.yaml")
        let bundle = try experiment.run(jobs: 1)
        let report = try #require(bundle.files.first { $0.path == "a1/report.md" })
        let lines = String(decoding: report.contents, as: UTF8.self).split(separator: "\n").prefix(4).map(String.init)
        #expect(lines[0] == "# A-1: how 1 request spread over 3 replicas")
        #expect(lines[1] == "- seed: `1`")
        #expect(lines[2] == "- replay: `orrery run cases/a1_requests_1.yaml`")
    }

    /// The experiments that read worlds from the scenarios directory say so, and name
    /// `--scenarios` when the files came from elsewhere (their replay read `scenarios/` whatever ran).
    @Test(arguments: [
        (["scenarios/keepalive.yaml"], "`orrery experiment keepalive` (reads `scenarios/keepalive.yaml`)"),
        (["cases/keepalive.yaml"], "`orrery experiment keepalive --scenarios cases` (reads `cases/keepalive.yaml`)"),
        (["my cases/keepalive.yaml"], "`orrery experiment keepalive --scenarios 'my cases'` (reads `my cases/keepalive.yaml`)"),
        (["-x/keepalive.yaml"], "`orrery experiment keepalive --scenarios ./-x` (reads `-x/keepalive.yaml`)"),
        (["keepalive.yaml"], "`orrery experiment keepalive --scenarios .` (reads `keepalive.yaml`)"),
        (["c/a.yaml", "c/b.yaml", "c/d.yaml"], "`orrery experiment keepalive --scenarios c` (reads `c/a.yaml`, `c/b.yaml` and `c/d.yaml`)"),
    ])
    func theReplayOfAWorldsExperimentNamesItsDirectory(files: [String], replay: String) {
        #expect(ExperimentReport.replay(name: "keepalive", reading: files) == replay)
    }
}
