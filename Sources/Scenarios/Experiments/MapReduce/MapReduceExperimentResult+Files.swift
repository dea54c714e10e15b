import Reports
import Simulator

extension MapReduceExperimentResult {
    /// `results/mapreduce/`: the report, its figures as JSON, the tables as CSV, and the charts.
    func bundle(spec: MapReduceExperimentSpec) -> ReportBundle {
        let setup = spec
        var bundle = ReportBundle()
        bundle.add("mapreduce/report.md", markdown(spec: spec))
        bundle.add("mapreduce/report.json", json(spec: spec))
        bundle.add("mapreduce/claims.csv", claimsCSV())
        bundle.add("mapreduce/scaling.csv", scalingCSV())
        bundle.add("mapreduce/runs.csv", runsCSV())
        bundle.add("mapreduce/seeds.csv", SeedStudy.csv(seedStudy.figures))
        bundle.add("mapreduce/attempts.csv", attemptsCSV())
        if let chart = timelineChart() { bundle.add("mapreduce/timeline.svg", chart.svg()) }
        bundle.add("mapreduce/scaling.svg", scalingChart(setup.claims).svg())
        bundle.add("mapreduce/shuffle.svg", shuffleChart().svg())
        bundle.add("mapreduce/speculation.svg", speculationChart(setup).svg())
        if let chart = failureChart(setup) { bundle.add("mapreduce/failure.svg", chart.svg()) }
        return bundle
    }

    /// One row per claim; `holds` is empty for a claim the run did not measure (it read `false`
    /// beside report.md's "not measured"), as report.json's is `null`, and for one the file's
    /// settings leave not tested as stated (its `why` opens with those settings).
    func claimsCSV() -> String {
        var table = CSVTable(header: ["claim", "claimed", "simulated", "criterion", "holds", "why"])
        for row in claims { table.append([row.claim, row.claimed, row.simulated, row.criterion, row.measuredHolds.map { $0 ? "true" : "false" } ?? "", row.why]) }
        return table.rendered()
    }

    func scalingCSV() -> String {
        var table = CSVTable(header: ["mappers", "map_tasks", "events", "map_phase_s", "events_per_s", "efficiency", "busy_slot_s", "utilisation",
                                      "events_per_busy_slot_s", "makespan_s", "output_exact"])
        for (point, run) in zip(measurements.scaling, scalingRuns) {
            table.append([String(point.mappers), String(point.mapTasks), String(point.events), NumberFormat.fixed(point.mapPhaseSeconds, decimals: 6),
                          NumberFormat.fixed(point.eventsPerSecond, decimals: 1), NumberFormat.fixed(measurements.efficiency(point.mappers) ?? 0, decimals: 4),
                          NumberFormat.fixed(point.busySeconds, decimals: 6), NumberFormat.fixed(point.utilisation, decimals: 4),
                          NumberFormat.fixed(point.eventsPerBusySecond, decimals: 1), NumberFormat.fixed(point.makespanSeconds, decimals: 6),
                          run.outputExact ? "true" : "false"])
        }
        return table.rendered()
    }

    /// Every attempt of every run, in report order, each row opening with its run's label as
    /// runs.csv's `run` does: report.json leaves them out (they were 87 % of its 502 KB).
    func attemptsCSV() -> String {
        var table = CSVTable(header: ["run"] + JobReportTables.attemptColumns)
        for run in runs {
            for attempt in run.report?.attempts ?? [] { table.append([run.label] + JobReportTables.attemptCells(JobAttemptRow(attempt))) }
        }
        return table.rendered()
    }

    func runsCSV() -> String {
        var table = CSVTable(header: ["run", "digest", "status", "makespan_s", "attempts", "retries", "speculative_attempts", "speculative_wins",
                                      "lost_attempts", "timed_out_attempts", "map_reexecutions", "bytes_shuffled", "output_exact"])
        for run in runs {
            let report = run.report
            let statistics = report?.statistics
            table.append([run.label, run.run.digest, report?.status.description ?? "did not finish",
                          report?.makespan.map { NumberFormat.fixed($0.seconds, decimals: 6) } ?? "",
                          String(statistics?.attempts ?? 0), String(statistics?.retries ?? 0), String(statistics?.speculativeAttempts ?? 0),
                          String(statistics?.speculativeWins ?? 0), String(statistics?.lostAttempts ?? 0), String(statistics?.timedOutAttempts ?? 0),
                          String(statistics?.mapReexecutions ?? 0), String(statistics?.shuffledBytes ?? 0), run.outputExact ? "true" : "false"])
        }
        return table.rendered()
    }

