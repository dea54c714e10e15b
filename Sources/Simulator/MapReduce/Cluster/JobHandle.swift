extension MapReduce {
    /// A submitted job as its client sees it: empty until the job is over, then its final
    /// report, or the reason it was refused.
    ///
    /// `@unchecked Sendable`: written only by the job's client task, on the simulation thread.
    public final class JobHandle: @unchecked Sendable {
        /// The job's id.
        public let jobID: String
        /// The final report, once the job succeeded or failed.
        public private(set) var report: JobReport?
        /// Why the job was refused while its input was being planned (an empty log range, an
        /// unknown topic); nothing ran.
        public private(set) var rejection: SubmissionError?
        /// Whether the committed offsets of the job's consumer group were advanced past its input.
        public private(set) var committedLogOffsets = false
        /// For a job reading a log topic: the offsets it reads, per partition, from (inclusive) and
        /// to (exclusive), as its client planned them — what an oracle must read to check it.
        public private(set) var logRange: (from: [Int], to: [Int])?

        init(jobID: String) { self.jobID = jobID }

        /// The output, if the job succeeded.
        public var output: Output? { report?.output }

        /// Whether the job is over (finished or refused).
        public var isDone: Bool { report != nil || rejection != nil }

        func finish(_ report: JobReport) { self.report = report }
        func reject(_ error: SubmissionError) { rejection = error }
        func markOffsetsCommitted() { committedLogOffsets = true }
        func plan(logRange range: (from: [Int], to: [Int])) { logRange = range }
    }
}
