extension MapReduce.Coordinator {
    /// A map attempt finished: the first one per task wins and its output location is recorded;
    /// later ones are duplicates and ignored. A task that had completed before — its output was
    /// lost and it ran again — counts as re-executed now that the re-run has finished
    /// (``MapReduce/JobState/mapReexecutions``); when it is the job's last task, the job succeeds
    /// (``finishIfAllTasksCompleted(_:)``).
    func completeMap(_ attempt: MapReduce.Attempt, of jobID: String, location: MapReduce.MapOutputLocation,
                     statistics: MapReduce.MapStatistics) {
        let task = attempt.task
        guard jobs[jobID]![task].state != .completed else {
            endAttempt(attempt.number, of: jobID, outcome: .duplicate)
            return
        }
        if jobs[jobID]![task].winner != nil { jobs[jobID]!.mapReexecutions += 1 }
        jobs[jobID]!.recordMapOutput(location)
        jobs[jobID]!.mapStatistics[task.index] = statistics
        win(attempt, of: jobID)
        jobs[jobID]!.noteMapCompleted(at: simulation.now)
        simulation.trace.record(.mapDone, attempt.worker.name, "\(jobID)/\(task)#\(attempt.number)", value: Int64(statistics.outputBytes))
        finishIfAllTasksCompleted(jobID)
    }

    /// A reduce attempt finished: the first one per task commits its part; later ones are ignored.
    /// The job succeeds, and its output is frozen, when the last part is committed — and every
    /// map task is completed (``finishIfAllTasksCompleted(_:)``).
    func completeReduce(_ attempt: MapReduce.Attempt, of jobID: String, output: MapReduce.ReduceTaskOutput, fetchedBytes: Int) {
        let task = attempt.task
        guard jobs[jobID]![task].state != .completed else {
            endAttempt(attempt.number, of: jobID, outcome: .duplicate)
            return
        }
        jobs[jobID]!.reduceParts[task.index] = output.records
        jobs[jobID]!.fetchedBytes[task.index] = fetchedBytes
        win(attempt, of: jobID)
        simulation.trace.record(.reduceDone, attempt.worker.name, "\(jobID)/\(task)#\(attempt.number)", value: Int64(output.records.count))
        finishIfAllTasksCompleted(jobID)
    }

    /// Commits the job when every task is completed, as Hadoop's `JobImpl` commits only once
    /// `completedTaskCount` reaches the number of tasks: a map whose output was lost while a
    /// reducer still ran is re-run (``invalidateMapOutput(_:of:because:as:)``), and its
    /// `MapTaskRescheduledTransition` takes it out of that count — so the job waits for the
    /// re-run to succeed even when every reducer commits meanwhile, instead of killing it
    /// (`killed: job finished`). A re-run that uses up the task's attempts fails the job.
    private func finishIfAllTasksCompleted(_ jobID: String) {
        let state = jobs[jobID]!
        guard !state.status.isFinished, state.allReducesCompleted, state.allMapsCompleted else { return }
        finish(jobID, status: .succeeded)
    }

    /// Makes `attempt` its task's winner and stops the task's other attempts.
    private func win(_ attempt: MapReduce.Attempt, of jobID: String) {
        let task = attempt.task
        let others = jobs[jobID]!.runningAttempts(of: task).filter { $0 != attempt.number }
        jobs[jobID]![task].state = .completed
        jobs[jobID]![task].winner = attempt.number
        jobs[jobID]![task].completedAt = simulation.now
        let completed = jobs[jobID]!.completedTasks
        simulation.observeGauge(.mapreduce, id.name, "tasks completed", of: jobID, subject: Observation.Subject(.job(jobID)), Double(completed))
        if completed > jobs[jobID]!.mostTasksCompleted {
            jobs[jobID]!.mostTasksCompleted = completed
            jobs[jobID]!.lossesSinceProgress = 0
        }
        endAttempt(attempt.number, of: jobID, outcome: .succeeded)
        jobs[jobID]!.noteSpeed(of: task)
        for other in others { endAttempt(other, of: jobID, outcome: .killed("another attempt finished first")) }
        let state = jobs[jobID]!
        if !state.status.isFinished { jobs[jobID]!.status = .running(state.phase) }
    }

