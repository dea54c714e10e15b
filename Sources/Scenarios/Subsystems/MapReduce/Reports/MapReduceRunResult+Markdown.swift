import Reports
import Simulator

extension MapReduceRunResult {
    /// The run as a Markdown report that opens with the seed and the command that replays it.
    public func markdown() -> String {
        var out = "# MapReduce scenario \(scenario.name.markdownCode)\n\n"
        out += "- seed: `\(seed)`\n- replay: \(ShellQuoting.markdown(replayCommand))\n- digest: `\(run.digest)`\n"
        out += "- verdict: **\(passed ? "PASS" : "FAIL")**\n"
        out += "- virtual time: \(DurationFormat.seconds(run.virtualSeconds, grouping: true)); events processed: \(NumberFormat.integer(run.events))\n\n"
        if !scenario.summary.isEmpty { out += MarkdownTable.literal(scenario.summary, opensBlock: true) + "\n\n" }
        if !problems.isEmpty { out += problemLines() }

        out += "## Setup\n\n" + setupTable().rendered() + "\n"

        out += "## Output against the sequential oracle\n\n"
        out += outputSentence() + "\n\n"
        if !comparison.differences.isEmpty {
            out += "First differences (`-` only in the oracle, `+` only in the output):\n\n```\n" + comparison.differences.joined(separator: "\n") + "\n```\n\n"
        }
        guard let report = run.report else {
            if clientGaveUp {
                out += "## Job\n\n" + JobReportTables.phasesWithoutReport().rendered() + "\n"
                out += "The coordinator has no record of the job: it never answered the job's client, so there are no attempts or shuffle to show.\n\n"
            }
            return out + attemptChaosAndChecks()
        }

        out += "## Job\n\n" + JobReportTables.phases(report, clientGaveUp: clientGaveUp).rendered() + "\n"
        if let note = offsetCommitNote { out += note + "\n\n" }
        out += "![job timeline](timeline.svg)\n\n"
        out += "## Attempts\n\n" + JobReportTables.attempts(report.statistics, report: report).rendered() + "\n"
        if !report.blacklisted.isEmpty {
            out += "Blacklisted for this job after \(report.blacklisted.count == 1 ? "its" : "their") repeated failed or timed-out attempts (given none of its tasks afterwards"
                + (report.blacklistIgnored ? "; at the end \(report.blacklisted.count) of the \(report.knownWorkers) workers, 33 % or more, so the blacklist was ignored and every worker usable, as Hadoop ignores it" : "")
                + "): \(report.blacklisted.map { "`\($0)`" }.joined(separator: ", ")).\n\n"
        }
        out += "## Shuffle\n\n" + JobReportTables.shuffle(report.statistics, combining: report.combining).rendered() + "\n"
        let statistics = report.statistics
        if !report.shuffleMeasured {
            // The bytes fetched are the committed reduce attempts' only: no share of the shuffle.
            out += "What the shuffle saved is not measured: not every reduce task committed, so the bytes fetched are not the whole shuffle.\n\n"
        } else if statistics.shuffleBytesWithoutCombiner > 0 {
            out += "The reduce tasks fetched \(NumberFormat.integer(statistics.shuffledBytes)) bytes where the map functions emitted \(NumberFormat.integer(statistics.shuffleBytesWithoutCombiner)): "
            if !report.combining {
                out += "without a combiner every emitted record crosses the network.\n\n"
            } else if statistics.shuffledBytes >= statistics.shuffleBytesWithoutCombiner {
                out += "the combiner did not shrink the shuffle.\n\n"
            } else {
                out += "the combiner cut the shuffle by \(NumberFormat.percent(statistics.shuffleReduction)).\n\n"
            }
        }
        if !report.recoveries.isEmpty {
            out += "## Recoveries\n\n"
            let figures = recoveryFigures
            out += "Times in seconds of virtual time. Detection runs from the attempt's last progress (an upper bound on when the fault hit) to the coordinator noticing; recovery to the task's completion."
            if figures.contains(where: \.corrected) {
                out += " The coordinator's restart gave the attempts still running a fresh progress deadline; for an attempt lost across it the last progress is its worker's going down (or the coordinator's, when the worker outlived the restart), not the coordinator's return."
            }
            out += "\n\n" + JobReportTables.recoveries(report.recoveries, figures: figures).rendered() + "\n"
        }
        return out + attemptChaosAndChecks()
    }

