import Simulator

/// How an experiment's balancer places requests, as written in its scenario file: the
/// assignment's map with chosen H, Φ, M, K and probing, or another algorithm.
public enum PlacementSpec: Sendable, Equatable {
    case assignment(ConsistentHashMap.Configuration)
    case ring(virtualNodes: Int)
    case jump
    case maglev(tableSize: Int)
    case rendezvous
    case boundedLoads(epsilon: Double, virtualNodes: Int)

    /// A fresh, empty placement (servers are added by the balancer).
    public func makePlacement() throws(PlacementError) -> BalancerPlacement {
        switch self {
        case .assignment(let configuration): return .assignment(try ConsistentHashMap(configuration: configuration))
        case .ring(let virtualNodes): return .general(try HashRing(virtualNodesPerNode: virtualNodes))
        case .jump: return .general(try JumpHashPlacement())
        case .maglev(let tableSize): return .general(try MaglevTable(tableSize: tableSize))
        case .rendezvous: return .general(try RendezvousHash())
        case .boundedLoads(let epsilon, let virtualNodes): return .boundedLoads(try BoundedLoadRing(epsilon: epsilon, virtualNodesPerNode: virtualNodes))
        }
    }

    /// The same placement as a plain ``KeyPlacement`` over servers 1…n, for key-movement analysis.
    public func makeKeyPlacement(servers: Int) throws(PlacementError) -> any KeyPlacement {
        var placement = try makeEmptyKeyPlacement()
        for id in 1...max(servers, 1) { try placement.add(node: id) }
        return placement
    }

    /// The same placement as a plain ``KeyPlacement`` with no node yet.
    public func makeEmptyKeyPlacement() throws(PlacementError) -> any KeyPlacement {
        switch try makePlacement() {
        case .assignment(let map): return map
        case .other(let box): return box.placement
        case .boundedLoads(let ring): return ring
        }
    }

    /// How an assignment map is built and read, for the reports that show its counts: the choices
    /// the assignment leaves open, stated. `nil` for the other algorithms, whose summaries name them.
    public var construction: String? {
        guard case .assignment(let c) = self else { return nil }
        let k = c.virtualServersPerServer
        var text = "Servers are placed in id order, each one's K = " + (k == 1 ? "1 virtual server j = 0, " : "\(k) virtual servers j = 0 … \(k - 1) in turn, ")
        text += "each at slot Φ(i, j) mod \(c.slotCount) or, if taken, the first free slot \(c.probing.rawValue) probing finds; "
        text += "a placed virtual server never moves, so removing a server frees only its own slots. "
        text += "A request lands on slot H(id) mod \(c.slotCount) and goes to the first virtual server at or after it (wrapping at \(c.slotCount))."
        if case .murmur3 = c.requestHash { text += " murmur3(i) is MurmurHash3 x86_32 with seed 0 over the id's 8 little-endian bytes." }
        if case .murmur3 = c.virtualServerHash { text += " murmur3(i, j) is MurmurHash3 x86_32 with seed 0 over i's then j's 8 little-endian bytes." }
        return text
    }

    /// A one-line description for reports, e.g. `H(i) = i² + 2i + 17, Φ(i, j) = …, M = 512, K = 9, linear probing`.
    public var summary: String {
        switch self {
        case .assignment(let c):
            return "assignment map: \(c.requestHash), \(c.virtualServerHash), M = \(c.slotCount), K = \(c.virtualServersPerServer), \(c.probing.rawValue) probing"
        case .ring(let v): return "ketama-style ring, \(v) virtual nodes per server (MurmurHash3)"
        case .jump: return "jump consistent hash (Lamping & Veach)"
        case .maglev(let size): return "Maglev, lookup table of \(size) entries"
        case .rendezvous: return "rendezvous (highest random weight)"
        case .boundedLoads(let epsilon, let v): return "consistent hashing with bounded loads, ε = \(epsilon), ring of \(v) virtual nodes"
        }
    }
}

extension ScenarioLoader {
    /// Parses `map:` (the assignment's map) or `placement:` (another algorithm).
    static func parsePlacement(map: YAMLCursor?, placement: YAMLCursor?, at cursor: YAMLCursor) throws(ScenarioError) -> PlacementSpec {
        if let map, placement != nil {
            throw map.error(.invalidValue("give either 'map' (the assignment's hash map) or 'placement' (another algorithm), not both"))
        }
        if let placement { return try parseAlgorithm(placement) }
        guard let map else { return .assignment(.assignment) }
        let fields = try map.mapping(ScenarioSchema.assignmentMap)
        let slots = try fields["slots"]?.int(in: ScenarioSchema.mapSlots) ?? ConsistentHashMap.Configuration.assignment.slotCount
        var configuration = ConsistentHashMap.Configuration(slotCount: slots, virtualServersPerServer: try fields["virtual_servers"]?.int(in: ScenarioSchema.mapVirtualServers))
        if let h = fields["request_hash"] { configuration.requestHash = try parseRequestHash(h) }
        if let phi = fields["virtual_server_hash"] { configuration.virtualServerHash = try parseVirtualServerHash(phi) }
        if let probing = fields["probing"] {
            let name = try probing.string()
            guard let value = ConsistentHashMap.Probing(rawValue: name) else {
                throw probing.error(.invalidValue("unknown probing '\(name.excerpt)'; expected linear or quadratic"))
            }
            configuration.probing = value
        }
        return .assignment(configuration)
    }

