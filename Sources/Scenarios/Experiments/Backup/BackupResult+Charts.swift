import Reports
import Simulator

/// The backup experiment's charts.
extension BackupResult {
    private static let secondsPerDay = 86_400.0
    private static let mebibyte = 1_048_576.0

    /// A reading's day on the charts: the last reading, taken once the work of the last instant
    /// and the final listing have answered (a second or so after the end), is drawn at the end of
    /// the run, so the axis ends on the run's last day rather than one tick further.
    private static func day(_ sample: Sample, end: Duration) -> Double {
        Swift.min(sample.time, end.seconds) / secondsPerDay
    }

    /// Bytes stored over the run: what a listing shows, what sits at rest with noncurrent
    /// versions, and the manager's own figure; its last point is the report's totals.
    func bytesChart(end: Duration) -> TimelineChart {
        func series(_ name: String, _ value: (Sample) -> Int) -> TimelineChart.Series {
            .init(name, samples: samples.map { .init(time: Self.day($0, end: end), value: Double(value($0)) / Self.mebibyte) })
        }
        return TimelineChart(
            title: "Bytes stored in the bucket",
            series: [series("at rest: current + noncurrent versions", { $0.currentBytes + $0.noncurrentBytes }),
                     series("current objects (what a listing shows)", \.currentBytes),
                     series("manager's count: synced copy + backups kept", \.managerBytes)],
            events: retentionEvents(), xAxisLabel: "virtual time (days)", yAxisLabel: "MiB", interpolation: .linear)
    }

    /// Backups the manager keeps, day by day: growing until retention starts deleting.
    func backupsChart(end: Duration) -> TimelineChart {
        TimelineChart(
            title: "Backups kept",
            series: [.init("backups kept", samples: samples.map { .init(time: Self.day($0, end: end), value: Double($0.backupsKept)) })],
            events: retentionEvents(), xAxisLabel: "virtual time (days)", yAxisLabel: "backups")
    }

    /// Failed attempts and retries per sampling interval, with the storms marked.
    func errorsChart(storms: [ObjectStore.ErrorStorm], interval: Duration) -> TimelineChart {
        let pairs = zip(samples, samples.dropFirst())
        let failed = pairs.map { TimelineChart.Sample(time: $0.time / Self.secondsPerDay, value: Double($1.failedAttempts - $0.failedAttempts)) }
        let retried = pairs.map { TimelineChart.Sample(time: $0.time / Self.secondsPerDay, value: Double($1.retries - $0.retries)) }
        var events: [TimelineChart.Event] = []
        for storm in storms {
            events.append(.init(time: storm.start.seconds / Self.secondsPerDay, label: "storm: \(NumberFormat.percent(storm.errorRate, decimals: 0)) \(storm.code.httpStatus)s"))
        }
        let unit = interval == .seconds(3600) ? "hour" : DurationFormat.seconds(interval.seconds, grouping: true)
        return TimelineChart(
            title: "Failed attempts and retries per \(unit)",
            series: [.init("failed attempts", samples: failed), .init("retries", samples: retried)],
            events: events, xAxisLabel: "virtual time (days)", yAxisLabel: "per \(unit)")
    }

    /// Each restore: files in its backup against files restored byte-identical.
    func restoresChart() -> BarChart {
        BarChart(
            title: "Restores: files restored byte-identical",
            categories: restores.map { "\($0.backup ?? "none") (\($0.selection))" },
            series: [.init("files in the backup", values: restores.map { Double($0.expectedFiles) }),
                     .init("files restored byte-identical", values: restores.map { Double($0.identical ? $0.restoredFiles : 0) })],
            xAxisLabel: "backup restored", yAxisLabel: "files")
    }

    /// A marker at the first backup retention deleted.
    private func retentionEvents() -> [TimelineChart.Event] {
        guard let first = backups.compactMap(\.deletedAt).min() else { return [] }
        return [.init(time: Double(first) / 1e9 / Self.secondsPerDay, label: "retention starts deleting")]
    }
}
