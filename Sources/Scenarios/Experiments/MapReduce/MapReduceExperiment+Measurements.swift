import Simulator

extension MapReduceExperiment {
    /// Reads what the claims table needs out of the runs.
    static func measurements(_ setup: MapReduceExperimentSpec, baseline: MapReduceExperimentResult.Run,
                             combined: MapReduceExperimentResult.Run, uncombined: MapReduceExperimentResult.Run,
                             failure: MapReduceExperimentResult.Run, scaling: [MapReduceExperimentResult.Run],
                             mappers: [Int]) -> Seed001Measurements {
        let report = baseline.report
        let map = report?.statistics.map ?? MapReduce.MapStatistics()
        let events = Double(max(map.inputRecords, 1))
        let reduceWinners = (report?.attempts ?? []).filter { $0.task.kind == .reduce && $0.outcome == .succeeded }
        let recovery = firstRecovery(failure.report, worker: setup.failure.worker)
        let crash = VirtualInstant.after(setup.failure.at)
        let points = zip(mappers, scaling).map { count, run in
            Seed001Measurements.ScalingPoint(
                mappers: count, slots: count * setup.cluster.mapSlotsPerWorker, mapTasks: run.report?.mapTasks ?? 0,
                events: run.report?.statistics.map.inputRecords ?? 0, mapPhaseSeconds: run.report?.mapPhase?.duration.seconds ?? 0,
                makespanSeconds: run.report?.makespan?.seconds ?? 0, busySeconds: busySeconds(run.report, .map))
        }
        let policy = setup.cluster.policy
        return Seed001Measurements(
            workers: setup.cluster.workers, mapSlotsPerWorker: setup.cluster.mapSlotsPerWorker, reduceTasks: setup.job.reducers,
            mapTasks: report?.mapTasks ?? 0, reduceSlotsPerWorker: setup.cluster.reduceSlotsPerWorker,
            peakConcurrentMaps: peakConcurrency(report, .map), peakConcurrentReduces: peakConcurrency(report, .reduce),
            meanReduceTaskSeconds: meanWinningDuration(report, .reduce),
            reduceWorkers: reduceWinners.reduce(into: [NodeID]()) { if !$0.contains($1.worker) { $0.append($1.worker) } }.count,
            scaling: points, cost: setup.cluster.cost,
            bytesPerEvent: Double(map.inputBytes) / events, emittedPerEvent: Double(map.emittedRecords) / events,
            outputBytesPerEvent: Double(map.outputBytes) / events,
            meanMapTaskSeconds: meanWinningDuration(report, .map), eventsPerMapTask: Double(map.inputRecords) / Double(max(report?.mapTasks ?? 1, 1)),
            detectionSeconds: recovery.map { crash.duration(to: $0.detectedAt).seconds },
            reschedulingSeconds: recovery?.rescheduledAt.map { crash.duration(to: $0).seconds },
            recoverySeconds: recovery?.recoveredAt.map { crash.duration(to: $0).seconds },
            heartbeatSeconds: policy.heartbeatInterval.seconds, workerTimeoutSeconds: policy.workerTimeout.seconds,
            monitorSeconds: policy.monitorInterval.seconds,
            shuffledBytesWithCombiner: combined.report?.statistics.shuffledBytes ?? 0,
            shuffledBytesWithoutCombiner: uncombined.report?.statistics.shuffledBytes ?? 0,
            emittedRecords: combined.report?.statistics.map.emittedRecords ?? 0,
            combinedRecords: combined.report?.statistics.map.outputRecords ?? 0,
            combinerMapTasks: combined.report?.mapTasks ?? 0,
            events: map.inputRecords, makespanSeconds: report?.makespan?.seconds ?? 0,
            firstAssignmentSeconds: report.flatMap { report in report.startedAt.map { report.submittedAt.duration(to: $0).seconds } } ?? 0,
            mapPhaseSeconds: report?.mapPhase?.duration.seconds ?? 0, reducePhaseSeconds: report?.reducePhase?.duration.seconds ?? 0,
            crashedWorker: setup.failure.worker.description, crashSeconds: setup.failure.at.seconds,
            crashedWorkerHeldTask: failure.report.map { report in report.attempts.contains { $0.worker == setup.failure.worker && $0.start <= crash } } ?? true,
            lostAttemptOutcome: recovery?.outcome, lastProgressBeforeCrashSeconds: recovery.map { $0.lastProgressAt.duration(to: crash).seconds },
            taskTimeoutSeconds: policy.taskTimeout.seconds, backoffSeconds: policy.backoffBase.seconds)
    }

    /// The mean duration of the winning attempts of `kind`, in seconds.
    static func meanWinningDuration(_ report: MapReduce.JobReport?, _ kind: MapReduce.TaskKind) -> Double {
        let winners = (report?.attempts ?? []).filter { $0.task.kind == kind && $0.outcome == .succeeded }
        return winners.isEmpty ? 0 : winners.reduce(0) { $0 + ($1.duration?.seconds ?? 0) } / Double(winners.count)
    }

    /// The first recovery, by detection time, of an attempt that ran on `worker`.
    static func firstRecovery(_ report: MapReduce.JobReport?, worker: NodeID) -> MapReduce.Recovery? {
        guard let report else { return nil }
        let onWorker = Set(report.attempts.filter { $0.worker == worker }.map(\.number))
        return report.recoveries.filter { onWorker.contains($0.attempt) }.min { ($0.detectedAt, $0.attempt) < ($1.detectedAt, $1.attempt) }
    }

    /// Seconds of slot time the attempts of `kind` took, every attempt counted (an attempt still
    /// running at the end counts up to the job's end).
    static func busySeconds(_ report: MapReduce.JobReport?, _ kind: MapReduce.TaskKind) -> Double {
        guard let report else { return 0 }
        return report.attempts.filter { $0.task.kind == kind }.reduce(0) { total, attempt in
            total + attempt.start.duration(to: attempt.end ?? report.finishedAt ?? attempt.start).seconds
        }
    }

    /// The most attempts of `kind` running at one instant: a sweep over starts and ends, an end
    /// counted before a start at the same instant (a slot handed straight on is not two tasks).
    static func peakConcurrency(_ report: MapReduce.JobReport?, _ kind: MapReduce.TaskKind) -> Int {
        guard let report else { return 0 }
        var edges: [(at: VirtualInstant, change: Int)] = []
        for attempt in report.attempts where attempt.task.kind == kind {
            edges.append((attempt.start, 1))
            edges.append((attempt.end ?? report.finishedAt ?? attempt.start, -1))
        }
        edges.sort { ($0.at, $0.change) < ($1.at, $1.change) }
        var running = 0, peak = 0
        for edge in edges {
            running += edge.change
            peak = max(peak, running)
        }
        return peak
    }
}
