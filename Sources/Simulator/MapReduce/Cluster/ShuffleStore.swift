extension MapReduce {
    /// A Redis-like store for intermediate data on its own node (seed 001's shuffle layer): map
    /// tasks put each partition of their output under a key with a time to live, reduce tasks get
    /// them. Everything is volatile — a crash of the store loses every entry — and an entry past
    /// its TTL reads as missing, so either makes reducers report a fetch failure and the map task
    /// run again.
    public actor ShuffleStore {
        /// The store's node.
        public nonisolated let id: NodeID
        public nonisolated let unownedExecutor: UnownedSerialExecutor
        private let simulation: Simulation
        /// Entries by key (looked up, never iterated).
        private var entries: [String: (bytes: Bytes, expiresAt: VirtualInstant)] = [:]
        /// Bytes currently held.
        public private(set) var storedBytes = 0
        /// Reads that found nothing (never written, expired, or lost in a crash).
        public private(set) var misses = 0

        /// Creates an empty store on node `id` of `network`.
        public init(_ id: NodeID = "shuffle", network: Network) {
            self.id = id
            simulation = network.simulation
            unownedExecutor = network.simulation.executor.asUnownedSerialExecutor()
            network.addNode(id)
            network.onCrash(id) { [unowned self] in
                self.assumeIsolated { store in
                    store.entries = [:]
                    store.storedBytes = 0
                }
            }
        }

        /// The key of partition `partition` of map attempt `attempt` of job `jobID`.
        public nonisolated static func key(jobID: String, attempt: Int, partition: Int) -> String {
            "\(jobID)/a\(attempt)/r\(partition)"
        }

        /// Stores `bytes` under `key` until `ttl` from now.
        public func put(_ key: String, _ bytes: Bytes, ttl: Duration) {
            storedBytes += bytes.count - (entries[key]?.bytes.count ?? 0)
            entries[key] = (bytes, simulation.now.advanced(by: ttl))
        }

        /// The bytes under `key`, or nil if there are none or they expired.
        public func get(_ key: String) -> Bytes? {
            guard let entry = entries[key] else {
                misses += 1
                return nil
            }
            guard entry.expiresAt > simulation.now else {
                entries[key] = nil
                storedBytes -= entry.bytes.count
                misses += 1
                return nil
            }
            return entry.bytes
        }
    }
}
