extension MapReduce {
    /// Runs a job's own map and reduce functions in one plain loop — no tasks, no partitions, no
    /// combiner: every value of a key, in emission order, goes to one reduce call — for jobs
    /// without an independent reference implementation.
    public enum SequentialRunner {
        /// The job's output over `input`, sorted by key.
        public static func run<J: Job>(_ job: J, _ input: [InputRecord]) throws -> [Record] {
            var emitter = Emitter(job: job, combining: false)
            for record in input { try job.map(record, into: &emitter) }
            return try emitter.reducedInKeyOrder()
        }
    }
}
