import Reports

/// The MapReduce cluster's part: the cluster on the shared network, its jobs submitted (through the
/// balancer when asked), `mapreduce.*`, and a report section per job.
enum MapReducePart: SubsystemPart {
    static func build(in world: World) { world.buildMapReduce() }
    static func start(in world: World) { world.startJobs() }

    /// A MapReduce figure over every job: a count is the sum, a duration the longest, a boolean
    /// the conjunction; nil when some job cannot say. A refused job ran nothing, so it adds
    /// nothing to a count, a duration, a ratio or a rate (no attempts, no makespan), but it makes
    /// a boolean false (it did not succeed); one whose client gave up ran, and adds its counts. A job that ended without a duration — one that failed
    /// before its reduce phase has none — adds nothing to the longest either, nor a job that
    /// ended without an events-per-second figure (one that failed) to their mean; only a job
    /// still running, whose phase could yet be longer, leaves the longest unknown.
    static func value(of metric: MapReduceMetric, in result: RunResult) -> Double? {
        let jobs = result.jobs
        let outages = NodeOutage.of(result.timeline)
        let results = jobs.map { job in
            var measured = job.result
            measured.outages = outages
            return measured
        }
        switch metric {
        case .jobs: return Double(results.count)
        case .succeededJobs: return Double(results.filter(\.succeeded).count)
        case .failedJobs: return Double(results.filter { !$0.succeeded }.count)
        case .offsetsNotCommitted: return Double(results.filter { $0.run.report?.offsetCommitFailure != nil }.count)
        case .inputRecords:
            // A job whose input the run never counted (``MapReduceRunResult/inputUnread``) leaves the sum unknown.
            let counts = results.map { $0.value(of: .inputRecords) }
            return counts.contains(nil) ? nil : counts.reduce(0) { $0 + $1! }
        case .throughput:
            // The records of the jobs that succeeded (a failed job did not get its input through,
            // as its own `events_per_second` says), over the time every job that ran took; not
            // measured when none succeeded.
            let ran = jobs.filter { $0.result.run.rejection == nil }
            let starts = ran.compactMap(\.submittedAt)
            let ends = ran.compactMap { $0.result.run.report?.finishedAt?.seconds }
            let through = results.filter(\.succeeded)
            guard !through.isEmpty, ends.count == ran.count, let first = starts.min(), let last = ends.max(), last > first else { return nil }
            return Double(through.reduce(0) { $0 + $1.inputRecords }) / (last - first)
        default: break
        }
        guard !results.isEmpty else { return nil }
        var values: [Double] = []
        // A job whose client gave up did run: its attempts, tasks and bytes count as the report's
        // tables show them (metrics.csv read attempts 0 beside an Attempts table of 8), while its
        // durations and rates, which are the client's, stay out.
        for job in results where metric.unit == .boolean || job.run.rejection == nil || (metric.unit == .count && job.clientGaveUp) {
            guard let value = job.value(of: metric) else {
                if metric.unit == .duration || metric == .eventsPerSecond, job.run.report?.finishedAt != nil { continue }
                return nil
            }
            values.append(value)
        }
        switch metric.unit {
        case .boolean: return values.allSatisfy { $0 == 1 } ? 1 : 0
        case .duration: return values.max()
        case .ratio, .rate: return values.isEmpty ? nil : values.reduce(0, +) / Double(values.count)
        case .count: return values.reduce(0, +)
        }
    }

    static func markdown(_ result: RunResult) -> String {
        let outages = NodeOutage.of(result.timeline)
        return result.jobs.map { jobMarkdown($0, outages: outages) }.joined()
    }

    private static func jobMarkdown(_ job: RunResult.Job, outages: [NodeOutage]) -> String {
        var measured = job.result
        measured.outages = outages
        var out = "# MapReduce job \(job.id.markdownCode)\n\n"
        if let submitted = job.submittedAt {
            out += "Submitted at \(DurationFormat.seconds(submitted, grouping: true))"
            out += job.gatewayAttempts > 0 ? " through the balancer (\(job.gatewayAttempts) \(job.gatewayAttempts == 1 ? "try" : "tries")).\n\n" : ".\n\n"
        }
        out += RunResult.demoted(measured.markdown(), dropTitle: true).replacingOccurrences(of: "](timeline.svg)", with: job.result.run.report == nil ? "](timeline.svg) (the world's timeline)" : "](\(job.id)/timeline.svg)")
        if !job.outputObjects.isEmpty {
            out += "## Output objects\n\n"
            var table = MarkdownTable(columns: [.userText("object"), .numeric("bytes"), .text("ETag of the bytes"), .text("ETag stored at the end"), .text("exact")])
            // Bounded as report.json's list is (a job of 10,000 reducers writes 10,000 objects).
            let objects = ReportListBound.split(job.outputObjects)
            for object in objects.listed {
                table.append(["s3://\(object.bucket)/\(object.key)", NumberFormat.integer(object.bytes), "`\(object.expectedETag)`",
                              object.storedETag.map { "`\($0)`" } ?? "missing", object.exact ? "yes" : "**no**"])
            }
            out += table.rendered() + "\n"
            if let leftOut = objects.leftOut {
                let notExact = job.outputObjects.dropFirst(ReportListBound.most).filter { !$0.exact }.count
                out += "… and \(NumberFormat.counted(leftOut, "more object")) (report.json's `outputObjectsLeftOut`), \(NumberFormat.integer(notExact)) of them not exact.\n\n"
            }
        }
        if !job.backedUpPaths.isEmpty {
            let paths = ReportListBound.split(job.backedUpPaths)
            out += "Written to the backup host's data: " + paths.listed.map(\.markdownCode).joined(separator: ", ")
            out += paths.leftOut.map { " and \(NumberFormat.counted($0, "more path")) (report.json's `backedUpPathsLeftOut`)" } ?? ""
            out += ".\n\n"
        }
        return out
    }
}
