extension MapReduce.Worker {
    /// Starts an assigned attempt as a task of its own, or refuses it when no slot of its kind is
    /// free (the bound on concurrent tasks is the worker's backpressure).
    func start(_ assignment: MapReduce.Assignment) {
        let startedIn = epoch
        guard freeSlots(assignment.task.kind) > 0 else {
            let report = MapReduce.TaskReport(worker: id, incarnation: node.incarnation, jobID: assignment.jobID,
                                              attempt: assignment.attempt, result: .failed(.rejected),
                                              freeMapSlots: freeSlots(.map), freeReduceSlots: freeSlots(.reduce),
                mapSlots: configuration.mapSlotsPerWorker, reduceSlots: configuration.reduceSlotsPerWorker)
            simulation.spawn("\(id.name)/refuse#\(assignment.attempt)", daemon: true) { _ in
                await self.deliver(report, startedIn: startedIn)
            }
            return
        }
        running[assignment.attempt] = RunningAttempt(kind: assignment.task.kind, jobID: assignment.jobID,
                                                     name: "\(assignment.jobID)/\(assignment.task)#\(assignment.attempt)", startedAt: simulation.now)
        simulation.observeGauge(.mapreduce, id.name, "running attempts", Double(running.count))
        configuration.attemptChaos?.strike(id, network: network, random: &chaosRandom)
        simulation.trace.record(assignment.task.kind == .map ? .mapStart : .reduceStart, id.name,
                                "\(assignment.jobID)/\(assignment.task)#\(assignment.attempt)")
        simulation.spawn("\(id.name)/\(assignment.jobID)/\(assignment.task)#\(assignment.attempt)", daemon: true) { _ in
            await self.run(assignment, startedIn: startedIn)
        }
    }

    /// Runs one attempt to its end and reports the result, unless the worker crashed or the
    /// coordinator told it to stop in the meantime.
    func run(_ assignment: MapReduce.Assignment, startedIn: UInt64) async {
        let result = assignment.task.kind == .map
            ? await runMap(assignment, startedIn: startedIn)
            : await runReduce(assignment, startedIn: startedIn)
        guard let result, isCurrent(assignment.attempt, startedIn) else { return }
        endRunning(assignment.attempt, outcome: result.observedOutcome)
        let report = MapReduce.TaskReport(worker: id, incarnation: node.incarnation, jobID: assignment.jobID,
                                          attempt: assignment.attempt, result: result,
                                          freeMapSlots: freeSlots(.map), freeReduceSlots: freeSlots(.reduce),
                mapSlots: configuration.mapSlotsPerWorker, reduceSlots: configuration.reduceSlotsPerWorker)
        await deliver(report, startedIn: startedIn)
    }

    /// Reads the split, runs the real map, charges its virtual time, and writes the output to the
    /// local disk or the shuffle store. Nil when the attempt was abandoned.
    func runMap(_ assignment: MapReduce.Assignment, startedIn: UInt64) async -> MapReduce.TaskResult? {
        let attempt = assignment.attempt
        guard let split = assignment.split else { return .failed(.jobError("map task without a split")) }
        var input = MapReduce.MapInput(split: split)
        var inputBytes = split.knownByteCount
        if case .log(let topic, let partition, let offsets) = split {
            guard let log else { return .failed(.inputUnavailable("the cluster has no log")) }
            input = MapReduce.MapInput(document: UInt32(partition), reservingLines: offsets.count)
            var next = offsets.lowerBound
            while next < offsets.upperBound {
                guard await waitUntilUp(attempt, startedIn) else { return nil }
                let (from, count) = (next, min(1000, offsets.upperBound - next))
                let batch: LogValues
                do {
                    batch = try await network.callLog(from: id, log: log, timeout: configuration.callTimeout) { log throws(LogError) in
                        try log.readContiguousValues(topic: topic, partition: partition, from: from, maxRecords: count)
                    }
                } catch {
                    return .failed(.inputUnavailable(error.explanation(within: configuration.callTimeout)))
                }
                guard !batch.isEmpty else { return .failed(.inputUnavailable("no records at \(topic)/\(partition)@\(next)")) }
                // Each value and the line end its record stands for.
                let bytes = batch.bytes.count + batch.count
                input.append(batch)
                inputBytes += bytes
                next += batch.count
                let done = 0.05 * Double(next - offsets.lowerBound) / Double(offsets.count)
                guard await work(configuration.cost.transferTime(bytes: bytes), cpu: false, attempt, startedIn,
                                 progress: done...done) else { return nil }
            }
        }
        let output: MapReduce.MapTaskOutput
        do {
            output = try assignment.job.runMapTask(input: input, inputBytes: inputBytes,
                                                   reducers: assignment.reducers, combining: assignment.combining)
        } catch {
            return .failed(.jobError(String(describing: error)))
        }
        // Progress is weighted by time: reading a log range is ~5 %, writing to the store ~5 %.
        let cpuStart: Double = if case .log = split { 0.05 } else { 0 }
        let cpuEnd: Double = if case .shuffleStore = configuration.shuffle { 0.95 } else { 1 }
        guard await work(configuration.cost.mapTime(output.statistics), cpu: true, attempt, startedIn,
                         progress: cpuStart...cpuEnd) else { return nil }
        let sizes = output.partitions.map(\.count)
        guard case .shuffleStore(let ttl) = configuration.shuffle else {
            disk[attempt] = DiskEntry(jobID: assignment.jobID, partitions: output.partitions)
            return .mapped(output.statistics, partitionBytes: sizes, inShuffleStore: false)
        }
        guard let store else { return .failed(.storeUnavailable("the cluster has no shuffle store")) }
        for (partition, bytes) in output.partitions.enumerated() {
            let progress = 0.95 + 0.05 * Double(partition + 1) / Double(sizes.count)
            guard await work(configuration.cost.transferTime(bytes: bytes.count), cpu: false, attempt, startedIn,
                             progress: progress...progress) else { return nil }
            let key = MapReduce.ShuffleStore.key(jobID: assignment.jobID, attempt: attempt, partition: partition)
            do {
                try await network.call(from: id, to: store.id, timeout: configuration.callTimeout) {
                    await store.put(key, bytes, ttl: ttl)
                }
            } catch {
                return .failed(.storeUnavailable(error.explanation(of: "the shuffle store", within: configuration.callTimeout)))
            }
            guard isCurrent(attempt, startedIn) else { return nil }
        }
        return .mapped(output.statistics, partitionBytes: sizes, inShuffleStore: true)
    }

