extension MapReduce {
    /// Why a job was refused before anything ran, or its client gave up on it.
    public enum SubmissionError: Error, Equatable, Sendable, CustomStringConvertible {
        /// No job of that name is in the catalog; carries the names that are.
        case unknownJob(String, known: [String])
        /// The number of reduce tasks must be at least 1.
        case noReducers(Int)
        /// The reduce slow start (the share of maps completed before reducers start) must be
        /// between 0 and 1.
        case invalidReduceSlowstart(Double)
        /// The input has nothing to split: no documents at all. (Empty documents are input: each
        /// is one empty split, and the job's output is empty; so is a topic's empty range.)
        case emptyInput(jobID: String)
        /// The split size (bytes or records per map task) must be positive.
        case invalidSplitSize(Int)
        /// The input could not be read while planning the splits (an unknown topic, say).
        case inputUnavailable(String)
        /// The cluster already has a job with this id.
        case duplicateJobID(String)
        /// The coordinator did not answer the job's client for this long, and the client gave up
        /// (``Cluster/coordinatorWait``): whatever the job did, its client has no report of it.
        case coordinatorUnreachable(Duration)

        /// A one-line human-readable form.
        public var description: String {
            switch self {
            case .unknownJob(let name, let known):
                return "unknown job '\(name)'; known jobs: \(known.joined(separator: ", "))"
            case .noReducers(let count):
                return "a job needs at least one reduce task, got R = \(count)"
            case .emptyInput(let jobID):
                return "job '\(jobID)' has an empty input: there is nothing to map"
            case .invalidReduceSlowstart(let share):
                return "the reduce slow start must be between 0 and 1, got \(share)"
            case .invalidSplitSize(let size):
                return "the split size must be positive, got \(size)"
            case .inputUnavailable(let reason):
                return "the input could not be read: \(reason)"
            case .duplicateJobID(let id):
                return "a job with id '\(id)' was already submitted to this cluster"
            case .coordinatorUnreachable(let wait):
                return "the coordinator did not answer the job's client for \(wait.formattedSeconds), and it gave up (YARN's yarn.resourcemanager.connect.max-wait.ms)"
            }
        }
    }
}
