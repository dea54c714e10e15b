extension MapReduce.Coordinator {
    /// Answers a running reduce attempt's ``MapReduce/ShuffleQuery``: takes note of the map
    /// outputs it could not fetch, and returns where every map output is now (nil for those being
    /// re-executed) — or nil when the attempt should stop (its job finished, or the coordinator
    /// killed it or never gave it to this worker's process).
    ///
    /// As in Hadoop, a fetch failure does not end the reduce attempt: it keeps what it fetched and
    /// waits for the re-executed map outputs, asking again every heartbeat interval. Its asking
    /// counts as progress — Hadoop's shuffle reports progress while it waits for map outputs — so
    /// that waiting for re-executed maps does not time it out.
    func shuffle(_ query: MapReduce.ShuffleQuery) -> [MapReduce.MapOutputLocation?]? {
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
        return readJob(at: index) { $0.mapOutputs }
    }

    /// A reducer could not fetch the map output at `failure.location`. Unless the map task has a
    /// newer output since, the output is re-executed — and, for output on a worker's local disk,
    /// so are the other map outputs that worker's process holds for the job that are gone too,
    /// which every reducer would otherwise find missing one at a time:
    ///
    /// - the worker did not answer (down, paused, cut off): all of them, as Hadoop's Fetcher
    ///   marks all the remaining maps of a host it cannot connect to as failed at once
    ///   (`copyFromHost`);
    /// - the worker answered without it (its disk was wiped): those it no longer holds, as its
    ///   answer lists what it holds (outputs written since the wipe stay).
    ///
    /// The maps then re-run together, as any ready tasks do. Output in the shuffle store is kept
    /// per attempt, so only the one output is re-executed.
    private func noteFetchFailure(_ failure: MapReduce.FetchFailureNotice, by reducer: MapReduce.Attempt, of jobID: String) {
        let location = failure.location
        guard jobs[jobID]!.mapOutputs[location.mapIndex]?.attempt == location.attempt else { return }
        let reason = "\(reducer.task)#\(reducer.number) could not fetch map-\(location.mapIndex): \(failure.reason)"
        guard !location.inShuffleStore else {
            invalidateMapOutput(location.mapIndex, of: jobID, because: reason)
            return
        }
        let gone = readJob(at: jobs.index(forKey: jobID)!) { state in
            state.mapOutputs.indices.filter { index in
                guard let output = state.mapOutputs[index], !output.inShuffleStore, output.worker == location.worker,
                      output.incarnation == location.incarnation else { return false }
                return !(failure.held?.contains(output.attempt) ?? false)
            }
        }
        for index in gone where !jobs[jobID]!.status.isFinished {
            invalidateMapOutput(index, of: jobID, because: index == location.mapIndex ? reason : "\(reason) (held on the same worker)")
        }
    }
}
