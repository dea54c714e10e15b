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
        if let report = baseline.report { bundle.add("mapreduce/attempts.csv", JobReportTables.attemptsCSV(report)) }
        if let chart = timelineChart() { bundle.add("mapreduce/timeline.svg", chart.svg()) }
        bundle.add("mapreduce/scaling.svg", scalingChart(setup.claims).svg())
        bundle.add("mapreduce/shuffle.svg", shuffleChart().svg())
        bundle.add("mapreduce/speculation.svg", speculationChart(setup).svg())
        if let chart = failureChart(setup) { bundle.add("mapreduce/failure.svg", chart.svg()) }
        return bundle
    }

    func claimsCSV() -> String {
        var table = CSVTable(header: ["claim", "claimed", "simulated", "criterion", "holds", "why"])
        for row in claims { table.append([row.claim, row.claimed, row.simulated, row.criterion, row.holds ? "true" : "false", row.why]) }
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
        struct Claim: Encodable { var claim: String, claimed: String, simulated: String, criterion: String, holds: Bool, why: String }
        struct Run: Encodable {
            var label: String, digest: String, status: String?, makespanSeconds: Double?, attempts: Int?, retries: Int?
            var speculativeAttempts: Int?, speculativeWins: Int?, lostAttempts: Int?, timedOutAttempts: Int?, mapReexecutions: Int?
            var bytesShuffled: Int?, outputExact: Bool
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
            claims: claims.map { .init(claim: $0.claim, claimed: $0.claimed, simulated: $0.simulated, criterion: $0.criterion, holds: $0.holds, why: $0.why) },
            runs: runs.map {
                let statistics = $0.report?.statistics
                return .init(label: $0.label, digest: $0.run.digest, status: $0.report?.status.description, makespanSeconds: $0.report?.makespan?.seconds,
                             attempts: statistics?.attempts, retries: statistics?.retries, speculativeAttempts: statistics?.speculativeAttempts,
                             speculativeWins: statistics?.speculativeWins, lostAttempts: statistics?.lostAttempts,
                             timedOutAttempts: statistics?.timedOutAttempts, mapReexecutions: statistics?.mapReexecutions,
                             bytesShuffled: statistics?.shuffledBytes, outputExact: $0.outputExact)
            },
            scaling: m.scaling.map { .init(mappers: $0.mappers, mapTasks: $0.mapTasks, events: $0.events, mapPhaseSeconds: $0.mapPhaseSeconds,
                                           eventsPerSecond: $0.eventsPerSecond, busySlotSeconds: $0.busySeconds, utilisation: $0.utilisation,
                                           makespanSeconds: $0.makespanSeconds) },
            slowdownWithoutSpeculation: slowdownWithoutSpeculation,
            detectionSeconds: m.detectionSeconds, reschedulingSeconds: m.reschedulingSeconds, recoverySeconds: m.recoverySeconds,
            shuffledBytesWithCombiner: m.shuffledBytesWithCombiner, shuffledBytesWithoutCombiner: m.shuffledBytesWithoutCombiner,
            seedStudy: seedStudy.document))
    }
}
