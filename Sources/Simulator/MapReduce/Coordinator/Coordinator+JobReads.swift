extension MapReduce.Coordinator {
    /// Reads the state of the job at `index` of ``jobs`` in place. `jobs[id]!.field` copies a
    /// whole ``MapReduce/JobState`` — twenty-odd references retained and released — to read one
    /// field, and every heartbeat read several fields of every job that way. `read` must not
    /// touch ``jobs``.
    func readJob<R>(at index: Int, _ read: (borrowing MapReduce.JobState) -> R) -> R {
        jobs.values.withUnsafeBufferPointer { read($0[index]) }
    }

    /// The positions in ``jobs`` of the jobs that have not finished, in submission order.
    func unfinishedJobs() -> [Int] {
        jobs.values.withUnsafeBufferPointer { states in states.indices.filter { !states[$0].status.isFinished } }
    }

    /// The ids of the jobs that have finished, in submission order.
    func finishedJobIDs() -> [String] {
        jobs.values.withUnsafeBufferPointer { states in states.indices.filter { states[$0].status.isFinished }.map { jobs.keys[$0] } }
    }
}
