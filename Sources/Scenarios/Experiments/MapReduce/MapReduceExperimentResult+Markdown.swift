import Reports
import Simulator

extension MapReduceExperimentResult {
    /// The report: the job, the claims table with its reasons, then one section per question.
    func markdown(spec: MapReduceExperimentSpec) -> String {
        let setup = spec
        var out = ExperimentReport.headerQuotingDescription(title: "MapReduce on actors: seed 001's claims in simulation", spec: spec, digest: baseline.run.digest)
        out += jobSection(setup)
        out += claimsSection()
        out += scalingSection(setup)
        out += shuffleSection()
        out += speculationSection(setup)
        out += failureSection(setup)
        out += chaosSection(setup)
        out += seedStudy.markdown(setup, claims: claims)
        out += runsSection()
        return out
    }

    func jobSection(_ setup: MapReduceExperimentSpec) -> String {
        var out = "## The job\n\n"
        var table = MarkdownTable(columns: [.text("setting"), .text("value")])
        table.append(["cluster", "\(setup.cluster.workers) workers × \(setup.cluster.mapSlotsPerWorker) map slot(s), \(setup.cluster.reduceSlotsPerWorker) reduce slot(s); shuffle on the \(MapReduceRunResult.describe(setup.cluster.shuffle))"])
        table.append(["job", "`\(setup.job.name)`, R = \(setup.job.reducers), combiner \(setup.job.combining ? "on" : "off")"])
        table.append(["input", setup.input.description])
        out += table.rendered() + "\n"
        guard let report = baseline.report else { return out + "The baseline job did not finish.\n\n" }
        out += JobReportTables.phases(report).rendered() + "\n"
        let exact = runs.filter(\.outputExact).count
        out += "Every run of this experiment is checked against the sequential oracle: \(exact) of \(runs.count) outputs are exact. "
        let tasks = report.mapTasks + report.reduceTasks
        out += report.statistics.attempts == tasks
            ? "With no faults each of the \(tasks) tasks ran exactly once (\(report.statistics.attempts) attempts). "
            : "With no faults the \(tasks) tasks took \(report.statistics.attempts) attempts. "
        out += "Map tasks ran \(measurements.peakConcurrentMaps) at a time and reduce tasks \(measurements.peakConcurrentReduces) at a time:\n\n"
        return out + "![job timeline](timeline.svg)\n\n"
    }

    func claimsSection() -> String {
        var out = "## Seed 001's claims\n\n"
        // The claims experiment's opening, when the file changes a setting a claim is stated under.
        let changed = claims.filter { !$0.changedSettings.isEmpty }.map { ClaimDeviation.under("“\($0.claim)”", $0.changedSettings) }
        if !changed.isEmpty {
            out += "Each claim is checked under the settings seed 001 states, except where the file sets one otherwise: \(ClaimDeviation.untested(changed)).\n\n"
        }
        var table = MarkdownTable(columns: [.text("claim"), .text("claimed"), .text("simulated"), .text("criterion"), .text("verdict")])
        for row in claims {
            table.append([row.claim, row.claimed, row.simulated, row.criterion, row.verdict])
        }
        out += table.rendered() + "\n### Why\n\n"
        out += claims.map { row in
            "- **\(row.claim)** (\(row.verdict.replacingOccurrences(of: "**", with: ""))): \(row.why)" + (row.toHold.isEmpty ? "" : " **What would make it hold:** \(row.toHold)") + "\n"
        }.joined() + "\n"
        return out
    }

    func scalingSection(_ setup: MapReduceExperimentSpec) -> String {
        var out = "## Scaling with the number of mappers\n\n"
        out += "The same job over \(setup.scaling.input.description), with \(setup.scaling.mappers.first ?? 0) … \(setup.scaling.mappers.last ?? 0) mappers, each a worker of \(NumberFormat.counted(setup.cluster.mapSlotsPerWorker, "map slot")). Events per second are input events over the map phase; a busy slot's rate is input events over the time the map slots spent on map attempts.\n\n"
        var table = MarkdownTable(columns: [.numeric("mappers"), .numeric("map tasks"), .numeric("map phase"), .numeric("events/s"),
                                            .numeric("of linear"), .numeric("slots busy"), .numeric("events/s per busy slot"),
                                            .numeric("makespan"), .text("output")])
        for (point, run) in zip(measurements.scaling, scalingRuns) {
            table.append([String(point.mappers), NumberFormat.integer(point.mapTasks), DurationFormat.seconds(point.mapPhaseSeconds),
                          NumberFormat.fixed(point.eventsPerSecond, decimals: 0, grouping: true), NumberFormat.percent(measurements.efficiency(point.mappers) ?? 0),
                          NumberFormat.percent(point.utilisation), NumberFormat.fixed(point.eventsPerBusySecond, decimals: 0, grouping: true),
                          DurationFormat.seconds(point.makespanSeconds), run.outputExact ? "exact" : "**not exact**"])
        }
        return out + table.rendered() + "\n![scaling](scaling.svg)\n\n"
    }

