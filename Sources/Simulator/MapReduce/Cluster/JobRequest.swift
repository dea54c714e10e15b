extension MapReduce {
    /// Where a job's input comes from.
    public enum JobInput: Sendable {
        /// Documents handed in as bytes, cut into splits of about `splitSize` bytes on line
        /// boundaries (see ``InputSplitter``).
        case documents([Document], splitSize: Int)
        /// A topic of the cluster's ``PartitionedLog``, each record one line, in splits of at most
        /// `recordsPerSplit` records. Without a group the job reads every record; with one it
        /// reads from the group's committed offsets to the end offsets at submission, and commits
        /// the end offsets when the job succeeds — so the next job of the group reads what came
        /// after, and a job that fails is read again (at-least-once).
        case log(topic: String, group: String?, recordsPerSplit: Int)
    }

    /// A job as a client submits it.
    public struct JobRequest: Sendable {
        /// The job's id, unique within the cluster.
        public var id: String
        /// The job's functions.
        public var job: any Job
        /// Its input.
        public var input: JobInput
        /// The number of reduce tasks, R: the output has R parts.
        public var reducers: Int
        /// Whether map tasks run the job's combiner.
        public var combining: Bool
        /// The share of the job's map tasks, 0 … 1, that must have completed before its reduce
        /// tasks are scheduled (Hadoop's `mapreduce.job.reduce.slowstart.completedmaps`, MRv1's
        /// `mapred.reduce.slowstart.completed.maps`; see ``ReduceSlowstart``). 1, the default,
        /// waits for every map; Hadoop's own default is 0.05.
        public var reduceSlowstart: Double

        /// A request for `job`.
        public init(id: String = "job-1", job: any Job, input: JobInput, reducers: Int, combining: Bool = true,
                    reduceSlowstart: Double = ReduceSlowstart.afterEveryMap) {
            self.id = id
            self.job = job
            self.input = input
            self.reducers = reducers
            self.combining = combining
            self.reduceSlowstart = reduceSlowstart
        }

        /// A request for the job called `name` in `catalog`.
        ///
        /// - Throws: ``SubmissionError/unknownJob(_:known:)``.
        public init(id: String = "job-1", jobNamed name: String, catalog: JobCatalog = .standard, input: JobInput,
                    reducers: Int, combining: Bool = true, reduceSlowstart: Double = ReduceSlowstart.afterEveryMap) throws(SubmissionError) {
            self.init(id: id, job: try catalog.job(named: name), input: input, reducers: reducers, combining: combining,
                      reduceSlowstart: reduceSlowstart)
        }

        /// Checks what can be checked without reading the log.
        ///
        /// - Throws: ``SubmissionError/noReducers(_:)``, ``SubmissionError/invalidReduceSlowstart(_:)``,
        ///   ``SubmissionError/invalidSplitSize(_:)`` or ``SubmissionError/emptyInput(jobID:)``.
        public func validate() throws(SubmissionError) {
            guard reducers > 0 else { throw .noReducers(reducers) }
            guard ReduceSlowstart.shares.contains(reduceSlowstart) else { throw .invalidReduceSlowstart(reduceSlowstart) }
            switch input {
            case .documents(let documents, let splitSize):
                guard splitSize > 0 else { throw .invalidSplitSize(splitSize) }
                // An empty document is input all the same (one empty split); no document is none.
                guard !documents.isEmpty else { throw .emptyInput(jobID: id) }
            case .log(_, _, let recordsPerSplit):
                guard recordsPerSplit > 0 else { throw .invalidSplitSize(recordsPerSplit) }
            }
        }

        /// The submission for splits `splits`.
        func submission(splits: [Split]) -> JobSubmission {
            JobSubmission(id: id, job: job, splits: splits, reducers: reducers, combining: combining,
                          reduceSlowstart: reduceSlowstart)
        }
    }
}
