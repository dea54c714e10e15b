extension MapReduce {
    /// A fault in a MapReduce cluster: any network fault (crash, restart, pause, slow,
    /// partition, …) or a worker losing its intermediate data without crashing.
    public enum ClusterFault: Sendable, Equatable, CustomStringConvertible {
        /// A fault the network applies.
        case network(Fault)
        /// The worker's local disk is wiped (finished map outputs are gone) while it keeps running.
        case loseIntermediateData(NodeID)

        /// The nodes the fault names.
        public var nodes: [NodeID] {
            switch self {
            case .network(let fault): return fault.nodes
            case .loseIntermediateData(let node): return [node]
            }
        }

        /// A one-line human-readable form.
        public var description: String {
            switch self {
            case .network(let fault): return fault.description
            case .loseIntermediateData(let node): return "lose intermediate data on \(node)"
            }
        }

        /// One fault at one instant.
        public struct Entry: Sendable, Equatable, CustomStringConvertible {
            /// When it happens.
            public var at: VirtualInstant
            /// What happens.
            public var fault: ClusterFault
            /// For a level fault (`slow`, `drop_rate`, `latency_spike`) or a partition written with
            /// `for:`, or drawn by ``ClusterChaos``, whose end was left out of the schedule — a later
            /// fault of its target overlaps and outlasts it, or replaces the partition
            /// (``LevelWindows``) — that length, which the report lists it with and `shrink` writes
            /// as its `for:`; nil otherwise. Never applied: the cluster runs the schedule as it is.
            public var writtenLength: Duration? = nil

            /// Creates an entry.
            public init(at: VirtualInstant, _ fault: ClusterFault) {
                self.at = at
                self.fault = fault
            }

            /// A one-line human-readable form.
            public var description: String { "\(at) \(fault)" }
        }
    }
}
