import Reports
import Simulator

/// The tables every MapReduce report shows about one job — phases, attempts, shuffle,
/// recoveries — so the scenario report and the experiment report say the same things the same
/// way.
enum JobReportTables {
    /// `12.345 s` (`28,800.253 s`: grouped, as every report table writes seconds), or `—`.
    static func seconds(_ duration: Duration?) -> String {
        DurationFormat.seconds(duration?.seconds, grouping: true)
    }

    /// `12.345 s` (`28,800.253 s`), or `—`, for an instant since the start of the run.
    static func seconds(_ instant: VirtualInstant?) -> String {
        DurationFormat.seconds(instant?.seconds, grouping: true)
    }

    /// The status of a job whose client gave up, in report.md's Job table and report.json.
    static let gaveUpStatus = "failed (client gave up)"

    /// Status, makespan and the two phases. A job whose client gave up (`clientGaveUp`) reads
    /// `failed (client gave up)`, whatever the coordinator made of it: it read "succeeded" beside
    /// the run's FAIL and `output_exact` 0.
    static func phases(_ report: MapReduce.JobReport, clientGaveUp: Bool = false) -> MarkdownTable {
        var table = MarkdownTable(columns: [.text("figure"), .numeric("value")])
        table.append(["status", clientGaveUp ? gaveUpStatus
            : report.status == .submitted ? "never started (submitted, no attempt ran)" : SimulatorDurationText.reportable(report.status.description)])
        table.append(["map tasks × reduce tasks", "\(NumberFormat.integer(report.mapTasks)) × \(NumberFormat.integer(report.reduceTasks))"])
        table.append(["makespan (received → done)", seconds(report.makespan)])
        table.append(["map phase", phaseText(report.mapPhase)])
        table.append(["reduce phase", phaseText(report.reducePhase)])
        return table
    }

    /// The Job table of a job whose client gave up with no report from the coordinator (it
    /// crashed before the job was submitted and never answered): its status as ``phases(_:clientGaveUp:)``
    /// gives it, and `—` for what only the coordinator measures. Such a job had no Job table, and
    /// no `status` in report.json, where one the coordinator had received read `failed (client gave up)`.
    static func phasesWithoutReport() -> MarkdownTable {
        var table = MarkdownTable(columns: [.text("figure"), .numeric("value")])
        table.append(["status", gaveUpStatus])
        for figure in ["map tasks × reduce tasks", "makespan (received → done)", "map phase", "reduce phase"] { table.append([figure, "—"]) }
        return table
    }

    private static func phaseText(_ phase: MapReduce.PhaseTimes?) -> String {
        guard let phase else { return "—" }
        return "\(seconds(phase.duration)) (\(seconds(phase.start)) → \(seconds(phase.end)))"
    }

    /// Attempts, retries, backups and what went wrong; with `report`, also the attempts a
    /// coordinator restart killed (a row only when there were some: every started attempt that
    /// is a retry's cause has its row).
    static func attempts(_ statistics: MapReduce.JobStatistics, report: MapReduce.JobReport? = nil) -> MarkdownTable {
        var table = MarkdownTable(columns: [.text("attempts"), .numeric("count")])
        table.append(["started", NumberFormat.integer(statistics.attempts)])
        table.append(["retries (beyond each task's first, backups excluded)", NumberFormat.integer(statistics.retries)])
        table.append(["speculative backups", NumberFormat.integer(statistics.speculativeAttempts)])
        table.append(["tasks a backup finished first", NumberFormat.integer(statistics.speculativeWins)])
        table.append(["failed in the job's code", NumberFormat.integer(statistics.jobCodeFailures)])
        if statistics.inputFailures > 0 {
            table.append(["failed reading their input (the log did not answer)", NumberFormat.integer(statistics.inputFailures)])
        }
        if statistics.outputFailures > 0 {
            table.append(["failed writing their output (the shuffle store did not answer)", NumberFormat.integer(statistics.outputFailures)])
        }
        table.append(["completed maps failed afterwards (output reducers could not fetch)", NumberFormat.integer(statistics.retroactiveFailures)])
        table.append(["completed maps killed afterwards (output lost with their worker)", NumberFormat.integer(statistics.retroactiveKills)])
        table.append(["timed out (no progress)", NumberFormat.integer(statistics.timedOutAttempts)])
        table.append(["lost (worker died or restarted)", NumberFormat.integer(statistics.lostAttempts)])
        let killedByRestart = report?.attemptsKilledByCoordinatorRestart ?? 0
        if killedByRestart > 0 {
            table.append(["killed by a coordinator restart", NumberFormat.integer(killedByRestart)])
        }
        table.append(["finished map tasks re-executed (output lost)", NumberFormat.integer(statistics.mapReexecutions)])
        return table
    }

