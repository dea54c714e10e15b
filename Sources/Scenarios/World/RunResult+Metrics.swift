extension RunResult {
    /// The figure a metric names, or nil when the run cannot say (a job that never finished, a
    /// subsystem the scenario lacks).
    public func value(of metric: Metric) -> Double? {
        switch metric.subsystem {
        case .balancer:
            return traffic?.value(of: metric)
        case .mapreduce:
            guard let known = MapReduceMetric(rawValue: metric.name) else { return nil }
            return value(of: known)
        case .log:
            guard let log, let known = LogMetric(rawValue: metric.name) else { return nil }
            switch known {
            case .produced: return Double(log.producers.reduce(0) { $0 + $1.acknowledged })
            case .records: return Double(log.topics.reduce(0) { $0 + $1.records })
            case .lost: return Double(log.lost)
            case .duplicates: return Double(log.duplicates)
            case .producerErrors: return Double(log.producers.reduce(0) { $0 + $1.errors })
            case .readByJobs: return Double(log.readByJobs)
            case .unread: return Double(max(0, log.topics.reduce(0) { $0 + $1.records } - log.readByJobs))
            }
        case .store:
            guard let known = StoreMetric(rawValue: metric.name) else { return nil }
            let objects = jobs.flatMap(\.outputObjects)
            switch known {
            case .requests: return store.map { Double($0.requests) }
            case .errors: return store.map { Double($0.requests - $0.succeeded) }
            case .serverErrors: return store.map { Double($0.injectedErrors + $0.stormErrors + $0.throttled) }
            case .throttled: return store.map { Double($0.throttled) }
            case .objects: return store.map { Double($0.objects) }
            case .bytes: return store.map { Double($0.bytes) }
            case .acknowledgedWritesLost: return Double(objects.filter(\.lost).count)
            case .outputObjects: return Double(objects.filter { $0.acknowledgedETag != nil }.count)
            case .outputObjectsExact: return Double(objects.filter(\.exact).count)
            case .operations: return (try? operations?.get()).map { Double($0.count) } ?? 0
            }
        case .backup:
            guard let backup, let known = BackupMetric(rawValue: metric.name) else { return nil }
            switch known {
            case .syncs: return Double(backup.syncs)
            case .failedSyncs: return Double(backup.failedSyncs)
            case .backups: return Double(backup.backupsCreated)
            case .backupsKept: return Double(backup.backups.filter { $0.deletedAt == nil }.count)
            case .backupsDeleted: return Double(backup.backupsDeleted)
            case .restores: return Double(backup.restores.count)
            case .restoresExact:
                return !backup.restores.isEmpty && backup.restores.allSatisfy { $0.identical && $0.failure == nil } ? 1 : 0
            case .failedRestores: return Double(backup.restores.filter { !$0.identical || $0.failure != nil }.count)
            case .jobOutputsRestored: return Double(backup.jobOutputsRestored)
            case .bytesUploaded: return Double(backup.bytesUploaded)
            }
        }
    }

    /// A MapReduce figure over every job: a count is the sum, a duration the longest, a boolean
    /// the conjunction; nil when some job cannot say.
    func value(of metric: MapReduceMetric) -> Double? {
        let results = jobs.map(\.result)
        switch metric {
        case .jobs: return Double(results.count)
        case .succeededJobs: return Double(results.filter(\.succeeded).count)
        case .failedJobs: return Double(results.filter { !$0.succeeded }.count)
        case .inputRecords: return Double(results.reduce(0) { $0 + $1.inputRecords })
        case .throughput:
            let starts = jobs.compactMap(\.submittedAt)
            let ends = results.compactMap { $0.run.report?.finishedAt?.seconds }
            guard ends.count == results.count, let first = starts.min(), let last = ends.max(), last > first else { return nil }
            return Double(results.reduce(0) { $0 + $1.inputRecords }) / (last - first)
        default: break
        }
        guard !results.isEmpty else { return nil }
        var values: [Double] = []
        for result in results {
            guard let value = result.value(of: metric) else { return nil }
            values.append(value)
        }
        switch metric.unit {
        case .boolean: return values.allSatisfy { $0 == 1 } ? 1 : 0
        case .duration: return values.max()
        case .ratio, .rate: return values.count == 1 ? values[0] : values.reduce(0, +) / Double(values.count)
        case .count: return values.reduce(0, +)
        }
    }

    /// Every metric of every subsystem present, with its value (nil when not measured), in
    /// catalog order.
    public var metrics: [(metric: Metric, value: Double?)] {
        subsystems.flatMap(\.metrics).map { ($0, value(of: $0)) }
    }
}
