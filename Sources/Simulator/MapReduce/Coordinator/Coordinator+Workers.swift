extension MapReduce.Coordinator {
    typealias Directives = MapReduce.Directives

    /// Handles a worker's heartbeat: notes that it lives (and whether it restarted), records the
    /// progress of its attempts, and answers with new work, attempts to stop and jobs to clean up.
    func heartbeat(_ heartbeat: MapReduce.Heartbeat) -> Directives {
        noteAlive(heartbeat.worker, incarnation: heartbeat.incarnation)
        var directives = Directives()
        // Slots the worker counted as busy that this answer frees: it stops the attempts in
        // `abort` before it starts the assignments (``Worker/carryOut(_:)``).
        var freed = RunningAttempts()
        func abort(_ number: Int, kind: MapReduce.TaskKind?) {
            directives.abort.append(number)
            if kind == .map { freed.map += 1 } else if kind == .reduce { freed.reduce += 1 }
        }
        for status in heartbeat.running {
            guard let jobID = jobOfAttempt[status.attempt], let index = jobs.index(forKey: jobID),
                  let attempt = readJob(at: index, { $0.status.isFinished ? nil : $0.attempts[status.attempt] }),
                  attempt.worker == heartbeat.worker else {
                abort(status.attempt, kind: kindOfAttempt(status.attempt))
                continue
            }
            // Progress counts while the attempt runs: one declared lost or timed out keeps the
            // progress it was judged by (its recovery's "last progress" precedes its detection).
            // A timed-out attempt is stopped like a killed one, as Hadoop's TA_TIMED_OUT cleans up
            // its container, and so is one declared lost with this worker, which is back: their
            // slots free in this very answer, for the tasks' retries (``isAborted``).
            if attempt.outcome.isAborted {
                abort(status.attempt, kind: attempt.task.kind)
            } else if attempt.outcome == .running, status.progress > attempt.progress {
                jobs[jobID]!.attempts[status.attempt]!.progress = status.progress
                jobs[jobID]!.attempts[status.attempt]!.lastProgressAt = simulation.now
            }
        }
        directives.assignments = assign(to: heartbeat.worker, incarnation: heartbeat.incarnation,
                                        freeMapSlots: free(.map, on: heartbeat.worker, reported: heartbeat.freeMapSlots + freed.map, slots: heartbeat.mapSlots),
                                        freeReduceSlots: free(.reduce, on: heartbeat.worker, reported: heartbeat.freeReduceSlots + freed.reduce, slots: heartbeat.reduceSlots))
        directives.finishedJobs = finishedJobIDs
        return directives
    }

    /// The kind of attempt `number`, if the coordinator knows its job (an attempt of this
    /// coordinator's numbering always has one).
    private func kindOfAttempt(_ number: Int) -> MapReduce.TaskKind? {
        guard let jobID = jobOfAttempt[number], let index = jobs.index(forKey: jobID) else { return nil }
        return readJob(at: index) { $0.attempts[number]?.task.kind }
    }

    /// Handles a worker's report that an attempt ended, then gives the worker new work at once
    /// (without waiting for its next heartbeat).
    func receive(_ report: MapReduce.TaskReport) -> Directives {
        noteAlive(report.worker, incarnation: report.incarnation)
        if let attempt = openAttempt(of: report) {
            switch report.result {
            case .mapped(let statistics, let partitionBytes, let inStore):
                let location = MapReduce.MapOutputLocation(
                    mapIndex: attempt.task.index, worker: report.worker, attempt: report.attempt,
                    incarnation: report.incarnation, inShuffleStore: inStore, partitionBytes: partitionBytes)
                completeMap(attempt, of: report.jobID, location: location, statistics: statistics)
            case .reduced(let output, let fetchedBytes):
                completeReduce(attempt, of: report.jobID, output: output, fetchedBytes: fetchedBytes)
            case .failed(let failure):
                fail(attempt, of: report.jobID, failure)
            }
        }
        var directives = Directives()
        directives.assignments = assign(to: report.worker, incarnation: report.incarnation,
                                        freeMapSlots: free(.map, on: report.worker, reported: report.freeMapSlots, slots: report.mapSlots),
                                        freeReduceSlots: free(.reduce, on: report.worker, reported: report.freeReduceSlots, slots: report.reduceSlots))
        directives.finishedJobs = finishedJobIDs
        return directives
    }

    /// The attempt `report` ends, while it is open: its job has not finished, and it is the one
    /// this worker's process ran and has not succeeded, been set aside as a duplicate, failed,
    /// been judged again after it completed (a completed map failed or killed retroactively:
    /// ``MapReduce/Attempt/rejudgement``), been killed by a coordinator restart or timed out
    /// (both aborted: Hadoop's killed container never reports, and a late `done` of an attempt
    /// it timed out is not taken) or answered late already. A report sent again
    /// after a lost answer finds its attempt already settled and gets nil. Read in place: a copy
    /// of the job's state held while the attempt completed made the completion copy every task's
    /// record.
    private func openAttempt(of report: MapReduce.TaskReport) -> MapReduce.Attempt? {
        guard let index = jobs.index(forKey: report.jobID) else { return nil }
        return readJob(at: index) { state in
            guard !state.status.isFinished, let attempt = state.attempts[report.attempt],
                  attempt.worker == report.worker, attempt.incarnation == report.incarnation,
                  attempt.outcome != .succeeded, attempt.outcome != .duplicate, attempt.lateAnswer == nil, attempt.rejudgement == nil,
                  attempt.outcome != MapReduce.AttemptOutcome.coordinatorRestarted, attempt.outcome != .timedOut else { return nil }
            if case .failed = attempt.outcome { return nil }
            return attempt
        }
    }

    /// The slots of `kind` free on `worker` as far as both sides know: what the worker reported,
    /// less the attempts assigned to it that it had not started when it reported (their
    /// assignment was still on its way). Without this, two answers crossing on the network would
    /// hand the same worker more tasks than it has slots.
    func free(_ kind: MapReduce.TaskKind, on worker: NodeID, reported: Int, slots: Int) -> Int {
        let assigned = runningOnWorker[worker].map { kind == .map ? $0.map : $0.reduce } ?? 0
        return max(0, min(reported, slots - assigned))
    }

    /// Counts an attempt of `kind` that starts (`change` 1) or stops running (-1) on `worker`.
    /// A worker running nothing has no entry: while no job runs, the table is empty and a
    /// heartbeat's lookup hashes nothing.
    func noteRunning(_ kind: MapReduce.TaskKind, on worker: NodeID, change: Int) {
        var running = runningOnWorker[worker] ?? RunningAttempts()
        if kind == .map { running.map += change } else { running.reduce += change }
        runningOnWorker[worker] = running == RunningAttempts() ? nil : running
    }

    /// Records that `worker` is alive in `incarnation`; a newer incarnation than the one known
    /// means it restarted, and everything it held in the older one is gone.
    func noteAlive(_ worker: NodeID, incarnation: UInt64) {
        if let position = workers.index(forKey: worker), workers.values[position].incarnation >= incarnation {
            if !workers.values[position].alive {
                simulation.trace.record(.markUp, id.name, worker.name)
                simulation.observeInstant(.mapreduce, id.name, "worker up", detail: worker.name)
            }
            workers.values[position].lastSeen = simulation.now
            workers.values[position].alive = true
            return
        }
        // First contact since this coordinator came up, or a restart: attempts and local output
        // of older incarnations are gone with the old process.
        loseWorker(worker, reason: "worker restarted", olderThan: incarnation)
        setView(WorkerView(incarnation: incarnation, lastSeen: simulation.now, alive: true), of: worker)
    }

    /// Sets what the coordinator knows of `worker`, adding it to ``workerIDs`` in order when it
    /// is new.
    func setView(_ view: WorkerView, of worker: NodeID) {
        guard workers.updateValue(view, forKey: worker) == nil else { return }
        workerIDs.insert(worker, at: workerIDs.firstIndex { worker < $0 } ?? workerIDs.count)
    }

    /// Ends the running attempts on `worker` and, with local-disk shuffle, re-executes its
    /// finished map tasks that unfinished jobs still need — all of them, or only those from
    /// incarnations before `olderThan` — killing their completed attempts (`killed: ran on
    /// unusable node …`, as Hadoop's `JobImpl.actOnUnusableNode`; see
    /// ``killRetroactively(_:on:of:because:)``).
    func loseWorker(_ worker: NodeID, reason: String, olderThan incarnation: UInt64? = nil) {
        func stale(_ of: UInt64) -> Bool { incarnation.map { of < $0 } ?? true }
        var lost = 0
        for jobID in jobs.keys where !jobs[jobID]!.status.isFinished {
            // What the worker held, read before anything changes: a copy of the job kept alive
            // while `endAttempt` and `invalidateMapOutput` change it made every lost attempt copy
            // the job's attempts and completion events (1,223 maps under attempt chaos: 56 µs an
            // event against 15 at 248).
            let (ending, outputs) = held(by: worker, in: jobID, stale: stale)
            for number in ending {
                endAttempt(number, of: jobID, outcome: .lost(reason))
                lost += 1
            }
            for index in outputs where invalidateMapOutput(index, of: jobID, because: reason, as: .killed) { lost += 1 }
        }
        if lost > 0 { simulation.trace.record(.markDown, id.name, worker.name, value: Int64(lost)) }
        if lost > 0 || incarnation == nil {
            simulation.observeInstant(.mapreduce, id.name, "worker lost", detail: "\(worker.name): \(reason); \(lost) \(lost == 1 ? "attempt or output" : "attempts or outputs") lost", value: Int64(lost))
        }
    }

    /// The running attempts of `jobID` on `worker` that `stale` judges lost, and — with
    /// local-disk shuffle — the map outputs stored there, in the job's order.
    private func held(by worker: NodeID, in jobID: String, stale: (UInt64) -> Bool) -> (attempts: [Int], outputs: [Int]) {
        let state = jobs[jobID]!
        let attempts: [Int] = state.running.filter { number in
            let attempt = state.attempts[number]!
            return attempt.worker == worker && stale(attempt.incarnation)
        }
        guard shuffleMode == .localDisk else { return (attempts, []) }
        let outputs = state.mapOutputs.indices.filter { index in
            guard let location = state.mapOutputs[index] else { return false }
            return location.worker == worker && stale(location.incarnation)
        }
        return (attempts, outputs)
    }
}