    func shuffleSection() -> String {
        var out = "## Shuffle with and without the combiner\n\n"
        var table = MarkdownTable(columns: [.text("combiner"), .numeric("records written by map"), .numeric("bytes shuffled"), .text("output")])
        for (label, run) in [("off", withoutCombiner), ("on", withCombiner)] {
            guard let statistics = run.report?.statistics else { continue }
            table.append([label, NumberFormat.integer(statistics.map.outputRecords), NumberFormat.integer(statistics.shuffledBytes), run.outputExact ? "exact" : "**not exact**"])
        }
        let m = measurements
        out += table.rendered() + "\n"
        if m.shuffledBytesWithoutCombiner > 0 {
            out += "The combiner cut the bytes shuffled by \(NumberFormat.percent(1 - Double(m.shuffledBytesWithCombiner) / Double(m.shuffledBytesWithoutCombiner))).\n\n"
        }
        return out + "![shuffle](shuffle.svg)\n\n"
    }

    func speculationSection(_ setup: MapReduceExperimentSpec) -> String {
        var out = "## Speculative execution\n\n"
        out += "The baseline job with `\(setup.straggler.worker)` \(NumberFormat.trimmed(setup.straggler.factor, maxDecimals: 2))× slower from the start, once without backup tasks and once with them.\n\n"
        var table = MarkdownTable(columns: [.text("speculation"), .numeric("makespan"), .numeric("map phase"), .numeric("reduce phase"),
                                            .numeric("backups"), .numeric("backup wins"), .text("output")])
        for (label, run) in [("off", speculationOff), ("on", speculationOn)] {
            guard let report = run.report else { continue }
            table.append([label, JobReportTables.seconds(report.makespan), JobReportTables.seconds(report.mapPhase?.duration),
                          JobReportTables.seconds(report.reducePhase?.duration), NumberFormat.integer(report.statistics.speculativeAttempts),
                          NumberFormat.integer(report.statistics.speculativeWins), run.outputExact ? "exact" : "**not exact**"])
        }
        out += table.rendered() + "\n"
        out += speculationText(setup)
        return out + "![speculation](speculation.svg)\n\n"
    }

    /// What the two straggler runs show: how much longer the job took without backups, and why
    /// the backups did (or, when none started, could not) make a difference.
    func speculationText(_ setup: MapReduceExperimentSpec) -> String {
        guard let slowdown = slowdownWithoutSpeculation, let on = speculationOn.report else { return "" }
        let slowness = NumberFormat.trimmed(setup.cluster.policy.speculation?.slowness ?? 2, maxDecimals: 2)
        let backups = on.statistics.speculativeAttempts
        guard backups > 0 else {
            // A slowed worker that never ran a task has nothing to back up: the threshold was
            // not what stopped the backups (a straggler given no task read as if it were).
            let ranTask = on.attempts.contains { $0.worker == setup.straggler.worker }
            var out = ranTask
                ? "With speculation on, no backup task started (a backup starts once a straggler's estimated time exceeds \(slowness)× the phase's median and a fresh copy would finish sooner), "
                : "With speculation on, no backup task started: `\(setup.straggler.worker)`, the slowed worker, never ran a task (the other workers had taken every one when it asked), so there was no straggler to back up, "
            out += speculationOff.run.digest == speculationOn.run.digest
                ? "\(ranTask ? "so" : "and") the two runs are the same run (equal digests): \(JobReportTables.seconds(on.makespan)) each.\n\n"
                : "and the job took \(JobReportTables.seconds(speculationOff.report?.makespan)) without speculation against \(JobReportTables.seconds(on.makespan)) with it.\n\n"
            return out
        }
        let change = NumberFormat.percent(abs(slowdown))
        var out = change == NumberFormat.percent(0) ? "Without backup tasks the job took as long as with them"
            : slowdown > 0 ? "Without backup tasks the job took \(change) longer" : "Without backup tasks the job took \(change) less time"
        out += "; the original MapReduce paper measured 44 % longer on its sort benchmark with backup tasks disabled. "
        out += "A backup starts once the straggler's estimated time exceeds \(slowness)× the phase's median and a fresh copy would finish sooner, so "
        let wins = on.statistics.speculativeWins
        out += wins > 0 ? "the job ends with the faster of the two copies.\n\n"
            : "the job ends with the faster of the two copies: here \(NumberFormat.counted(backups, "backup")) started and none finished first.\n\n"
        return out
    }

