extension MapReduce.Coordinator {
    /// Answers a running reduce attempt's ``MapReduce/ShuffleQuery``: takes note of the map
    /// outputs it could not fetch, and returns the job's map completion events from the query's
    /// `fromEventID` on, at most its `maxEvents` — Hadoop's `getMapCompletionEvents`, answered by
    /// `JobImpl.getMapAttemptCompletionEvents` — or nil when the attempt should stop (its job
    /// finished, or the coordinator killed it or never gave it to this worker's process).
    ///
    /// As in Hadoop, a fetch failure does not end the reduce attempt: it keeps what it fetched and
    /// waits for the re-executed map outputs, asking again every heartbeat interval. Its asking
    /// counts as progress — Hadoop's `TaskAttemptListenerImpl` calls
    /// `taskHeartbeatHandler.progressing` for every such question — so that waiting for
    /// re-executed maps does not time it out.
    ///
    /// - Complexity: O(the failures reported + the events returned), not O(maps).
    func shuffle(_ query: MapReduce.ShuffleQuery) -> [MapReduce.MapCompletionEvent]? {
        guard let index = jobs.index(forKey: query.jobID),
              let attempt = readJob(at: index, { $0.status.isFinished ? nil : $0.attempts[query.attempt] }),
              attempt.worker == query.worker, attempt.incarnation == query.incarnation, attempt.task.kind == .reduce else { return nil }
        switch attempt.outcome {
        case .succeeded, .duplicate, .killed: return nil
        case .running, .failed, .timedOut, .lost: break
        }
        for failure in query.failures {
            noteFetchFailure(failure, by: attempt, of: query.jobID)
        }
        guard !jobs[query.jobID]!.status.isFinished else { return nil }
        if attempt.outcome == .running {
            jobs[query.jobID]!.attempts[query.attempt]!.lastProgressAt = simulation.now
        }
        return readJob(at: index) { $0.mapCompletionEvents.events(from: query.fromEventID, limit: query.maxEvents) }
    }

    /// A reducer could not fetch the map output at `failure.location`.
    ///
    /// - In the shuffle store, output is kept per attempt: that one output is re-executed.
    /// - The worker answered without it (its disk was wiped): every output of the job it held and
    ///   no longer lists is gone, and re-executed at once (outputs written since the wipe stay).
    /// - The worker did not answer (down, paused, cut off): as Hadoop's Fetcher, which cannot
    ///   connect to a host, fails every remaining map of that host at once (`copyFromHost`),
    ///   the report counts against every output the worker's process holds for the job; as
    ///   Hadoop's job (`JobImpl`'s fetch-failure transition), an output is re-executed once it
    ///   has 3 such reports (`mapreduce.job.maxfetchfailures.notifications`) from at least half
    ///   the running reduce attempts still shuffling's worth — so a worker that stays unreachable has its outputs
    ///   re-run together, not one a round, and one paused for a moment keeps them. A worker
    ///   declared lost has them all re-run anyway (``MapReduce/Coordinator`` at its timeout).
    ///
    /// Nothing is re-executed when the map task has a newer output than the one reported.
    private func noteFetchFailure(_ failure: MapReduce.FetchFailureNotice, by reducer: MapReduce.Attempt, of jobID: String) {
        let location = failure.location
        guard jobs[jobID]!.mapOutputs[location.mapIndex]?.attempt == location.attempt else { return }
        let reason = "\(reducer.task)#\(reducer.number) could not fetch map-\(location.mapIndex): \(failure.reason)"
        guard !location.inShuffleStore else {
            invalidateMapOutput(location.mapIndex, of: jobID, because: reason, as: .failed)
            return
        }
        let index = jobs.index(forKey: jobID)!
        let onWorker = readJob(at: index) { state in
            state.mapOutputs.indices.filter { index in
                guard let output = state.mapOutputs[index] else { return false }
                return !output.inShuffleStore && output.worker == location.worker && output.incarnation == location.incarnation
            }
        }
        if let held = failure.held {
            for output in onWorker where !jobs[jobID]!.status.isFinished {
                guard let attempt = jobs[jobID]!.mapOutputs[output]?.attempt, !held.contains(attempt) else { continue }
                invalidateMapOutput(output, of: jobID, because: output == location.mapIndex ? reason : "\(reason) (gone from the same worker)",
                                as: .failed)
            }
            return
        }
        // Hadoop's `JobImpl.TaskAttemptFetchFailureTransition` divides by the running reduce
        // attempts still shuffling (their last reported phase `SHUFFLE`: here their progress
        // still in its first third, ``ReduceProgress``), a rate of 1 when none is.
        let shuffling = readJob(at: index) { state in
            state.running.filter { number in
                guard let attempt = state.attempts[number] else { return false }
                return attempt.task.kind == .reduce && attempt.progress < 1.0 / 3
            }.count
        }
        for output in onWorker where !jobs[jobID]!.status.isFinished {
            guard let attempt = jobs[jobID]!.mapOutputs[output]?.attempt else { continue }
            var notices = jobs[jobID]!.fetchFailureNotices[output] ?? (attempt, 0)
            if notices.attempt != attempt { notices = (attempt, 0) }
            notices.count += 1
            jobs[jobID]!.fetchFailureNotices[output] = notices
            guard notices.count >= Self.fetchFailureNotifications, 2 * notices.count >= shuffling else { continue }
            jobs[jobID]!.fetchFailureNotices[output] = nil
            invalidateMapOutput(output, of: jobID, because: output == location.mapIndex
                ? "\(reason) (\(notices.count) reports)" : "\(reason) (\(notices.count) reports, held on the same worker)", as: .failed)
        }
    }

    /// Reports of an unfetchable output on an unanswering worker that re-execute it: Hadoop's
    /// `mapreduce.job.maxfetchfailures.notifications`, 3 by default.
    static let fetchFailureNotifications = 3
}