    /// The Simulator's refusal of a hash name, with the name quoted as every message quotes user
    /// input (``Swift/String/excerpt``): its own text quoted all of a 100,000-character name.
    private static func unknownHashMessage(_ error: UnknownHashFunctionError) -> String {
        "unknown \(error.role) \"\(error.name.excerpt)\"; valid names: \(error.validNames.joined(separator: ", "))"
    }

    static func parseRequestHash(_ cursor: YAMLCursor) throws(ScenarioError) -> RequestHash {
        if let name = cursor.text {
            do { return try RequestHash(named: name) } catch { throw cursor.error(.invalidValue(unknownHashMessage(error))) }
        }
        let fields = try cursor.mapping(ScenarioSchema.requestPolynomial).required("polynomial").mapping(ScenarioSchema.requestCoefficients)
        return .polynomial(iSquared: try coefficient(fields["i2"]), i: try coefficient(fields["i"]), constant: try coefficient(fields["c"]))
    }

    static func parseVirtualServerHash(_ cursor: YAMLCursor) throws(ScenarioError) -> VirtualServerHash {
        if let name = cursor.text {
            do { return try VirtualServerHash(named: name) } catch { throw cursor.error(.invalidValue(unknownHashMessage(error))) }
        }
        let fields = try cursor.mapping(ScenarioSchema.virtualServerPolynomial).required("polynomial").mapping(ScenarioSchema.virtualServerCoefficients)
        return .polynomial(iSquared: try coefficient(fields["i2"]), i: try coefficient(fields["i"]), jSquared: try coefficient(fields["j2"]),
                           j: try coefficient(fields["j"]), constant: try coefficient(fields["c"]))
    }

    private static func coefficient(_ cursor: YAMLCursor?) throws(ScenarioError) -> UInt64 {
        guard let cursor else { return 0 }
        return UInt64(try cursor.int(atLeast: 0))
    }

    static func parseAlgorithm(_ cursor: YAMLCursor) throws(ScenarioError) -> PlacementSpec {
        let names = ScenarioSchema.placementByName.keys
        if let name = cursor.text {
            switch name {
            case "ring": return .ring(virtualNodes: HashRing.defaultVirtualNodesPerNode)
            case "jump": return .jump
            case "maglev": return .maglev(tableSize: MaglevTable.defaultTableSize)
            case "rendezvous": return .rendezvous
            case "bounded_loads": return .boundedLoads(epsilon: BoundedLoadRing.defaultEpsilon, virtualNodes: HashRing.defaultVirtualNodesPerNode)
            default:
                throw cursor.error(.invalidValue("unknown placement '\(name.excerpt)'" + (Suggestion.closest(to: name, among: names).map { "; did you mean '\($0)'?" } ?? "; expected one of \(names.joined(separator: ", "))")))
            }
        }
        let fields = try cursor.mapping(ScenarioSchema.placementByName)
        guard fields.entries.count == 1, let entry = fields.entries.first else {
            throw cursor.error(.invalidValue("a placement names exactly one of \(names.joined(separator: ", "))"))
        }
        switch entry.key {
        case "ring":
            return .ring(virtualNodes: try entry.value.mapping(ScenarioSchema.ringOptions)["virtual_nodes"]?.int(in: ScenarioSchema.ringVirtualNodes) ?? HashRing.defaultVirtualNodesPerNode)
        case "maglev":
            let size = try entry.value.mapping(ScenarioSchema.maglevOptions)["table_size"]
            let tableSize = try size?.int(in: ScenarioSchema.maglevTableSize) ?? MaglevTable.defaultTableSize
            guard tableSize.isPrime else {
                throw (size ?? entry.value).error(.invalidValue("a Maglev table size must be prime, got \(tableSize)"))
            }
            return .maglev(tableSize: tableSize)
        case "bounded_loads":
            let options = try entry.value.mapping(ScenarioSchema.boundedLoadsOptions)
            return .boundedLoads(epsilon: try options["epsilon"]?.double(in: ScenarioSchema.boundedLoadsEpsilon) ?? BoundedLoadRing.defaultEpsilon,
                                 virtualNodes: try options["virtual_nodes"]?.int(in: ScenarioSchema.ringVirtualNodes) ?? HashRing.defaultVirtualNodesPerNode)
        case "jump": return .jump
        default: return .rendezvous
        }
    }
}

extension Int {
    /// Whether the number is prime (trial division; table sizes are small).
    var isPrime: Bool {
        guard self >= 2 else { return false }
        var divisor = 2
        while divisor * divisor <= self {
            if self % divisor == 0 { return false }
            divisor += 1
        }
        return true
    }
}
