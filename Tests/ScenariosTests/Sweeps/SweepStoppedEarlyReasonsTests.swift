import Foundation
import Testing
@testable import Scenarios

/// A world that stopped early checks none of its expectations: the expectations table counts
/// them "not checked", and the failing-seed list (report.md, failures.csv, report.json) gives the
/// stop as the reason, never "expectation '…' failed" — which it said for checks the table
/// counted not checked (`--vary run.time_limit=40ms,10s`).
struct SweepStoppedEarlyReasonsTests {
    static let stop = "virtual time limit reached at t=0.040s with 5 tasks unfinished"

    static func report() throws -> SweepReport {
        let manifest = try SweepReportFiguresTests.manifest(seeds: "1..2")
        let records = try [
            SweepReportFiguresTests.record(manifest, variant: 0, seed: 1, position: 0, values: ["balancer.p50": 0.004],
                                           expectations: [false, false, false], stoppedEarly: stop),
            SweepReportFiguresTests.record(manifest, variant: 0, seed: 2, position: 1, values: ["balancer.p50": 0.006],
                                           expectations: [true, false, true]),
            SweepReportFiguresTests.record(manifest, variant: 1, seed: 1, position: 2, values: ["balancer.p50": 0.004]),
            SweepReportFiguresTests.record(manifest, variant: 1, seed: 2, position: 3, values: ["balancer.p50": 0.006]),
        ]
        return SweepReport(manifest: manifest, records: records)
    }

    @Test func aWorldThatStoppedEarlyFailsForTheStopAlone() throws {
        let report = try Self.report()
        let failures = report.variants[0].failures
        #expect(failures.map(\.seed) == [1, 2])
        #expect(failures[0].reasons == ["stopped early: \(Self.stop)"])
        // A world that ran to its end still names the expectation that failed.
        #expect(failures[1].reasons == ["expectation 'timeouts > 0' failed"])
        #expect(report.variants[0].expectations.map(\.notChecked) == [1, 1, 1])
    }

    @Test func everyFileSaysTheSame() throws {
        let report = try Self.report()
        #expect(report.failuresCSV().contains(
            "\n1,workload.rate=300,1,stopped early: \(Self.stop),\(report.variants[0].failures[0].replay)\n"))
        #expect(!report.failuresCSV().contains("'success_ratio >= 0.9'"))
        #expect(report.markdown().contains("- seed 1: stopped early: \(Self.stop) — `"))
        let variant = try #require((try SweepReportFiguresTests.json(report)["variants"] as? [[String: Any]])?[0])
        let failures = try #require(variant["failures"] as? [[String: Any]])
        #expect(failures[0]["reasons"] as? [String] == ["stopped early: \(Self.stop)"])
    }
}