    /// Fetches this reduce partition from every map output (see ``shuffle(_:startedIn:)``), runs
    /// the real reduce and charges its virtual time. Nil when the attempt was abandoned.
    func runReduce(_ assignment: MapReduce.Assignment, startedIn: UInt64) async -> MapReduce.TaskResult? {
        let attempt = assignment.attempt
        guard let shuffled = await shuffle(assignment, startedIn: startedIn) else { return nil }
        let output: MapReduce.ReduceTaskOutput
        do {
            output = try assignment.job.runReduceTask(buffers: shuffled.buffers)
        } catch {
            return .failed(.jobError(String(describing: error)))
        }
        // Hadoop's sort and reduce phases, paid as one stretch of work (its slices fall where
        // they would for one phase), each a third of the attempt's progress.
        let total = configuration.cost.reduceTime(records: output.inputRecords, keys: output.keys)
        let merge = configuration.cost.mergeTime(records: output.inputRecords).nanoseconds
        guard await work(total, cpu: true, attempt, startedIn, progressAfter: { done in
            MapReduce.ReduceProgress.afterCopy(done: done, merge: merge, total: total.nanoseconds)
        }, final: 1) else { return nil }
        return .reduced(output, fetchedBytes: shuffled.fetchedBytes)
    }
}

extension MapReduce.Worker {
    /// Shows a finished shuffle fetch (synchronous: nothing added to the reduce attempt's async frame).
    func observeFetch(_ outcome: Result<MapReduce.Bytes, FetchFailure>, of partition: Int, from location: MapReduce.MapOutputLocation,
                      jobID: String, startedAt start: VirtualInstant) {
        guard simulation.observer != nil else { return }
        let bytes = if case .success(let fetched) = outcome { fetched.count } else { -1 }
        simulation.observeSpan(.mapreduce, id.name, "fetch", from: start,
                               detail: "\(jobID)/map-\(location.mapIndex)#\(location.attempt) partition \(partition) from \(location.inShuffleStore ? "shuffle store" : location.worker.name)",
                               outcome: bytes < 0 ? "failed" : "ok", value: Int64(max(bytes, 0)))
    }

    /// Takes `attempt` off the running list and shows its span, from its start to now.
    func endRunning(_ attempt: Int, outcome: @autoclosure () -> String) {
        guard let ended = running.removeValue(forKey: attempt) else { return }
        simulation.observeSpan(.mapreduce, id.name, ended.kind == .map ? "map attempt" : "reduce attempt", from: ended.startedAt,
                               detail: ended.name, outcome: outcome())
        simulation.observeGauge(.mapreduce, id.name, "running attempts", Double(running.count))
    }
}

extension MapReduce.TaskResult {
    /// The result as a timeline shows it.
    var observedOutcome: String {
        switch self {
        case .mapped: return "mapped"
        case .reduced: return "reduced"
        case .failed(.jobError(let message)): return "failed: \(message)"
        // The coordinator counts an unreadable input as the task's failure (as Hadoop's), the
        // others as lost.
        case .failed(.inputUnavailable(let reason)): return "failed: input unavailable: \(reason)"
        case .failed(.storeUnavailable(let reason)): return "failed: shuffle store unavailable: \(reason)"
        case .failed(.rejected): return "lost: no free slot"
        }
    }
}
