/// Every message between nodes goes through the network, which applies per-link latency, loss
/// and duplication, partitions, and the destination's liveness, all in virtual time.
///
/// `@unchecked Sendable`: touched only on the simulation thread; its methods are called from
/// tasks and actors that all run on the simulation's executor.
public final class Network: @unchecked Sendable {
    /// The simulation this network lives in.
    public let simulation: Simulation
    /// The profile of every link without an override.
    @exclusivity(unchecked) public var defaultLink: LinkProfile
    @exclusivity(unchecked) private var linkOverrides: [LinkKey: LinkProfile] = [:]
    @exclusivity(unchecked) private var nodesByID = NodeTable<NetworkNode>()
    /// Partition group of each node named in the current partition; empty when healed.
    @exclusivity(unchecked) private var partitionGroup: [NodeID: Int] = [:]
    /// Extra one-way latency in seconds while a latency spike lasts.
    @exclusivity(unchecked) var extraLatency: Double = 0
    /// Extra loss probability while a drop-rate fault lasts.
    @exclusivity(unchecked) var extraDropRate: Double = 0
    @exclusivity(unchecked) var random: SeededRandom
    let executor: SimulationExecutor

    /// A network with `defaultLink` on every link, drawing from the simulation's `network` stream.
    public init(simulation: Simulation, defaultLink: LinkProfile = .lan) {
        self.simulation = simulation
        self.defaultLink = defaultLink
        executor = simulation.executor
        random = simulation.randomStream("network")
    }

    // MARK: Nodes and links

    /// Adds a node (up) and returns it; adding an existing name returns the existing node.
    @discardableResult
    public func addNode(_ id: NodeID) -> NetworkNode {
        if let existing = nodesByID[id] { return existing }
        let node = NetworkNode(id: id)
        nodesByID[id] = node
        return node
    }

    /// Forgets a node: later calls to it are `unreachable`.
    public func removeNode(_ id: NodeID) {
        nodesByID[id] = nil
    }

    /// The node called `id`, if it exists.
    public func node(_ id: NodeID) -> NetworkNode? { nodesByID[id] }

    /// The names of all nodes, sorted.
    public var nodeIDs: [NodeID] { nodesByID.names.sorted() }

    /// Overrides the profile of the link from `source` to `destination` (one direction).
    public func setLink(from source: NodeID, to destination: NodeID, _ profile: LinkProfile) {
        linkOverrides[LinkKey(source: source, destination: destination)] = profile
    }

    /// The profile of the link from `source` to `destination`.
    public func link(from source: NodeID, to destination: NodeID) -> LinkProfile {
        linkOverrides.isEmpty ? defaultLink : linkOverrides[LinkKey(source: source, destination: destination)] ?? defaultLink
    }

    /// Whether `a` and `b` are on the same side of the current partition.
    public func canReach(_ a: NodeID, _ b: NodeID) -> Bool {
        partitionGroup.isEmpty || (partitionGroup[a] ?? -1) == (partitionGroup[b] ?? -1)
    }

    /// Calls observers registered with ``onCrash(_:_:)`` when `id` crashes.
    public func onCrash(_ id: NodeID, _ observer: @escaping () -> Void) {
        addNode(id).crashObservers.append(observer)
    }

    /// Calls `observer` when `id` is up again after a restart.
    public func onRestart(_ id: NodeID, _ observer: @escaping () -> Void) {
        addNode(id).restartObservers.append(observer)
    }

    // MARK: Partitions

    /// Splits the network: nodes in different groups cannot reach each other; nodes named in no
    /// group form one more group together.
    public func partition(_ groups: [[NodeID]]) {
        partitionGroup = [:]
        for (index, group) in groups.enumerated() {
            for id in group { partitionGroup[id] = index }
        }
        simulation.trace.record(.partition, groups.map { $0.map(\.name).joined(separator: ",") }.joined(separator: "|"))
        simulation.observeInstant(.network, "network", "partition", detail: groups.map { $0.map(\.name).joined(separator: ",") }.joined(separator: " | "))
    }

    /// Ends any partition.
    public func heal() {
        partitionGroup = [:]
        simulation.trace.record(.heal, "network")
        simulation.observeInstant(.network, "network", "heal")
    }

    /// One-way latency for a message on `link` now, in nanoseconds.
    func sampleLatency(_ link: LinkProfile) -> Int64 {
        let seconds = link.latency.sample(using: &random) + extraLatency
        return seconds > 0 ? Duration.saturatingNanoseconds((seconds * 1e9).rounded(.towardZero)) : 0
    }
}

/// A directed link, as a dictionary key (looked up, never iterated).
struct LinkKey: Hashable {
    let source: NodeID
    let destination: NodeID
}
