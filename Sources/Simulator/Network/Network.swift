/// Every message between nodes goes through the network, which applies per-link latency, loss
/// and duplication, partitions, and the destination's liveness, all in virtual time.
///
/// `@unchecked Sendable`: touched only on the simulation thread; its methods are called from
/// tasks and actors that all run on the simulation's executor.
public final class Network: @unchecked Sendable {
    /// The simulation this network lives in.
    public let simulation: Simulation
    /// The profile of every link without an override.
    @exclusivity(unchecked) public var defaultLink: LinkProfile {
        didSet { defaultLinkIndex = listing(defaultLink, unless: defaultLinkIndex) }
    }
    /// Every link profile a call may be sent over, listed once each and never changed: a call
    /// records its link by position here (``LinkIndex``, 4 bytes, where a profile takes 64), and
    /// keeps the profile it was sent over whatever is set while it travels.
    @exclusivity(unchecked) private var linkProfiles: [LinkProfile]
    /// Each listed profile's constant latency in nanoseconds, as ``sampleLatency(_:)`` converts
    /// it without a latency spike; -1 when it is drawn: read as it is at every message, where
    /// copying the profile's distribution (an enum with payloads) out of the list and converting
    /// its value took most of the sampling.
    @exclusivity(unchecked) private var constantNanoseconds: [Int64]
    /// How many profiles ``linkProfiles`` lists.
    var linkProfileCount: Int { linkProfiles.count }
    /// ``defaultLink``'s position in ``linkProfiles``.
    @exclusivity(unchecked) private var defaultLinkIndex: LinkIndex
    /// The position in ``linkProfiles`` of each overridden link's profile.
    @exclusivity(unchecked) private var linkOverrides: [LinkKey: LinkIndex] = [:]
    @exclusivity(unchecked) private var nodesByID = NodeTable<NetworkNode>()
    /// Nodes removed from ``nodesByID``, kept alive for the calls that still name them.
    private var retiredNodes: [NetworkNode] = []
    /// Partition group of each node named in the current partition; empty when healed.
    @exclusivity(unchecked) private var partitionGroup: [NodeID: Int] = [:]
    /// What the current partition does with a request sent across it (``PartitionMode``).
    private(set) var partitionMode: PartitionMode = .reject
    /// Extra one-way latency in seconds while a latency spike lasts.
    @exclusivity(unchecked) var extraLatency: Double = 0
    /// Extra loss probability while a drop-rate fault lasts.
    @exclusivity(unchecked) var extraDropRate: Double = 0
    @exclusivity(unchecked) var random: SeededRandom
    let executor: SimulationExecutor
    /// The scheduled faults it ignored and why, for the reports (not traced, not in the digest).
    public internal(set) var faultsWithoutEffect = FaultsWithoutEffect()
    /// Every change it made to a node's liveness and speed, for the timeline (not traced, not in
    /// the digest).
    public internal(set) var stateChanges = NodeStateChanges()