    /// Input, map output and what the shuffle moved.
    static func shuffle(_ statistics: MapReduce.JobStatistics, combining: Bool) -> MarkdownTable {
        let map = statistics.map
        var table = MarkdownTable(columns: [.text("data"), .numeric("records"), .numeric("bytes")])
        table.append(["input", NumberFormat.integer(map.inputRecords), NumberFormat.integer(map.inputBytes)])
        table.append(["emitted by map (the shuffle without a combiner)", NumberFormat.integer(map.emittedRecords), NumberFormat.integer(map.emittedBytes)])
        table.append(["map output written" + (combining ? " (after the combiner)" : ""), NumberFormat.integer(map.outputRecords), NumberFormat.integer(map.outputBytes)])
        table.append(["fetched by the committed reduce attempts", "—", NumberFormat.integer(statistics.shuffledBytes)])
        table.append(["output", NumberFormat.integer(statistics.outputRecords), "—"])
        return table
    }

    /// Every lost, timed-out or failed attempt and how its task got over it; detection and
    /// recovery measured from `figures`' last progress where given (``RecoveryFigures``), from
    /// the coordinator's record otherwise.
    static func recoveries(_ recoveries: [MapReduce.Recovery], figures: [RecoveryFigures] = []) -> MarkdownTable {
        var table = MarkdownTable(columns: [.text("task"), .numeric("attempt"), .text("outcome"), .numeric("last progress"),
                                            .numeric("detected"), .numeric("rescheduled"), .numeric("recovered"),
                                            .numeric("detection"), .numeric("recovery")])
        for row in JobRecoveryRow.rows(recoveries, figures: figures) {
            table.append([row.task, String(row.attempt), row.outcome, DurationFormat.seconds(row.lastProgressSeconds, grouping: true),
                          DurationFormat.seconds(row.detectedAtSeconds, grouping: true), DurationFormat.seconds(row.rescheduledAtSeconds, grouping: true),
                          DurationFormat.seconds(row.recoveredAtSeconds, grouping: true), DurationFormat.seconds(row.detectionSeconds, grouping: true),
                          DurationFormat.seconds(row.recoverySeconds, grouping: true)])
        }
        return table
    }

    /// The columns of an attempt in attempts.csv.
    static let attemptColumns = ["attempt", "task", "kind", "index", "worker", "speculative", "start_s", "end_s", "outcome"]

    /// The attempts as CSV: one row per attempt, times in seconds since the start of the run.
    static func attemptsCSV(_ report: MapReduce.JobReport) -> String {
        var table = CSVTable(header: attemptColumns)
        for attempt in report.attempts { table.append(attemptCells(JobAttemptRow(attempt))) }
        return table.rendered()
    }

    /// The cells of `row` under ``attemptColumns``: times to the microsecond, as every CSV
    /// writes seconds.
    static func attemptCells(_ row: JobAttemptRow) -> [String] {
        [String(row.attempt), row.task, row.kind, String(row.index), row.worker, row.speculative ? "true" : "false",
         NumberFormat.fixed(row.startSeconds, decimals: 6), row.endSeconds.map { NumberFormat.fixed($0, decimals: 6) } ?? "", row.outcome]
    }
}
