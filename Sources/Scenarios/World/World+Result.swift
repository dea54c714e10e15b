import Simulator

extension World {
    /// Ground truth read from inside the world once its work is done.
    final class EndState: @unchecked Sendable {
        var topicRecords: [(name: String, records: Int, ends: [Int])] = []
        var storeUsage: ObjectStoreUsage?
        /// Each job output object's ETag at the end, by `bucket/key` compared as S3 compares keys
        /// (bytes: NFC "é" and NFD "e" + accent are two objects, not one `String`).
        var storedETags: [S3ObjectKey: String] = [:]
        var storeVersions: (listed: [RunResult.StoreFigures.StoredVersion], total: Int) = ([], 0)
        var backups: [BackupRecord] = []
        /// Where each job that never finished stood when the run stopped, by job id.
        var unfinishedJobs: [String: MapReduce.JobReport] = [:]
        var queueAudit: QueueAudit?
    }

    /// Reads the log, the store and the backup manager at the end of the run, in a task of the
    /// world (after its digest is taken: reading adds events).
    private func readEndState() -> EndState {
        let end = EndState()
        let (log, store, manager, jobs, topics) = (log, store, backupManager, jobs, scenario.log?.topics ?? [])
        let coordinator = cluster?.coordinator
        let queue = queue
        let queueGroups = queue.map { queue in scenario.queue?.groups.map { ($0.name, queue.partitions($0.targets)) } ?? [] } ?? []
        simulation.spawn("world.end") { _ in
            if let coordinator {
                for job in jobs where job.handle != nil && job.handle?.report == nil {
                    if let report = await coordinator.report(of: job.spec.id) { end.unfinishedJobs[job.spec.id] = report }
                }
            }
            if let log {
                for topic in topics {
                    let ends = (try? await log.endOffsets(of: topic.name)) ?? []
                    end.topicRecords.append((topic.name, ends.reduce(0, +), ends))
                }
            }
            if let store {
                let state = await store.state
                end.storeUsage = state.usage()
                end.storeVersions = state.reportedVersions(most: ReportListBound.most)
                for job in jobs {
                    guard let bucket = job.spec.output.bucket else { continue }
                    for object in job.outputObjects {
                        if let head = try? state.headObject(bucket: bucket, key: object.key, options: ObjectReadOptions()) {
                            end.storedETags[S3ObjectKey(bucket + "/" + object.key)] = head.eTag
                        }
                    }
                }
            }
            if let manager { end.backups = await manager.backups }
            if let queue { end.queueAudit = await QueueAudit.of(queue, groups: queueGroups) }
        }
        try? simulation.runToCompletion(timeLimit: simulation.now)
        return end
    }

    /// Everything the world measured.
    func result(failure: String?, replayCommand: String) -> RunResult {
        let digest = simulation.trace.digestHex, events = simulation.executor.eventsProcessed, virtualSeconds = simulation.now.seconds
        // What the network did with each scheduled fault, for the Failovers rows (``FaultSchedule/struck(_:)``).
        networkFaults = network.faultsWithoutEffect.outcomes(of: networkFaults)
        var traffic = scenario.subsystems.contains(.balancer) ? trafficResult(failure: failure, replayCommand: replayCommand) : nil
        // The traffic's own list (a world of the balancer alone prints it) is the network's
        // faults, listed as written (``faultList(cluster:)``).
        traffic?.faults = faultList(cluster: false)
        let end = readEndState()
        var result = RunResult(
            scenario: scenario.name, summary: scenario.summary, file: scenario.file, seed: seed, replayCommand: replayCommand,
            digest: digest, events: events, virtualSeconds: virtualSeconds, failure: failure, subsystems: scenario.subsystems,
            traffic: traffic, operations: operationOutcome,
            faults: faultList(),
            timeline: [])
        result.jobs = jobs.map { jobResult($0, failure: failure, replayCommand: replayCommand, end: end) }
        if scenario.log != nil {
            result.log = logFigures(end)
        }
        if let queue, let audit = end.queueAudit {
            result.queue = RunResult.QueueFigures(audit: audit, events: queue.controller.events, groups: scenario.queue?.groups.map(\.name) ?? [])
        }
        if let store, let section = scenario.store {
            let stats = store.stats
            result.store = RunResult.StoreFigures(
                requests: stats.requests, succeeded: stats.succeeded, rejected: stats.rejected, throttled: stats.throttled,
                injectedErrors: stats.injectedErrorCount, stormErrors: stats.stormErrors,
                objects: end.storeUsage?.currentObjects ?? 0, bytes: end.storeUsage?.currentBytes ?? 0,
                storms: section.configuration.errorStorms, unreached: stats.unreached,
                hung: stats.hung, lostInCrash: stats.lostInCrash, versions: end.storeVersions.listed, storedVersions: end.storeVersions.total)
        }
        if let manager = backupManager {
            let stats = manager.stats
            let backedUp = jobs.flatMap(\.backedUp)
            let restoredOutputs = restoredDirectories.compactMap { $0 }.reduce(0) { total, directory in
                total + backedUp.filter { directory[$0.path] == $0.bytes }.count
            }
            result.backup = RunResult.BackupFigures(
                syncs: stats.syncs, failedSyncs: stats.failedSyncs, skippedSyncs: stats.skippedSyncs, backupsCreated: stats.backupsCreated,
                failedBackups: stats.failedBackups,
                backupsDeleted: stats.backupsDeleted, bytesUploaded: stats.bytesUploaded, backups: end.backups,
                restores: restoreChecks.compactMap { $0 }, jobOutputsRestored: restoredOutputs)
        }
        result.timeline = timeline(result)
        func check(_ expectation: Expectation) -> ExpectationCheck {
            let measured = result.value(of: expectation.metric)
            return ExpectationCheck(expectation: expectation, measured: measured, runStoppedEarly: failure != nil)
        }
        result.checks = scenario.expectations.map(check)
        result.claims = scenario.claims.map { ClaimOutcome(claim: $0, checks: $0.conditions.map(check)) }
        return result
    }

