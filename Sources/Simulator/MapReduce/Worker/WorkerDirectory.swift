extension MapReduce {
    /// The workers of a cluster by node, so that a reduce task can send its fetch to the worker
    /// that holds a map output.
    ///
    /// `@unchecked Sendable`: filled while the cluster is built and only read afterwards, on the
    /// simulation thread.
    final class WorkerDirectory: @unchecked Sendable {
        /// Held weakly: every worker holds the directory, and the cluster owns the workers, so
        /// strong references here would keep a finished cluster alive forever.
        private struct Entry {
            weak var worker: Worker?
        }

        private var workers: [NodeID: Entry] = [:]

        func add(_ worker: Worker) { workers[worker.id] = Entry(worker: worker) }

        subscript(id: NodeID) -> Worker? { workers[id]?.worker }
    }
}