    private struct Document: Encodable {
        /// `holds` is `null` and `measured` false for a claim the run did not measure; `holds` is
        /// `null` too for a claim the file's settings leave untested, and `notTestedAsStated`
        /// names those settings (`worker_timeout 5.000 s (the claim: 15 s)`), left out otherwise.
        struct Claim: Encodable {
            var claim: String, claimed: String, simulated: String, criterion: String, measured: Bool, holds: Nullable<Bool>, why: String
            var notTestedAsStated: [String]?
        }
        /// One run: its label, digest and oracle verdict, then — at the same level, when the job
        /// ran — its job's report as a composed world's report.json gives it
        /// (``MapReduce/JobReport/Document``: one implementation of a job's figures), its
        /// recoveries included and its attempts left to attempts.csv (``attemptsCSV()``).
        struct Run: Encodable {
            var label: String
            var digest: String
            var outputExact: Bool
            var report: MapReduce.JobReport.Document?

            private enum Keys: String, CodingKey { case label, digest, outputExact }

            func encode(to encoder: any Encoder) throws {
                try report?.encode(to: encoder)
                var container = encoder.container(keyedBy: Keys.self)
                try container.encode(label, forKey: .label)
                try container.encode(digest, forKey: .digest)
                try container.encode(outputExact, forKey: .outputExact)
            }
        }
        struct Point: Encodable {
            var mappers: Int, mapTasks: Int, events: Int, mapPhaseSeconds: Double, eventsPerSecond: Double, busySlotSeconds: Double
            var utilisation: Double, makespanSeconds: Double
        }
        var schema = "orrery.mapreduce-experiment/1"
        var seed: UInt64
        var digest: String
        var claims: [Claim]
        var runs: [Run]
        var scaling: [Point]
        var slowdownWithoutSpeculation: Double?
        var detectionSeconds: Double?, reschedulingSeconds: Double?, recoverySeconds: Double?
        var shuffledBytesWithCombiner: Int, shuffledBytesWithoutCombiner: Int
        var seedStudy: MapReduceSeedStudy.Document
    }

    func json(spec: MapReduceExperimentSpec) -> String {
        let m = measurements
        return JSONReport.encode(Document(
            seed: spec.seed, digest: baseline.run.digest,
            claims: claims.map { .init(claim: $0.claim, claimed: $0.claimed, simulated: $0.simulated, criterion: $0.criterion,
                                       measured: $0.measured, holds: Nullable($0.measuredHolds), why: $0.why,
                                       notTestedAsStated: $0.changedSettings.isEmpty ? nil : $0.changedSettings.map(\.named)) },
            // The experiment has no coordinator outages: its recoveries read their own times, as report.md's table does.
            runs: runs.map { .init(label: $0.label, digest: $0.run.digest, outputExact: $0.outputExact,
                                   report: $0.report?.document(recoveryFigures: [], listingAttempts: false)) },
            scaling: m.scaling.map { .init(mappers: $0.mappers, mapTasks: $0.mapTasks, events: $0.events, mapPhaseSeconds: $0.mapPhaseSeconds,
                                           eventsPerSecond: $0.eventsPerSecond, busySlotSeconds: $0.busySeconds, utilisation: $0.utilisation,
                                           makespanSeconds: $0.makespanSeconds) },
            slowdownWithoutSpeculation: slowdownWithoutSpeculation,
            detectionSeconds: m.detectionSeconds, reschedulingSeconds: m.reschedulingSeconds, recoverySeconds: m.recoverySeconds,
            shuffledBytesWithCombiner: m.shuffledBytesWithCombiner, shuffledBytesWithoutCombiner: m.shuffledBytesWithoutCombiner,
            seedStudy: seedStudy.document))
    }
}