    /// A worker reported that an attempt could not finish.
    func fail(_ attempt: MapReduce.Attempt, of jobID: String, _ failure: MapReduce.TaskFailure) {
        switch failure {
        case .jobError(let message):
            endAttempt(attempt.number, of: jobID, outcome: .failed(message))
        case .inputUnavailable(let reason):
            // As Hadoop's: a map attempt whose record reader cannot read its split throws (an
            // IOException) and fails, which counts towards `mapreduce.map.maxattempts` — a log
            // that never comes back fails the job after `max_attempts` instead of retrying to the
            // time limit. The failure's backoff spaces the retries.
            endAttempt(attempt.number, of: jobID, outcome: .failed(MapReduce.AttemptOutcome.inputUnavailablePrefix + reason))
        case .storeUnavailable(let reason):
            // As a map output write's IOException in Hadoop (or a push to a remote shuffle service
            // in Spark): the attempt fails and counts, so a store that never comes back fails the
            // job after `max_attempts` instead of losing attempts to the time limit.
            endAttempt(attempt.number, of: jobID, outcome: .failed(MapReduce.AttemptOutcome.shuffleStoreUnavailablePrefix + reason))
        case .rejected:
            endAttempt(attempt.number, of: jobID, outcome: .lost("worker had no free slot"))
        }
    }

    /// Ends a running attempt with `outcome`; if it was its task's last running attempt the task
    /// waits for a worker again — after a backoff when the outcome counts as a failure, and for
    /// good (failing the job) when the task has used up its attempts.
    ///
    /// A completion of an attempt the coordinator had declared lost or timed out is a late
    /// answer (``MapReduce/LateAnswer``): recorded beside the declaration, which stands; it
    /// completes the task if nothing else has. A completion of an attempt killed earlier still
    /// wins when its task is not completed (its output was lost since), updating it in place.
    func endAttempt(_ number: Int, of jobID: String, outcome: MapReduce.AttemptOutcome) {
        guard var attempt = jobs[jobID]!.attempts[number] else { return }
        let wasRunning = jobs[jobID]!.running.remove(number) != nil
        if wasRunning { noteRunning(attempt.task.kind, on: attempt.worker, change: -1) }
        if !wasRunning, outcome == .succeeded || outcome == .duplicate, attempt.lateAnswer == nil,
           let declaredAt = attempt.end, attempt.outcome.mayStillAnswer {
            noteLateAnswer(&attempt, declaredAt: declaredAt, completedTheTask: outcome == .succeeded, of: jobID)
            return
        }
        guard wasRunning || outcome == .succeeded || outcome == .duplicate else { return }
        attempt.end = simulation.now
        attempt.outcome = outcome
        jobs[jobID]!.attempts[number] = attempt
        simulation.trace.record(.taskFinish, attempt.worker.name, "\(jobID)/\(attempt.task)#\(number) \(outcome)")
        let task = attempt.task
        if wasRunning {
            observeJudgement(of: attempt, of: jobID)
            noteFailure(of: outcome, on: attempt.worker, of: jobID)
            // As Hadoop's `TaskImpl`, which reports an attempt that ends after its task succeeded
            // to nobody: the reducers need only the winner's output.
            if task.kind == .map, jobs[jobID]![task].state != .completed,
               let status = MapReduce.MapCompletionEvent.status(ending: outcome) {
                jobs[jobID]!.mapCompletionEvents.append(status, attempt: number, map: task.index)
            }
        }
        guard wasRunning, jobs[jobID]![task].state == .running, jobs[jobID]!.runningAttempts(of: task).isEmpty,
              outcome != .succeeded, outcome != .duplicate else {
            if outcome.countsAsFailure { jobs[jobID]![task].failures += 1 }
            return
        }
        var record = jobs[jobID]![task]
        record.state = .idle
        record.speculated = false
        if outcome.countsAsFailure {
            record.failures += 1
            record.lastFailure = outcome.description
            record.notBefore = simulation.now.advanced(by: policy.backoff(afterFailures: record.failures))
        }
        jobs[jobID]![task] = record
        if record.failures >= policy.maxAttempts {
            jobs[jobID]![task].state = .failed
            finish(jobID, status: .failed(Self.failedTask(task, record)))
        }
    }

    /// `map-5 failed 1 time; last: …` (`4 times`).
    static func failedTask(_ task: MapReduce.TaskID, _ record: MapReduce.TaskRecord) -> String {
        "\(task) failed \(record.failures) \(record.failures == 1 ? "time" : "times"); last: \(record.lastFailure ?? "unknown")"
    }

    /// Records the late answer of `attempt`, which the coordinator declared lost or timed out at
    /// `declaredAt`: the declaration stays its outcome unless the answer completed the task.
    private func noteLateAnswer(_ attempt: inout MapReduce.Attempt, declaredAt: VirtualInstant, completedTheTask: Bool,
                                of jobID: String) {
        let now = simulation.now
        attempt.lateAnswer = MapReduce.LateAnswer(declared: attempt.outcome, declaredAt: declaredAt, answeredAt: now,
                                                  completedTheTask: completedTheTask)
        if completedTheTask {
            attempt.end = now
            attempt.outcome = .succeeded
        }
        jobs[jobID]!.attempts[attempt.number] = attempt
        simulation.trace.record(.taskFinish, attempt.worker.name, "\(jobID)/\(attempt.task)#\(attempt.number) \(attempt.outcomeDescription)")
    }

