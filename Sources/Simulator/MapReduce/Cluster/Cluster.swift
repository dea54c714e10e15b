extension MapReduce {
    /// A MapReduce cluster in one simulation: a coordinator, N workers, a partitioned log for
    /// input, a shuffle store when the configuration uses one, and the client that submits jobs —
    /// each on its own node (`coordinator`, `worker-1` … `worker-N`, `log`, `shuffle`, `client`).
    ///
    /// ```swift
    /// let sim = Simulation(seed: 7)
    /// let cluster = MapReduce.Cluster(simulation: sim)
    /// let job = try cluster.submit(MapReduce.JobRequest(jobNamed: "word-count",
    ///     input: .documents(documents, splitSize: 64 * 1024), reducers: 2))
    /// cluster.schedule([.init(at: .after(.seconds(2)), .network(.crash("worker-1")))])
    /// try sim.runToCompletion(timeLimit: .after(.seconds(3600)))
    /// let output = job.output   // equals MapReduce.WordCount().reference(…) under any faults
    /// ```
    ///
    /// `@unchecked Sendable`: built on one thread before the run and only read afterwards; its
    /// job table is touched only on the simulation thread.
    public final class Cluster: @unchecked Sendable {
        /// The simulation the cluster lives in.
        public let simulation: Simulation
        /// The network between its nodes.
        public let network: Network
        /// Its configuration.
        public let configuration: ClusterConfiguration
        /// The coordinator.
        public let coordinator: Coordinator
        /// The workers, in node order.
        public let workers: [Worker]
        /// The shuffle store, when intermediate data goes there.
        public let shuffleStore: ShuffleStore?
        /// The log jobs can read their input from.
        public let log: PartitionedLog
        /// The node jobs are submitted from.
        public let clientID: NodeID
        private var handles: [String: JobHandle] = [:]

        /// Builds the cluster in `simulation`, on a network of its own whose links are the
        /// configuration's, and starts its daemons (worker heartbeats, the coordinator's monitor).
        public convenience init(simulation: Simulation, configuration: ClusterConfiguration = ClusterConfiguration()) {
            self.init(network: Network(simulation: simulation, defaultLink: configuration.link), configuration: configuration)
        }

        /// Builds the cluster on `network`, shared with whatever else lives in that world (a
        /// balancer in front of its nodes, an object store its output goes to), and starts its
        /// daemons. Its nodes join the network by name, so a fault on `worker-2` hits every actor
        /// hosted there — the worker and, say, a web server on the same host.
        ///
        /// - Parameters:
        ///   - log: the partitioned log jobs read from; nil creates one on node `log`.
        ///   - clientID: the node jobs are submitted from.
        public init(network: Network, configuration: ClusterConfiguration = ClusterConfiguration(), log: PartitionedLog? = nil,
                    clientID: NodeID = "client") {
            precondition(configuration.workers > 0, "a cluster needs at least one worker")
            self.simulation = network.simulation
            self.configuration = configuration
            self.network = network
            self.clientID = clientID
            network.addNode(clientID)
            coordinator = Coordinator(network: network, policy: configuration.policy, shuffleMode: configuration.shuffle)
            self.log = log ?? PartitionedLog(network: network)
            if case .shuffleStore = configuration.shuffle {
                shuffleStore = ShuffleStore(network: network)
            } else {
                shuffleStore = nil
            }
            let directory = WorkerDirectory()
            let (coordinator, store, sharedLog) = (coordinator, shuffleStore, self.log)
            workers = (1...configuration.workers).map { index in
                Worker(NodeID("worker-\(index)"), configuration: configuration, network: network, coordinator: coordinator,
                       directory: directory, store: store, log: sharedLog)
            }
            workers.forEach(directory.add)
            startDaemons()
        }

        /// The workers' node ids, in order.
        public var workerIDs: [NodeID] { workers.map(\.id) }

        /// The nodes other than the coordinator and the workers: the log, and the shuffle store if any.
        public var serviceIDs: [NodeID] { [log.id] + (shuffleStore.map { [$0.id] } ?? []) }

        private func startDaemons() {
            let interval = configuration.policy.heartbeatInterval
            for (index, worker) in workers.enumerated() {
                // Spread the heartbeats over the interval instead of having every worker call at once.
                let offset = interval * index / workers.count
                simulation.spawn("\(worker.id.name).heartbeat", daemon: true) { _ in
                    guard await self.simulation.sleepUnlessTornDown(for: offset) else { return }
                    await worker.sendHeartbeats()
                }
            }
            let coordinator = coordinator
            let node = network.addNode(coordinator.id)
            let monitorInterval = configuration.policy.monitorInterval
            simulation.spawn("\(coordinator.id.name).monitor", daemon: true) { _ in
                while true {
                    guard await self.simulation.sleepUnlessTornDown(for: monitorInterval) else { return }
                    if node.state == .up { await coordinator.monitor() }
                }
            }
        }

        // MARK: Jobs

        /// Validates `request` and starts its client, which plans the splits, submits the job,
        /// waits for it to end and fetches its report into the returned handle.
        ///
        /// - Throws: ``SubmissionError`` for a request that cannot run (nothing is started).
        ///   Problems only the log can reveal (an empty range) are reported in the handle.
        public func submit(_ request: JobRequest) throws(SubmissionError) -> JobHandle {
            try request.validate()
            guard handles[request.id] == nil else { throw .duplicateJobID(request.id) }
            let handle = JobHandle(jobID: request.id)
            handles[request.id] = handle
            var plannedSplits: [Split]?
            if case .documents(let documents, let splitSize) = request.input {
                plannedSplits = InputSplitter.splits(of: documents, targetSize: splitSize)
            }
            let splits = plannedSplits
            simulation.spawn("\(clientID.name)/\(request.id)") { _ in
                await self.runClient(request, plannedSplits: splits, handle: handle)
            }
            return handle
        }

        /// The handle of job `jobID`, if it was submitted here.
        public func handle(of jobID: String) -> JobHandle? { handles[jobID] }

        // MARK: Faults

        /// Schedules `entries`; each fault happens on the simulation thread at its instant.
        public func schedule(_ entries: [ClusterFault.Entry]) {
            for entry in entries {
                simulation.executor.schedule(at: entry.at) { self.apply(entry.fault) }
            }
        }

        /// Applies `fault` now (on the simulation thread).
        public func apply(_ fault: ClusterFault) {
            switch fault {
            case .network(let fault):
                network.apply(fault)
            case .loseIntermediateData(let id):
                workers.first { $0.id == id }?.assumeIsolated { $0.loseIntermediateData() }
            }
        }
    }
}
