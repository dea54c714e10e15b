import Testing
import Reports
@testable import Scenarios
@testable import Simulator

/// The backup experiment's timeline ends on the state its report's totals are taken from: the
/// sync and the lifecycle pass due at the last instant, and the final listing, included. Its last
/// row read 66,886 attempts and 37,769,363 noncurrent bytes where report.md read 66,921 and
/// 33,183,515, and the charts drawn from it ended short of the totals.
struct BackupTimelineEndTests {
    static func shortRun() throws -> (spec: BackupExperimentSpec, result: BackupResult) {
        let spec = try #require(try parseExperiment(shortBackupExperiment, file: "backup.yaml") as? BackupExperiment).spec
        return (spec, try BackupExperiment.run(spec))
    }

    @Test func theLastRowIsTheReportsTotals() throws {
        let (spec, result) = try Self.shortRun()
        let end = try #require(result.samples.last)
        #expect(end.time >= spec.duration.seconds)
        #expect(end.attempts == result.clientStats.attempts)
        #expect(end.failedAttempts == result.clientStats.failedAttempts)
        #expect(end.retries == result.clientStats.retries)
        #expect(end.failedSyncs == result.managerStats.failedSyncs)
        #expect(end.currentBytes == result.usage.currentBytes)
        #expect(end.noncurrentBytes == result.usage.noncurrentBytes)
        #expect(end.managerBytes == result.statistics.bytesStored)
        #expect(end.backupsKept == result.statistics.backupCount)
        // One reading an hour before the end, and the end: no reading at the last instant before its work.
        #expect(result.samples.count == 97)
        let hourly: [Double] = (0..<96).map { (hour: Int) -> Double in Double(hour * 3600) }
        #expect(result.samples.dropLast().map(\.time) == hourly)
        let rows = result.timelineCSV().split(separator: "\n")
        // The last listing answered 0.06 s after the end of the 4 days (day 2's abandoned folder,
        // more than two days old at day 4's retention pass, is gone: one folder fewer to list).
        #expect(rows.last.map(String.init) == "345600.086,60779,806737,58133,3,1215,88,87,0")
    }

    @Test func theReportsFiguresAreTheLastRows() throws {
        let (spec, result) = try Self.shortRun()
        let markdown = result.markdown(spec: spec)
        let end = try #require(result.samples.last)
        #expect(markdown.contains("| attempts sent                                  | \(NumberFormat.integer(end.attempts))"))
        #expect(markdown.contains("at the end the bucket holds \(NumberFormat.integer(end.currentBytes)) bytes in current objects and \(NumberFormat.integer(end.noncurrentBytes)) in noncurrent versions"))
    }

    /// The last reading comes a moment after the end (the final listing's requests): the charts
    /// draw it at the end, so their axis stops on the run's last day.
    @Test func theChartsEndOnTheTotalsAtTheRunsEnd() throws {
        let (spec, result) = try Self.shortRun()
        let chart = result.bytesChart(end: spec.duration)
        let atRest = try #require(chart.series.first?.samples.last)
        let end = try #require(result.samples.last)
        #expect(atRest.time == 4)
        #expect(atRest.value == Double(end.currentBytes + end.noncurrentBytes) / 1_048_576)
        #expect(result.backupsChart(end: spec.duration).series[0].samples.last?.time == 4)
    }
}
