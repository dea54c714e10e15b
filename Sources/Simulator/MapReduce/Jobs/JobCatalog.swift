extension MapReduce {
    /// Jobs by name, as a submission names them: the built-in jobs with their default
    /// parameters, plus any the caller registers.
    public struct JobCatalog: Sendable {
        /// Jobs by name (looked up, never iterated).
        private var jobs: [String: any Job] = [:]

        /// An empty catalog.
        public init() {}

        /// The built-in jobs: `word-count`, `inverted-index`, `log-patterns`,
        /// `error-counts-tumbling` (1-minute windows), `error-counts-sliding` (1-minute windows
        /// every 15 s) and `error-sessions` (sessions closed by 30 s without an error).
        public static let standard: JobCatalog = {
            var catalog = JobCatalog()
            catalog.register(WordCount())
            catalog.register(InvertedIndex())
            catalog.register(LogPatterns())
            catalog.register(TumblingErrorCounts(window: .seconds(60)))
            catalog.register(SlidingErrorCounts(window: .seconds(60), slide: .seconds(15)))
            catalog.register(SessionErrorWindows(gap: .seconds(30)))
            return catalog
        }()

        /// Adds `job` under its name, replacing a job of the same name.
        public mutating func register(_ job: any Job) {
            jobs[job.name] = job
        }

        /// The names of the registered jobs, sorted.
        public var names: [String] { jobs.keys.sorted() }

        /// The job called `name`.
        ///
        /// - Throws: ``SubmissionError/unknownJob(_:known:)`` naming the jobs that exist.
        public func job(named name: String) throws(SubmissionError) -> any Job {
            guard let job = jobs[name] else { throw .unknownJob(name, known: names) }
            return job
        }
    }
}
