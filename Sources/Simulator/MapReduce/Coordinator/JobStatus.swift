extension MapReduce {
    /// Where a job stands.
    public enum JobStatus: Sendable, Hashable, CustomStringConvertible {
        /// Accepted; no task has started yet.
        case submitted
        /// Tasks are running; the phase is the earliest one with unfinished tasks.
        case running(TaskKind)
        /// Every task is completed — every reduce task committed its part, and every map whose
        /// output was lost while a reducer ran has run again — so the output is final and will
        /// never change.
        case succeeded
        /// A task exhausted its attempts; no output is published.
        case failed(String)

        /// Whether the job is over.
        public var isFinished: Bool {
            switch self {
            case .succeeded, .failed: return true
            case .submitted, .running: return false
            }
        }

        /// A one-line human-readable form.
        public var description: String {
            switch self {
            case .submitted: return "submitted"
            case .running(let phase): return "running (\(phase.rawValue) phase)"
            case .succeeded: return "succeeded"
            case .failed(let reason): return "failed: \(reason)"
            }
        }
    }
}