    func failureSection(_ setup: MapReduceExperimentSpec) -> String {
        var out = "## Recovery after a worker failure\n\n"
        out += "The baseline job with `\(setup.failure.worker)` crashing at \(DurationFormat.seconds(setup.failure.at.seconds)) and never coming back.\n\n"
        if !measurements.crashedWorkerHeldTask {
            out += "`\(setup.failure.worker)` had started no attempt when it crashed, so it held no task and no map output: nothing was lost, detected or rescheduled. "
            out += "Makespan \(JobReportTables.seconds(failure.report?.makespan)) against \(JobReportTables.seconds(baseline.report?.makespan)) without the crash; output \(failure.outputExact ? "exact" : "**not exact**").\n\n"
            return out + "![failure timeline](failure.svg)\n\n"
        }
        var table = MarkdownTable(columns: [.text("since the crash"), .numeric("seconds")])
        table.append(["the coordinator declares the attempt lost (detection)", DurationFormat.seconds(measurements.detectionSeconds)])
        table.append(["the task's next attempt starts (rescheduling)", DurationFormat.seconds(measurements.reschedulingSeconds)])
        table.append(["the task completes again (recovery)", DurationFormat.seconds(measurements.recoverySeconds)])
        out += table.rendered() + "\n"
        if let report = failure.report {
            out += JobReportTables.recoveries(report.recoveries).rendered() + "\n"
            out += "Makespan \(JobReportTables.seconds(report.makespan)) against \(JobReportTables.seconds(baseline.report?.makespan)) without the crash; \(NumberFormat.counted(report.statistics.mapReexecutions, "finished map task")) re-executed because their output lived on the dead worker's disk; output \(failure.outputExact ? "exact" : "**not exact**").\n\n"
        }
        return out + "![failure timeline](failure.svg)\n\n"
    }

    func chaosSection(_ setup: MapReduceExperimentSpec) -> String {
        let chaos = setup.labChaos
        var out = "## Attempts and retries under the lab's faults\n\n"
        out += "The job over \((setup.labChaos.input ?? setup.input).description). "
        out += "Each attempt's worker crashes with probability \(NumberFormat.fixed(chaos.attempts.crashProbability, decimals: 3)) (and restarts) or stalls with probability \(NumberFormat.fixed(chaos.attempts.stallProbability, decimals: 3)) shortly after the attempt starts; a task may take up to \(chaos.maxAttempts) counted attempts.\n\n"
        guard let report = labChaos.report else { return out + "The job did not finish.\n\n" }
        out += JobReportTables.attempts(report.statistics).rendered() + "\n"
        out += "Status \(report.status), makespan \(JobReportTables.seconds(report.makespan)), output \(labChaos.outputExact ? "exact" : "**not exact**").\n\n"
        return out
    }

    func runsSection() -> String {
        var table = MarkdownTable(columns: [.text("run"), .text("digest"), .numeric("makespan"), .numeric("attempts"), .text("output")])
        for run in runs {
            table.append([run.label, "`\(run.run.digest)`", JobReportTables.seconds(run.report?.makespan),
                          NumberFormat.integer(run.report?.statistics.attempts ?? 0), run.outputExact ? "exact" : "**not exact**"])
        }
        return "## Runs\n\nEvery run uses the experiment's seed; equal digests mean identical runs.\n\n" + table.rendered()
    }
}
