extension MapReduce {
    /// The shape of a MapReduce cluster and the rules it runs by.
    public struct ClusterConfiguration: Sendable, Equatable {
        /// Number of workers, on nodes `worker-1` … `worker-N`.
        public var workers: Int
        /// How many map tasks one worker runs at once (backpressure: it takes no more).
        public var mapSlotsPerWorker: Int
        /// How many reduce tasks one worker runs at once.
        public var reduceSlotsPerWorker: Int
        /// Where intermediate data lives.
        public var shuffle: ShuffleMode
        /// How long work takes in virtual time.
        public var cost: CostModel
        /// The coordinator's timing and retry rules (the worker heartbeat interval is among them).
        public var policy: CoordinatorPolicy
        /// The profile of every link.
        public var link: LinkProfile
        /// How long any call between nodes waits for its answer.
        public var callTimeout: Duration
        /// How often a job's client asks the coordinator whether the job is done.
        public var pollInterval: Duration
        /// Faults injected as attempts start; nil for none.
        public var attemptChaos: AttemptChaos?

        /// Creates a configuration; the defaults are seed 001's cluster: 4 workers of one core each
        /// (1 map slot, 1 reduce slot — so 4 mappers at ~12,500 events/s make ~50,000 events/s),
        /// local-disk shuffle, a quiet LAN.
        public init(workers: Int = 4, mapSlotsPerWorker: Int = 1, reduceSlotsPerWorker: Int = 1,
                    shuffle: ShuffleMode = .localDisk, cost: CostModel = CostModel(),
                    policy: CoordinatorPolicy = CoordinatorPolicy(), link: LinkProfile = .lan,
                    callTimeout: Duration = .seconds(1), pollInterval: Duration = .seconds(1),
                    attemptChaos: AttemptChaos? = nil) {
            self.workers = workers
            self.mapSlotsPerWorker = mapSlotsPerWorker
            self.reduceSlotsPerWorker = reduceSlotsPerWorker
            self.shuffle = shuffle
            self.cost = cost
            self.policy = policy
            self.link = link
            self.callTimeout = callTimeout
            self.pollInterval = pollInterval
            self.attemptChaos = attemptChaos
        }
    }
}