    /// Counts an attempt that failed or timed out against its worker, and blacklists the worker for
    /// the job when it reaches the policy's limit (in force while the blacklist holds less than 33 %
    /// of the known workers: ``MapReduce/JobState/blacklistInForce(among:)``). As in Hadoop, an attempt lost with its worker (a crash, a restart) is
    /// not the worker's task failure: the lost-work bound handles workers that keep dying.
    private func noteFailure(of outcome: MapReduce.AttemptOutcome, on worker: NodeID, of jobID: String) {
        guard outcome.countsAsFailure else { return }
        noteFailure(on: worker, of: jobID)
    }

    /// Counts one failed attempt against `worker` (see ``noteFailure(of:on:of:)``): Hadoop's
    /// `AttemptFailedTransition` sends `ContainerFailedEvent` for the attempt's node, a retroactive
    /// failure included.
    private func noteFailure(on worker: NodeID, of jobID: String) {
        let count = jobs[jobID]!.failuresOnWorker[worker, default: 0] + 1
        jobs[jobID]!.failuresOnWorker[worker] = count
        guard count >= policy.maxFailuresPerWorker, !jobs[jobID]!.blacklisted.contains(worker) else { return }
        jobs[jobID]!.blacklisted.append(worker)
        let inForce = jobs[jobID]!.blacklistInForce(among: workers.count)
        simulation.trace.record(.custom, id.name, "\(jobID) blacklists \(worker) after \(count) failed attempts"
            + (inForce ? "" : "; ignores its blacklist (\(jobs[jobID]!.blacklisted.count) of \(workers.count) workers, 33 % or more)"))
    }

    /// Forgets the output of completed map task `index` (its worker died, or a reducer could not
    /// fetch it) so that the task runs again — if some reduce task still needs it — and tells
    /// the reducers in a map completion event of `status`. Returns whether it did.
    @discardableResult
    func invalidateMapOutput(_ index: Int, of jobID: String, because reason: String,
                             as status: MapReduce.MapCompletionEvent.Status) -> Bool {
        guard !jobs[jobID]!.status.isFinished, let output = jobs[jobID]!.mapOutputs[index], !jobs[jobID]!.allReducesCompleted else { return false }
        jobs[jobID]!.loseMapOutput(index, as: status)
        // The task's counters stay: reducers may already have consumed the lost output, and a
        // re-run killed when the job finishes must not drop the task from the job's counters
        // (see ``JobState/mapStatistics``).
        let task = MapReduce.TaskID(.map, index)
        jobs[jobID]![task].state = .idle
        jobs[jobID]![task].speculated = false
        jobs[jobID]![task].completedAt = nil
        jobs[jobID]!.status = .running(.map)
        simulation.trace.record(.custom, id.name, "\(jobID)/map-\(index) output lost: \(reason)")
        if status == .failed, countRetroactiveFailure(of: output.attempt, of: jobID, because: reason) { return true }
        if status == .killed { killRetroactively(output.attempt, on: output.worker, of: jobID, because: reason) }
        // Lost output is lost work, and it is bounded: a job that loses more map outputs than it has
        // map tasks times the attempt limit without ever getting further than before cannot make
        // progress (its workers crash faster than they finish), and fails saying so instead of
        // re-executing until the time limit.
        jobs[jobID]!.lossesSinceProgress += 1
        let losses = jobs[jobID]!.lossesSinceProgress
        if losses > jobs[jobID]!.maps.count * policy.maxAttempts {
            let state = jobs[jobID]!
            finish(jobID, status: .failed("no progress: \(losses) map outputs lost since the job last completed more tasks than ever before (\(state.mostTasksCompleted) of \(state.maps.count + state.reduces.count)); last: \(reason)"))
        }
        return true
    }