    /// A network with `defaultLink` on every link, drawing from the simulation's `network` stream.
    public init(simulation: Simulation, defaultLink: LinkProfile = .lan) {
        self.simulation = simulation
        self.defaultLink = defaultLink
        linkProfiles = [defaultLink]
        constantNanoseconds = [Self.constantNanoseconds(of: defaultLink)]
        defaultLinkIndex = LinkIndex(position: 0)
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

    /// Adds `point` (up) as a point of presence of `owner` — a balancer's node in a zone — and
    /// returns it: what it sends, it sends for `owner`'s process (``NetworkNode/processHost``),
    /// so a crash of `owner` ends those calls as it ends `owner`'s own (untraced, their answers
    /// lost, ``callerStanding(of:)``) and a pause of `owner` holds them, while `point` itself
    /// goes on receiving.
    @discardableResult
    public func addPointOfPresence(_ point: NodeID, of owner: NodeID) -> NetworkNode {
        let node = addNode(point)
        node.processHost = addNode(owner)
        return node
    }

    /// The node whose process a call sent from `id` belongs to — `id`'s own, or its owner's for a
    /// point of presence — lent (see ``lentNode(_:)``).
    @inline(__always)
    func lentProcessNode(_ id: NodeID) -> Unmanaged<NetworkNode>? {
        guard let node = lentNode(id) else { return nil }
        return node._withUnsafeGuaranteedRef { $0.processHost.map { Unmanaged.passUnretained($0) } } ?? node
    }

    /// Forgets a node: later calls to it are `unreachable`. The node itself is kept (retired)
    /// for as long as the network lives: calls already sent to it name it without counting it
    /// (``PendingCall/lentNode``).
    public func removeNode(_ id: NodeID) {
        if let node = nodesByID[id] { retiredNodes.append(node) }
        nodesByID[id] = nil
    }

    /// The node called `id`, if it exists.
    public func node(_ id: NodeID) -> NetworkNode? { nodesByID[id] }

    /// The node called `id`, if it exists, not counted (see ``NodeTable/lent(_:)``): for a use
    /// that removes no node, on the path of every message.
    @inline(__always)
    func lentNode(_ id: NodeID) -> Unmanaged<NetworkNode>? { nodesByID.lent(id) }

    /// The names of all nodes, sorted.
    public var nodeIDs: [NodeID] { nodesByID.names.sorted() }

    /// Overrides the profile of the link from `source` to `destination` (one direction): the
    /// requests `source` sends to `destination` and the answers (refusals, resets) `source` sends
    /// back to `destination`'s calls travel on it; the other direction keeps its own profile.
    /// Set before the calls it should apply to are sent: a call resolves both its links when sent.
    public func setLink(from source: NodeID, to destination: NodeID, _ profile: LinkProfile) {
        let key = LinkKey(source: source, destination: destination)
        linkOverrides[key] = listing(profile, unless: linkOverrides[key])
    }

    /// The profile of the link from `source` to `destination`.
    public func link(from source: NodeID, to destination: NodeID) -> LinkProfile {
        linkProfiles[linkIndex(from: source, to: destination).position]
    }

    /// The position of the profile of the link from `source` to `destination`.
    func linkIndex(from source: NodeID, to destination: NodeID) -> LinkIndex {
        linkOverrides.isEmpty ? defaultLinkIndex : linkOverrides[LinkKey(source: source, destination: destination)] ?? defaultLinkIndex
    }

    /// `profile`'s position in ``linkProfiles``: `current`, the default link's or the last one
    /// listed if that lists the same profile (a link set again, a link set to the default, the
    /// links between many nodes set in turn to one profile), else a new one at the end (a link
    /// set again and again to new profiles lists each of them).
    private func listing(_ profile: LinkProfile, unless current: LinkIndex?) -> LinkIndex {
        if let current, linkProfiles[current.position] == profile { return current }
        if linkProfiles[defaultLinkIndex.position] == profile { return defaultLinkIndex }
        if linkProfiles[linkProfiles.count - 1] == profile { return LinkIndex(position: linkProfiles.count - 1) }
        precondition(linkProfiles.count < Int(Int32.max), "a network lists at most 2^31 - 1 link profiles")
        linkProfiles.append(profile)
        constantNanoseconds.append(Self.constantNanoseconds(of: profile))
        return LinkIndex(position: linkProfiles.count - 1)
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
    /// group form one more group together. A partition replaces the one in force, with its mode.
    public func partition(_ groups: [[NodeID]], mode: PartitionMode = .reject) {
        partitionGroup = [:]
        for (index, group) in groups.enumerated() {
            for id in group { partitionGroup[id] = index }
        }
        partitionMode = mode
        // A rejecting partition's trace line is the one every partition wrote before modes existed.
        let dropping = mode == .drop ? " (dropping)" : ""
        simulation.trace.record(.partition, groups.map { $0.map(\.name).joined(separator: ",") }.joined(separator: "|") + dropping)
        simulation.observeInstant(.network, "network", "partition", detail: groups.map { $0.map(\.name).joined(separator: ",") }.joined(separator: " | ") + dropping)
    }

    /// Ends any partition.
    public func heal() {
        partitionGroup = [:]
        partitionMode = .reject
        simulation.trace.record(.heal, "network")
        simulation.observeInstant(.network, "network", "heal")
    }

    /// One-way latency for a message on `link` now, in nanoseconds.
    func sampleLatency(_ link: LinkIndex) -> Int64 {
        // Without a spike, a constant is what it converts to (adding a zero spike changes no bit).
        if extraLatency == 0, constantNanoseconds[link.position] >= 0 { return constantNanoseconds[link.position] }
        // A constant draws nothing from the stream: sampling it gives it back.
        return Self.nanoseconds(linkProfiles[link.position].latency.sample(using: &random) + extraLatency)
    }

    /// A one-way latency of `seconds` in whole nanoseconds (none when it is not positive).
    private static func nanoseconds(_ seconds: Double) -> Int64 {
        seconds > 0 ? Duration.saturatingNanoseconds((seconds * 1e9).rounded(.towardZero)) : 0
    }

    /// `profile`'s latency in nanoseconds when it is constant (and not NaN), else -1.
    private static func constantNanoseconds(of profile: LinkProfile) -> Int64 {
        guard case .constant(let seconds) = profile.latency, !seconds.isNaN else { return -1 }
        return nanoseconds(seconds)
    }

    /// The probability that a message on `link` is lost now.
    func dropRate(_ link: LinkIndex) -> Double {
        linkProfiles[link.position].dropRate + extraDropRate
    }

    /// The probability that a request on `link` is delivered twice.
    func duplicateRate(_ link: LinkIndex) -> Double {
        linkProfiles[link.position].duplicateRate
    }
}

/// A link profile's position in its network's list of them (see ``Network/linkIndex(from:to:)``).
struct LinkIndex: Equatable {
    private let value: Int32

    init(position: Int) { value = Int32(truncatingIfNeeded: position) }

    var position: Int { Int(value) }
}

/// A directed link, as a dictionary key (looked up, never iterated).
struct LinkKey: Hashable {
    let source: NodeID
    let destination: NodeID
}
