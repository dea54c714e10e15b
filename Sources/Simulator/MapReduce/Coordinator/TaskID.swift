extension MapReduce {
    /// Whether a task maps or reduces.
    public enum TaskKind: String, Sendable, Hashable, Comparable {
        /// Reads one input split and writes partitioned intermediate data.
        case map
        /// Fetches one partition from every map task and writes one output part.
        case reduce

        /// Map before reduce.
        public static func < (lhs: TaskKind, rhs: TaskKind) -> Bool { lhs == .map && rhs == .reduce }
    }

    /// One task of a job: map task `i` (its input split `i`) or reduce task `r` (partition `r`).
    public struct TaskID: Sendable, Hashable, Comparable, CustomStringConvertible {
        /// Map or reduce.
        public let kind: TaskKind
        /// The split index (map) or partition index (reduce), from 0.
        public let index: Int

        /// Creates a task id.
        public init(_ kind: TaskKind, _ index: Int) {
            self.kind = kind
            self.index = index
        }

        /// Map task `index`.
        public static func map(_ index: Int) -> TaskID { TaskID(.map, index) }
        /// Reduce task `index`.
        public static func reduce(_ index: Int) -> TaskID { TaskID(.reduce, index) }

        /// `map-3`, `reduce-0`.
        public var description: String { "\(kind.rawValue)-\(index)" }

        /// By kind, then by index.
        public static func < (lhs: TaskID, rhs: TaskID) -> Bool { (lhs.kind, lhs.index) < (rhs.kind, rhs.index) }
    }

    /// Where a task stands in its job.
    public enum TaskState: String, Sendable, Hashable {
        /// Waiting for a worker: never started, or put back after a failed or lost attempt (maybe
        /// after a backoff), or a completed map task whose output was lost.
        case idle
        /// At least one attempt is running.
        case running
        /// An attempt completed and its output is the task's (a map task's output can still be
        /// lost later, which makes it idle again).
        case completed
        /// Its attempts failed as many times as the policy allows; the job fails with it.
        case failed
    }
}
