extension MapReduce.Coordinator {
    /// Work for `worker` with the given free slots: idle map tasks of the oldest unfinished jobs
    /// first, reduce tasks of jobs with enough completed maps (every one, unless the job's
    /// ``MapReduce/ReduceSlowstart`` says fewer), then — when a phase has nothing left to hand
    /// out — speculative backups of its stragglers. Reducers are backed up only in the reduce
    /// phase: one started early is waiting for map outputs, not straggling. Backups are Hadoop's
    /// `DefaultSpeculator`'s: at most one per job and kind in an answer, within the job's cap on
    /// tasks backed up at once (``MapReduce/JobState/mayStartBackup(_:rule:)``), and none for
    /// `retryAfterSpeculate` after an answer that started any (``speculationResumesAt``).
    func assign(to worker: NodeID, incarnation: UInt64, freeMapSlots: Int, freeReduceSlots: Int) -> [MapReduce.Assignment] {
        var assignments: [MapReduce.Assignment] = []
        var freeMap = freeMapSlots, freeReduce = freeReduceSlots
        func freeSlots(_ kind: MapReduce.TaskKind) -> Int { kind == .map ? freeMap : freeReduce }
        func takeSlot(_ kind: MapReduce.TaskKind) { if kind == .map { freeMap -= 1 } else { freeReduce -= 1 } }
        let now = simulation.now
        // Jobs are never removed, so their positions hold while attempts start, and starting
        // one finishes no job.
        let known = workers.count
        let open = unfinishedJobs.filter { index in readJob(at: index) { !$0.excludes(worker, among: known) } }
        for index in open {
            let jobID = jobs.keys[index]
            for kind in [MapReduce.TaskKind.map, .reduce] {
                if kind == .reduce && !readJob(at: index, { $0.reducesMayStart }) { continue }
                while freeSlots(kind) > 0, let task = readJob(at: index, { $0.nextRunnable(kind, now: now) }) {
                    assignments.append(startAttempt(task, of: jobID, on: worker, incarnation: incarnation, speculative: false))
                    takeSlot(kind)
                }
            }
        }
        guard let rule = policy.speculation, now >= speculationResumesAt else { return assignments }
        var backedUp = false
        for index in open {
            let jobID = jobs.keys[index]
            for kind in [MapReduce.TaskKind.map, .reduce] where freeSlots(kind) > 0 && readJob(at: index, { $0.phase }) == kind
                && readJob(at: index, { $0.mayStartBackup(kind, rule: rule) }) {
                if let task = straggler(of: jobID, kind: kind, avoiding: worker, rule: rule) {
                    assignments.append(startAttempt(task, of: jobID, on: worker, incarnation: incarnation, speculative: true))
                    takeSlot(kind)
                    backedUp = true
                }
            }
        }
        // As Hadoop's speculator, which launches at most one backup per job and kind in a scan and
        // sleeps `retry-after-speculate` after a scan that launched any.
        if backedUp { speculationResumesAt = now.advanced(by: rule.retryAfterSpeculate) }
        return assignments
    }

    /// Starts a new attempt of `task` on `worker` and returns what the worker needs to run it.
    func startAttempt(_ task: MapReduce.TaskID, of jobID: String, on worker: NodeID, incarnation: UInt64,
                      speculative: Bool) -> MapReduce.Assignment {
        let number = nextAttempt
        nextAttempt += 1
        let now = simulation.now
        jobOfAttempt[number] = jobID
        let assignment = updateJob(jobID) { state in
            state.attempts[number] = MapReduce.Attempt(number: number, task: task, worker: worker, incarnation: incarnation,
                                                       speculative: speculative, start: now)
            state.running.append(number)
            state[task].state = .running
            state[task].attempts.append(number)
            if speculative { state[task].speculated = true }
            if task.kind == .reduce {
                // Before every map has completed (reduce slow start) this counts the outputs
                // there are; ``JobState/noteMapCompleted(at:)`` counts the rest once there.
                state[task].work = state.reduceWork(of: task.index)
            }
            if state.startedAt == nil { state.startedAt = now }
            state.status = .running(state.phase)
            let submission = state.submission
            return MapReduce.Assignment(
                attempt: number, jobID: jobID, task: task, job: submission.job, reducers: submission.reducers,
                combining: submission.combining, split: task.kind == .map ? submission.splits[task.index] : nil,
                mapTasks: submission.splits.count,
                mapCompletionEvents: task.kind == .reduce
                    ? state.mapCompletionEvents.events(from: 0, limit: MapReduce.MapCompletionEvent.maxEventsToFetch(reducers: submission.reducers))
                    : [])
        }
        noteRunning(task.kind, on: worker, change: 1)
        simulation.trace.record(.taskStart, worker.name, "\(jobID)/\(task)#\(number)", value: speculative ? 1 : 0)
        return assignment
    }

    /// The running task of `kind` most worth a backup on `worker`, if any: the phase has no idle
    /// task left, the task has a single attempt that is not on `worker`, has run at least the
    /// rule's minimum, and is estimated to take more than `slowness` times what the task should
    /// take at the median speed of the phase's finished tasks — and more than a fresh copy would
    /// need from now. The estimate is LATE's: progress rate = progress / time since the attempt
    /// started, time left = (1 − progress) / rate, for attempts that have reported progress.
    /// Among those, the one expected to finish last (the first of them by index).
    ///
    /// Looks at the running attempts only, and at the median the job's state keeps: a phase's
    /// tail asks at every heartbeat, where copying every task's record and sorting every
    /// finished task's speed each time took a quarter of a 1,000-worker cluster's run.
    func straggler(of jobID: String, kind: MapReduce.TaskKind, avoiding worker: NodeID,
                   rule: MapReduce.CoordinatorPolicy.Speculation) -> MapReduce.TaskID? {
        guard let position = jobs.index(forKey: jobID), !readJob(at: position, { $0.hasIdleTask(kind) }),
              let medianSpeed = readJob(at: position, { $0.medianSpeed(of: kind) }) else { return nil }
        let now = simulation.now
        return readJob(at: position) { state in
            let tasks = kind == .map ? state.maps : state.reduces
            var best: (index: Int, finish: Double)?
            for number in state.running {
                guard let attempt = state.attempts[number], attempt.task.kind == kind, attempt.worker != worker else { continue }
                let index = attempt.task.index
                guard tasks[index].state == .running, !tasks[index].speculated,
                      state.runningAttempts(of: attempt.task).count == 1 else { continue }
                // From the end of an early reducer's wait for the maps (``JobState/measuredStart(of:)``).
                let elapsed = state.measuredStart(of: attempt).duration(to: now).seconds
                guard elapsed >= rule.minimumRuntime.seconds else { continue }
                // LATE's estimate (Zaharia et al., OSDI '08): the progress rate measured up to
                // now, so an attempt that has stalled looks slower at every heartbeat. Before its
                // first progress report there is no rate; the task timeout covers that case
                // (treating it as unbounded backs up every crashed worker's attempt before the
                // crash is detected, and under attempt chaos every backup draws a new fault).
                guard attempt.progress > 0 else { continue }
                let rate = attempt.progress / elapsed
                let estimatedTotal = elapsed / attempt.progress
                let finish = (1 - attempt.progress) / rate
                let expected = Double(max(tasks[index].work, 1)) / medianSpeed
                guard estimatedTotal > rule.slowness * expected, finish > expected else { continue }
                if best.map({ finish > $0.finish || (finish == $0.finish && index < $0.index) }) ?? true { best = (index, finish) }
            }
            return best.map { MapReduce.TaskID(kind, $0.index) }
        }
    }
}