    /// Every fault scheduled — the network's, the cluster's own (its crashes and restarts, its
    /// chaos, its wiped disks), the store's storms — in time order, one marked not reached when
    /// it comes after the run ended, one with a length (`for:`) once with it
    /// (``FaultSchedule/reportLines(_:end:recorded:)``). The one list of the run: report.md's `# Faults`
    /// and report.json's `faults` both print it, and no section keeps a list of its own; without
    /// `cluster`, the network's faults alone (the traffic's own list).
    ///
    /// The file's faults are paired with their ends in the order the file wrote them
    /// (``FaultSchedule/asWritten(_:)``), not in the time-ordered schedule the network applies:
    /// there a `slow s` with `factor: 1` and `for: 1s` was two faults (its level equals its
    /// undo's), and of two overlapping `slow s3 … for:` the later one lost its length and the
    /// end of it was listed as a fault of its own. Chaos draws no such faults on the network, so
    /// its draws (the same the run applied: one stream per node) are listed as drawn.
    private func faultList(cluster withCluster: Bool = true) -> [String] {
        let horizon = VirtualInstant.after(scenario.limits.timeLimit)
        var entries = FaultSchedule.asWritten(scenario.faults.entries).filter { $0.at <= horizon }
        if let chaos = scenario.faults.chaos {
            entries += FaultSchedule(chaos: chaos).timeline(seed: seed, horizon: horizon).map(FaultSchedule.Listed.init)
        }
        if withCluster {
            if cluster != nil, let section = scenario.mapreduce { entries += FaultSchedule.asWritten(section.faults) }
            entries += clusterChaosFaults.map(FaultSchedule.Listed.init)
            for storm in scenario.store?.configuration.errorStorms ?? [] {
                let at = VirtualInstant.after(storm.start)
                entries.append(.init(at: at, fault: nil, text: "\(FaultSchedule.instant(at)): \(storm.code.rawValue) storm on \(scenario.store?.id.name ?? "s3") for \(FaultSchedule.length(storm.length)) at rate \(Fault.levelText(storm.errorRate))", settled: true))
            }
        }
        let sorted = entries.enumerated().sorted { ($0.element.at, $0.offset) < ($1.element.at, $1.offset) }.map(\.element)
        return FaultSchedule.reportLines(sorted, end: simulation.now, recorded: network.faultsWithoutEffect)
    }

    private func jobResult(_ job: WorldJob, failure: String?, replayCommand: String, end: EndState) -> RunResult.Job {
        var oracleFailure: String?
        var expected: [MapReduce.Record] = []
        let oracle: InputMemo.Oracle
        if case .documents(let input) = job.spec.input {
            oracle = input.oracle(job.spec.spec.job, records: job.records)
        } else {
            do { oracle = .output(try job.spec.spec.job.reference(job.records)) } catch { oracle = .failure(String(describing: error)) }
        }
        switch oracle {
        case .output(let records): expected = records
        case .failure(let reason): oracleFailure = reason
        }
        var input = MapReduceInput()
        switch job.spec.input {
        case .documents(let documents): input = documents
        case .topic(let name, let recordsPerSplit, let group):
            // Described as the topic it reads, not as document splits it never had.
            let partitions = scenario.log?.topics.first { $0.name == name }?.partitions ?? 1
            input.log = .init(topic: name, partitions: partitions, recordsPerSplit: recordsPerSplit, group: group)
        case .objects(_, _, let splitSize): input.splitSize = splitSize
        }
        // A job that never finished still shows its attempts, counters and timeline as they stood.
        let report = job.handle?.report ?? end.unfinishedJobs[job.spec.id]
        var run = MapReduceJobRun(
            report: report, rejection: job.rejection ?? job.handle?.rejection?.description, failure: failure,
            digest: simulation.trace.digestHex, events: simulation.executor.eventsProcessed, virtualSeconds: simulation.now.seconds,
            workers: cluster?.workerIDs.map(\.name) ?? [])
        if job.rejection == nil, case .coordinatorUnreachable = job.handle?.rejection { run.clientGaveUp = true }
        let scenarioView = MapReduceScenario(
            name: job.spec.id, summary: "", file: scenario.file, seed: seed, cluster: scenario.mapreduce?.cluster ?? .init(),
            job: job.spec.spec, input: input)
        var mapReduceResult = MapReduceRunResult(
            scenario: scenarioView, seed: seed, replayCommand: replayCommand, run: run, inputRecords: job.records.count,
            inputBytes: job.inputBytes, comparison: OutputComparison(actual: report?.output?.records, expected: expected),
            oracleFailure: oracleFailure, checks: [])
        let bucket = job.spec.output.bucket ?? ""
        let outputObjects = job.outputObjects.map {
            RunResult.OutputObject(bucket: bucket, key: $0.key, bytes: $0.bytes.count, expectedETag: $0.expectedETag,
                                   acknowledgedETag: $0.acknowledgedETag, storedETag: end.storedETags[S3ObjectKey(bucket + "/" + $0.key)],
                                   puts: $0.puts, failure: $0.lastFailure)
        }
        mapReduceResult.unstoredOutput = outputObjects.compactMap(\.storageProblem)
        return RunResult.Job(
            id: job.spec.id, result: mapReduceResult, submittedAt: job.submittedAt?.seconds, gatewayAttempts: job.gatewayAttempts,
            outputObjects: outputObjects, backedUpPaths: job.backedUp.map(\.path))
    }
}
