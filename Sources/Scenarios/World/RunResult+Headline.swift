import Reports

extension RunResult {
    /// The figures of the run's one-line verdict, in this order: the traffic's (`traffic`, which
    /// the caller words, since only the file knows whether it has a workload), the jobs exact
    /// (and those whose group's offsets were not committed), the backups, the explicit operations answered, the queue's; then the log's whenever the
    /// world has a log and no job (a job reading it says what it read), and the store's when
    /// nothing before it said anything.
    public func headlineFigures(traffic: String?) -> [String] {
        var figures = traffic.map { [$0] } ?? []
        if !jobs.isEmpty {
            figures.append("\(jobs.filter { $0.result.outputExact }.count)/\(jobs.count) jobs exact")
            // A job whose group's offsets could not be committed succeeded, but its group's next
            // run reads the same records again: the verdict says so, not only report.md.
            let uncommitted = Int(MapReducePart.value(of: .offsetsNotCommitted, in: self) ?? 0)
            if uncommitted > 0 { figures.append("offsets not committed for \(NumberFormat.counted(uncommitted, "job"))") }
        }
        if let backupHeadline { figures.append(backupHeadline) }
        if case .success(let outcomes) = operations { figures.append("\(NumberFormat.counted(outcomes.count, "operation")) answered") }
        if let queueHeadline { figures.append(queueHeadline) }
        let saidNothing = figures.isEmpty
        // A log beside a queue or a store operation printed only their figures: its own are added
        // whatever else the world has, unless jobs read it.
        if jobs.isEmpty, let logHeadline { figures.append(logHeadline) }
        if saidNothing, let storeHeadline { figures.append(storeHeadline) }
        return figures
    }

    /// The backup manager's figure for the verdict: backups created (and abandoned, if any), and
    /// the restores exact of those performed — left out in a world with no restore, where it read
    /// "0/0 restores exact".
    public var backupHeadline: String? {
        guard let backup else { return nil }
        var text = NumberFormat.counted(backup.backupsCreated, "backup")
        if backup.failedBackups > 0 { text += " (\(backup.failedBackups) failed)" }
        if !backup.restores.isEmpty {
            // A restore of an empty backup is identical to what it held, and shows nothing restored.
            let exact = backup.restores.filter { $0.identical && $0.failure == nil }
            let empty = exact.filter(BackupPart.isEmptyAndIdentical).count
            text += ", \(exact.count)/\(backup.restores.count) restores exact" + (empty > 0 ? " (\(empty) of an empty backup)" : "")
        }
        return text
    }

    /// The queue's figure for the run's one-line verdict, from its `queue.*` metrics: messages
    /// acknowledged of those sent, acknowledged ones lost, and records a group was never handed.
    /// A world with a queue alone printed nothing after its verdict's colon.
    public var queueHeadline: String? {
        guard queue != nil else { return nil }
        func count(_ metric: QueueMetric) -> Int { Int(value(of: metric.metric) ?? 0) }
        let delivery = value(of: QueueMetric.undelivered.metric).map { "\(NumberFormat.integer(Int($0))) never delivered" }
            ?? "its records unread (no consumers)"
        return "\(NumberFormat.integer(count(.acknowledged)))/\(NumberFormat.counted(count(.sent), "message")) acknowledged, \(NumberFormat.integer(count(.lostAcknowledged))) of them lost, \(delivery)"
    }

    /// The store's figure for the verdict: the requests sent to it and those not answered 2xx, for
    /// a world whose other figures say nothing of it (no job and no completed operations).
    public var storeHeadline: String? {
        guard store != nil else { return nil }
        func count(_ metric: StoreMetric) -> Int { Int(value(of: metric.metric) ?? 0) }
        return "\(NumberFormat.counted(count(.requests), "store request")), \(NumberFormat.integer(count(.errors))) not answered 2xx"
    }

    /// The log's figure for the verdict, from its `log.*` metrics as its report section gives them:
    /// records the producers had acknowledged, how many of those the log lost, and how many the
    /// jobs reading a topic read. For a world whose other figures say nothing of it (no job): a
    /// world with a log alone printed nothing after its verdict's colon.
    public var logHeadline: String? {
        guard log != nil else { return nil }
        func count(_ metric: LogMetric) -> Int { Int(value(of: metric.metric) ?? 0) }
        return "\(NumberFormat.counted(count(.produced), "record")) acknowledged, \(NumberFormat.integer(count(.lost))) of them lost, \(NumberFormat.integer(count(.readByJobs))) read by jobs"
    }
}