    /// Counts a completed map whose output reducers could not fetch as a failed attempt of its
    /// task, as Hadoop does: its attempt's `TooManyFetchFailureTransition` fails it and the task's
    /// `MapRetroactiveFailureTransition` counts it towards `mapreduce.map.maxattempts`, re-running
    /// the task at once (no backoff) or failing it, and the job, when that was its last attempt.
    /// An output lost with its worker (declared lost, restarted) is not counted, as Hadoop kills
    /// the attempts of an unusable node (``killRetroactively(_:on:of:because:)``). It counts
    /// against the attempt's worker too (Hadoop's `ContainerFailedEvent`, towards
    /// `max_failures_per_worker`), and among the job's failed attempts. The attempt itself
    /// becomes `failed` (`output could not be fetched: …`), as Hadoop's `TaskAttemptImpl` moves
    /// SUCCEEDED → FAILED on TA_TOO_MANY_FETCH_FAILURE; its end stays its completion, and its
    /// ``MapReduce/Attempt/rejudgement`` says when it failed, so that the job's statistics count
    /// it once — among the completed maps failed afterwards, not among the attempts failed in
    /// the job's code. An attempt already counted — declared timed out, its late answer
    /// completing the task — is not counted again (Hadoop would not have taken the answer) and
    /// stays `succeeded`. Returns whether the job failed.
    private func countRetroactiveFailure(of number: Int, of jobID: String, because reason: String) -> Bool {
        guard let attempt = jobs[jobID]!.attempts[number], attempt.lateAnswer?.declared.countsAsFailure != true else { return false }
        let task = attempt.task
        let failure = "output could not be fetched: \(reason)"
        jobs[jobID]!.attempts[number]!.outcome = .failed(failure)
        jobs[jobID]!.attempts[number]!.rejudgement = MapReduce.Rejudgement(kind: .failed, at: simulation.now)
        jobs[jobID]!.retroactiveFailures += 1
        observeRejudgement(of: jobs[jobID]!.attempts[number]!, of: jobID)
        noteFailure(on: attempt.worker, of: jobID)
        jobs[jobID]![task].failures += 1
        jobs[jobID]![task].lastFailure = failure
        let record = jobs[jobID]![task]
        guard record.failures >= policy.maxAttempts else { return false }
        jobs[jobID]![task].state = .failed
        finish(jobID, status: .failed(Self.failedTask(task, record)))
        return true
    }

    /// Kills the completed map attempt `number`, whose output was lost with `worker` (declared
    /// lost, or found restarted), as Hadoop's `JobImpl.actOnUnusableNode` kills every succeeded
    /// map attempt of an unusable node when the job has reducers ("TaskAttempt killed because it
    /// ran on unusable node"): the attempt moves SUCCEEDED → KILLED and reads
    /// `killed: ran on unusable node <worker>: <reason>`, its end stays its completion, and its
    /// ``MapReduce/Attempt/rejudgement`` says when it was killed, so that the job's statistics
    /// count it once — among the completed maps killed afterwards, not among the attempts the job's
    /// end killed. Its task runs again (``invalidateMapOutput(_:of:because:as:)`` made it idle),
    /// as Hadoop's `MapRetroactiveKilledTransition` reschedules it: the kill counts towards
    /// neither the task's attempt limit nor the worker's failures. An attempt whose late answer
    /// completed the task is killed too (nothing is counted twice); its description keeps the
    /// declaration and the answer.
    private func killRetroactively(_ number: Int, on worker: NodeID, of jobID: String, because reason: String) {
        guard jobs[jobID]!.attempts[number] != nil else { return }
        jobs[jobID]!.attempts[number]!.outcome = .killed("ran on unusable node \(worker): \(reason)")
        jobs[jobID]!.attempts[number]!.rejudgement = MapReduce.Rejudgement(kind: .killed, at: simulation.now)
        observeRejudgement(of: jobs[jobID]!.attempts[number]!, of: jobID)
    }

    /// Ends the job: every attempt still running is killed, and on success the committed parts
    /// become the output, which nothing changes afterwards.
    func finish(_ jobID: String, status: MapReduce.JobStatus) {
        guard !jobs[jobID]!.status.isFinished else { return }
        jobs[jobID]!.status = status
        noteFinished(at: jobs.index(forKey: jobID)!)
        jobs[jobID]!.finishedAt = simulation.now
        if status == .succeeded {
            jobs[jobID]!.output = MapReduce.Output(parts: jobs[jobID]!.reduceParts.map { $0 ?? [] })
        }
        for number in jobs[jobID]!.running {
            endAttempt(number, of: jobID, outcome: .killed("job finished"))
        }
        simulation.trace.record(.custom, id.name, "\(jobID) \(status)", value: jobs[jobID]!.output.map { Int64($0.byteCount) } ?? -1)
        simulation.observeSpan(.mapreduce, id.name, "job", from: jobs[jobID]!.submittedAt, detail: jobID, subject: Observation.Subject(.job(jobID)),
                               outcome: status == .succeeded ? "succeeded" : "\(status)", value: jobs[jobID]!.output.map { Int64($0.byteCount) } ?? 0)
    }
}
