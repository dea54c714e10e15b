extension MapReduce {
    /// A worker on its own node: asks the coordinator for work in its heartbeats, runs map and
    /// reduce attempts with the job's real functions, keeps map output on its local disk (or puts
    /// it in the shuffle store) and serves it to reducers.
    ///
    /// Everything it holds is volatile: a crash loses its running attempts and its local disk,
    /// and it comes back as a new incarnation that the coordinator recognises in its heartbeat.
    public actor Worker {
        /// The worker's node.
        public nonisolated let id: NodeID
        public nonisolated let unownedExecutor: UnownedSerialExecutor
        let configuration: ClusterConfiguration
        let simulation: Simulation
        let network: Network
        let node: NetworkNode
        let coordinator: Coordinator
        let directory: WorkerDirectory
        let store: ShuffleStore?
        let log: PartitionedLog?
        /// The stream attempt chaos draws from (the harness's, so it survives crashes).
        var chaosRandom: SeededRandom

        /// Map output on the local disk, by attempt number.
        var disk: [Int: DiskEntry] = [:]
        /// The attempts running here, by attempt number.
        var running: [Int: RunningAttempt] = [:]
        /// Incremented at each crash, so work begun before it is dropped after it.
        var epoch: UInt64 = 0

        /// The partitions of one map attempt's output.
        struct DiskEntry {
            let jobID: String
            let partitions: [Bytes]
        }

        /// One attempt in progress.
        struct RunningAttempt {
            let kind: TaskKind
            let jobID: String
            /// `job/task#attempt`, for timelines.
            let name: String
            let startedAt: VirtualInstant
            var progress: Double = 0
        }

        /// Creates the worker on node `id` and subscribes it to its node's crashes.
        init(_ id: NodeID, configuration: ClusterConfiguration, network: Network, coordinator: Coordinator,
             directory: WorkerDirectory, store: ShuffleStore?, log: PartitionedLog?) {
            self.id = id
            self.configuration = configuration
            self.network = network
            self.coordinator = coordinator
            self.directory = directory
            self.store = store
            self.log = log
            simulation = network.simulation
            unownedExecutor = network.simulation.executor.asUnownedSerialExecutor()
            node = network.addNode(id)
            chaosRandom = network.simulation.randomStream("mapreduce.attempt-chaos.\(id.name)")
            network.onCrash(id) { [unowned self] in
                self.assumeIsolated { $0.loseVolatileState() }
            }
        }

        /// Bytes of map output on the local disk.
        public var diskBytes: Int {
            disk.values.reduce(0) { $0 + $1.partitions.reduce(0) { $0 + $1.count } }
        }

        /// Wipes the local disk without crashing (a `loseIntermediate` fault): finished map
        /// outputs are gone, which reducers discover when they fetch. It is observed as a
        /// `.network` instant, the subsystem every fault is observed in, so that exporters count
        /// and draw it with the crashes and pauses the network injects.
        public func loseIntermediateData() {
            disk = [:]
            simulation.trace.record(.custom, id.name, "lose intermediate data")
            simulation.observeInstant(.network, id.name, "lose intermediate")
        }

        /// Partition `partition` of map attempt `attempt`'s output, or nil if this disk does not
        /// hold it (never written here, lost in a crash, or wiped). What a reducer's fetch runs.
        func fetch(attempt: Int, partition: Int) -> Bytes? {
            guard let entry = disk[attempt], entry.partitions.indices.contains(partition) else { return nil }
            return entry.partitions[partition]
        }

        /// The answer to a reducer's fetch: the partition, or — when this disk does not hold the
        /// output — the attempts of the job whose output it still holds, so that the coordinator
        /// re-executes every output the disk lost at once.
        enum ServedFetch: Sendable {
            case bytes(Bytes)
            case missing(held: [Int])
        }

        /// What a reducer's fetch from another worker runs: ``fetch(attempt:partition:)``, once
        /// this worker answers again if it is hung (the reducer's call timeout usually ends the
        /// wait first).
        func serveFetch(attempt: Int, partition: Int, jobID: String) async -> ServedFetch {
            while node.state == .up, !isAnswering {
                guard await simulation.sleepUnlessTornDown(for: Self.pausePoll) else { return .missing(held: held(of: jobID)) }
            }
            return fetch(attempt: attempt, partition: partition).map { .bytes($0) } ?? .missing(held: held(of: jobID))
        }

        /// The attempts whose map output of job `jobID` this disk holds, ascending.
        func held(of jobID: String) -> [Int] {
            disk.keys.sorted().filter { disk[$0]!.jobID == jobID }
        }

        private func loseVolatileState() {
            epoch &+= 1
            disk = [:]
            for attempt in running.keys.sorted() { endRunning(attempt, outcome: "lost in crash") }
        }

        // MARK: Heartbeats

        /// Sends a heartbeat every heartbeat interval while the node is up and not hung, for as
        /// long as the simulation runs, and carries out the answers. Started by the cluster as a daemon.
        func sendHeartbeats() async {
            let interval = configuration.policy.heartbeatInterval
            while true {
                guard await simulation.sleepUnlessTornDown(for: interval) else { return }
                guard isAnswering else { continue }
                let heartbeat = Heartbeat(worker: id, incarnation: node.incarnation, running: statuses(),
                                          freeMapSlots: freeSlots(.map), freeReduceSlots: freeSlots(.reduce),
                                          mapSlots: configuration.mapSlotsPerWorker, reduceSlots: configuration.reduceSlotsPerWorker)
                let startedIn = epoch
                let coordinator = coordinator
                guard let directives = try? await network.call(from: id, to: coordinator.id, timeout: configuration.callTimeout, {
                    await coordinator.heartbeat(heartbeat)
                }), epoch == startedIn else { continue }
                carryOut(directives)
            }
        }

        /// The progress of every running attempt, by attempt number.
        func statuses() -> [AttemptStatus] {
            running.keys.sorted().map {
                AttemptStatus(attempt: $0, progress: running[$0]!.progress)
            }
        }

        /// Free slots of `kind`: the bound on concurrent tasks minus those running.
        func freeSlots(_ kind: TaskKind) -> Int {
            let slots = kind == .map ? configuration.mapSlotsPerWorker : configuration.reduceSlotsPerWorker
            return slots - running.values.filter { $0.kind == kind }.count
        }

        /// Stops what the coordinator says to stop, deletes finished jobs' data and starts new
        /// attempts (refusing any beyond the free slots).
        func carryOut(_ directives: Directives) {
            for attempt in directives.abort { endRunning(attempt, outcome: "aborted") }
            // Every answer names every finished job: nothing to look up while the worker holds
            // nothing (the set of their ids was most of an idle worker's heartbeat).
            if !directives.finishedJobs.isEmpty && !(running.isEmpty && disk.isEmpty) {
                let finished = Set(directives.finishedJobs)
                for attempt in running.keys.sorted() where finished.contains(running[attempt]!.jobID) { endRunning(attempt, outcome: "job finished") }
                for attempt in disk.keys.sorted() where finished.contains(disk[attempt]!.jobID) { disk[attempt] = nil }
            }
            for assignment in directives.assignments { start(assignment) }
        }
    }
}