    /// ``problems`` as the report words them: a job that never started, or was still running
    /// when the run ended, says so (it read "job submitted", as if submitting were its problem);
    /// a refusal's or a failed job's reason quotes the Simulator's durations as a report writes
    /// them (``SimulatorDurationText``: `job refused: … within 60.000 s`, where report.json's
    /// `rejection` read `60.000s` beside refusals' `3,600.000 s`). Only those texts: an output
    /// difference quotes records, whose bytes stay as they are.
    var reportedProblems: [String] {
        let status = run.report?.status
        let said = status.map { "job \($0)" }
        let refused = run.rejection.map { "job refused: \($0)" }
        return problems.map { problem in
            if problem == refused, let rejection = run.rejection { return "job refused: " + SimulatorDurationText.reportable(rejection) }
            guard problem == said, let status else { return problem }
            switch status {
            case .submitted: return "job never started: no attempt ran before the run ended"
            case .running(let phase): return "job unfinished: still in its \(phase.rawValue) phase when the run ended"
            case .failed: return "job " + SimulatorDurationText.reportable(status.description)
            case .succeeded: return problem
            }
        }
    }

    /// The problems in bold, one a line, bounded by ``ReportListBound`` as report.json's
    /// `problems` is (a job of 10,000 reducers whose store is down has 10,000), then a line
    /// counting the rest.
    func problemLines() -> String {
        let problems = ReportListBound.split(reportedProblems)
        var lines = problems.listed.map { "**\($0)**\n" }
        if let leftOut = problems.leftOut {
            lines.append("… and \(NumberFormat.counted(leftOut, "more problem")) (report.json's `problemsLeftOut`).\n")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// What a job that read a topic for a consumer group says when its client could not commit
    /// the group's offsets after it succeeded (``MapReduce/JobReport/offsetCommitFailure``); nil
    /// otherwise.
    var offsetCommitNote: String? {
        guard let failure = run.report?.offsetCommitFailure else { return nil }
        let group = scenario.input.log?.group.map { "group `\($0)`" } ?? "the consumer group"
        return "**Offsets not committed** for \(group): \(SimulatorDurationText.reportable(failure)), and the client gave up as Kafka's `commitSync` does "
            + "after `default.api.timeout.ms`. The output stands; a rerun for the group reads these "
            + "\(NumberFormat.counted(inputRecords, "record")) again."
    }

    /// The cluster, the job and the input, one row each concern.
    func setupTable() -> MarkdownTable {
        let cluster = scenario.cluster
        let policy = cluster.policy
        var table = MarkdownTable(columns: [.text("setting"), .text("value")])
        table.append(["workers", "\(cluster.workers) × \(NumberFormat.counted(cluster.mapSlotsPerWorker, "map slot")), \(NumberFormat.counted(cluster.reduceSlotsPerWorker, "reduce slot"))"])
        table.append(["shuffle", MapReduceRunResult.describe(cluster.shuffle)])
        table.append(["coordinator", "heartbeats every \(seconds(policy.heartbeatInterval)), task timeout \(seconds(policy.taskTimeout)), worker timeout \(seconds(policy.workerTimeout)), at most \(NumberFormat.counted(policy.maxAttempts, "attempt")) per task; attempts lost to crashes do not count, as Hadoop's killed attempts; a map that cannot read its input from the log or write its output to the shuffle store does, as Hadoop's failed attempts; a completed map whose output could not be fetched does, as Hadoop's retroactive failures; a completed map whose output was lost with its worker is killed afterwards and runs again, not counted, as Hadoop kills the map attempts of an unusable node"])
        table.append(["speculation", policy.speculation.map { "on (backup when slower than \(NumberFormat.trimmed($0.slowness, maxDecimals: 2))× the median, after \(seconds($0.minimumRuntime)))" } ?? "off"])
        table.append(["job", "`\(scenario.job.name)`, R = \(scenario.job.reducers), combiner \(scenario.job.combining ? "on" : "off")"])
        var size = "\(NumberFormat.counted(inputRecords, "record")), \(NumberFormat.counted(inputBytes, "byte"))"
        if let unread = inputUnread {
            // It quotes a refusal, whose durations read as the report's (`60.000 s`).
            size = SimulatorDurationText.reportable(unread)
        } else if scenario.input.log != nil, let map = run.report?.statistics.map, map.inputBytes != inputBytes {
            size += " of record values"
            if map.inputRecords == inputRecords {
                // Records read from a topic carry no line ends; the map tasks count one after each.
                size += " (\(NumberFormat.integer(map.inputBytes)) bytes with the newline ending each record, as the map tasks count them)"
            } else {
                // A job that ended before every map completed: its completed maps read part of it.
                size += "; the completed map tasks read \(NumberFormat.integer(map.inputRecords)) of them (\(NumberFormat.counted(map.inputBytes, "byte")) with the newline ending each record)"
            }
        }
        var source = scenario.input.description
        if let objects = scenario.job.objectInput {
            source = "the objects under \("s3://\(objects.bucket)/\(objects.prefix)".markdownCode) " + source
        }
        table.append(["input", source + "; " + size])
        return table
    }

    /// `3.000 s` (`3,600.000 s`), as every report table writes seconds.
    private func seconds(_ duration: Duration) -> String {
        DurationFormat.seconds(duration.seconds, grouping: true)
    }

    /// `local disk` or `shuffle store (TTL 3,600.000 s)`.
    static func describe(_ shuffle: MapReduce.ShuffleMode) -> String {
        switch shuffle {
        case .localDisk: return "local disk of each map worker"
        case .shuffleStore(let ttl): return "shuffle store (TTL \(DurationFormat.seconds(ttl.seconds, grouping: true)))"
        }
    }

    /// One sentence on the output and the oracle.
    func outputSentence() -> String {
        if let oracleFailure { return "The sequential oracle could not run: \(oracleFailure)." }
        // The coordinator's output is not the job's: its client gave up and has no report of it.
        if clientGaveUp {
            return "The job failed (its client gave up), so it has no output to compare; the sequential oracle has \(NumberFormat.counted(comparison.expectedRecords, "record"))."
        }
        guard let output = run.report?.output else {
            if inputUnread != nil { return "The job produced no output; its input was not counted, so there is no sequential run to compare." }
            return "The job produced no output; the sequential oracle has \(NumberFormat.counted(comparison.expectedRecords, "record"))."
        }
        let count = output.records.count
        let over = "over the same \(NumberFormat.counted(inputRecords, "input record"))"
        return comparison.exact
            ? (count == 1 ? "**Exact**: the 1 output record equals" : "**Exact**: the \(NumberFormat.integer(count)) output records equal")
                + " the sequential run of `\(scenario.job.name)` \(over), byte for byte."
            : "**Not exact**: \(NumberFormat.counted(count, "output record")) against \(NumberFormat.integer(comparison.expectedRecords)) in the sequential run."
    }

    /// The attempt chaos and the expectations. No list of faults: they are the world's, listed
    /// once in its report (``RunResult/faults``) as report.json lists them.
    func attemptChaosAndChecks() -> String {
        var out = ""
        if let chaos = scenario.cluster.attemptChaos {
            out += "Attempt chaos: each attempt's worker crashes with probability \(NumberFormat.fixed(chaos.crashProbability, decimals: 3)) or stalls with probability \(NumberFormat.fixed(chaos.stallProbability, decimals: 3)) shortly after the attempt starts.\n\n"
        }
        return out + ExpectationCheck.markdownSection(checks, heading: "##")
    }
}
