extension MapReduce {
    /// The workers of a cluster by node, so that a reduce task can send its fetch to the worker
    /// that holds a map output.
    ///
    /// `@unchecked Sendable`: filled while the cluster is built and only read afterwards, on the
    /// simulation thread.
    final class WorkerDirectory: @unchecked Sendable {
        private var workers: [NodeID: Worker] = [:]

        func add(_ worker: Worker) { workers[worker.id] = worker }

        subscript(id: NodeID) -> Worker? { workers[id] }
    }
}
