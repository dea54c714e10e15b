extension MapReduce.Coordinator {
    /// Reads the state of the job at `index` of ``jobs`` in place. `jobs[id]!.field` copies a
    /// whole ``MapReduce/JobState`` — twenty-odd references retained and released — to read one
    /// field, and every heartbeat read several fields of every job that way. `read` must not
    /// touch ``jobs``.
    func readJob<R>(at index: Int, _ read: (borrowing MapReduce.JobState) -> R) -> R {
        jobs.values.withUnsafeBufferPointer { read($0[index]) }
    }

    /// Changes the state of job `jobID` in place. A copy taken out, changed and written back
    /// copied every task's record at its first change (the dictionary still held the original):
    /// each attempt started cost as much as the job has tasks, minutes for 20,000 one-record
    /// splits. `change` must not touch ``jobs``.
    ///
    /// - Precondition: the job exists.
    func updateJob<R>(_ jobID: String, _ change: (inout MapReduce.JobState) -> R) -> R {
        change(&jobs[jobID]!)
    }

    /// Moves the job at `index` of ``jobs``, which has just finished, from ``unfinishedJobs`` to
    /// ``finishedJobIDs``, keeping both in submission order.
    func noteFinished(at index: Int) {
        unfinishedJobs.removeAll { $0 == index }
        finishedJobIDs = jobs.values.indices.filter { position in readJob(at: position) { $0.status.isFinished } }.map { jobs.keys[$0] }
    }
}
