/// The consistent hash map of the customizable-load-balancer assignment, exactly as specified.
///
/// An array of `M` slots is used as a circle. Each server, with an integer id `i` and a hostname,
/// is placed as `K` virtual servers: virtual server `j` goes to slot `Φ(i, j) mod M`, or, when that
/// slot is taken, to the next free slot found by linear or quadratic probing. A request `Rid` lands
/// on slot `H(Rid) mod M` and is served by the first virtual server found going clockwise
/// (increasing slot numbers, wrapping at `M`), the landing slot included.
///
/// Virtual servers never move once placed: adding a server only fills free slots and removing one
/// only frees its own. So an added server takes keys only for itself and a removed server's keys
/// go only to the others. The map therefore depends on the order of changes, not just on the set
/// of servers: a slot freed by a removal can be taken by a later virtual server that originally
/// had to probe past it, so removing a server is not the same as building the map without it.
///
/// Lookups read a slot-to-server table rebuilt on every change, so they never allocate.
public struct ConsistentHashMap: Sendable {
    /// A server on the map.
    public struct Server: Hashable, Sendable {
        /// The server id `i` that `Φ` is computed from.
        public let id: Int
        /// The hostname, for example `"Server 1"`; unique on a map.
        public let hostname: String

        /// Creates a server description.
        public init(id: Int, hostname: String) {
            self.id = id
            self.hostname = hostname
        }
    }

    /// Virtual server `index` (`j`, `0 ..< K`) of the server with id `serverID`.
    public struct VirtualServer: Hashable, Sendable {
        /// The id of the server it belongs to.
        public let serverID: Int
        /// Its number `j` among that server's virtual servers.
        public let index: Int

        /// Creates a virtual-server description.
        public init(serverID: Int, index: Int) {
            self.serverID = serverID
            self.index = index
        }
    }

    /// Where a virtual server wanted to go and where it went, which is what explains a report.
    public struct VirtualServerPlacement: Hashable, Sendable {
        /// The virtual server.
        public let virtualServer: VirtualServer
        /// Its home slot, `Φ(i, j) mod M`.
        public let homeSlot: Int
        /// The slot it occupies.
        public let slot: Int
        /// How many taken slots probing passed before finding `slot`; 0 when the home slot was free.
        public let probes: Int

        /// Creates a placement record.
        public init(virtualServer: VirtualServer, homeSlot: Int, slot: Int, probes: Int) {
            self.virtualServer = virtualServer
            self.homeSlot = homeSlot
            self.slot = slot
            self.probes = probes
        }
    }

    /// The parameters the map was built with.
    public let configuration: Configuration
    /// The servers on the map, in the order they were added.
    public private(set) var servers: [Server] = []
    /// Every virtual server, in the order it was placed (server by server, `j` ascending).
    public private(set) var placements: [VirtualServerPlacement] = []
    /// Slot → the virtual server occupying it.
    var occupants: [VirtualServer?]
    /// Slot → the id of the server a request landing there is routed to; empty while no server is
    /// placed, so that an empty map answers `nil` without a sentinel id.
    var routes: [Int] = []

    /// The default hostname of server `id`, as the assignment names its replicas.
    public static func defaultHostname(for id: Int) -> String {
        "Server \(id)"
    }

    /// Creates an empty map.
    ///
    /// - Parameter configuration: The map's parameters; by default the assignment's.
    /// - Throws: `PlacementError.invalidConfiguration` for a slot count outside
    ///   `1 ... Configuration.maximumSlotCount` or fewer than one virtual server per server.
    /// - Complexity: O(`M`).
    public init(configuration: Configuration = .assignment) throws(PlacementError) {
        try configuration.validate()
        self.configuration = configuration
        self.occupants = Array(repeating: nil, count: configuration.slotCount)
    }

    /// Creates a map holding servers `1 ... serverCount`, added in id order and named
    /// `"Server 1"`, `"Server 2"`, …, as the assignment starts.
    ///
    /// - Parameters:
    ///   - serverCount: `N`, at least 0.
    ///   - configuration: The map's parameters; by default the assignment's.
    /// - Throws: `PlacementError.mapFull` when `N·K > M`, `probingExhausted` when quadratic
    ///   probing finds no slot, or `invalidConfiguration`.
    /// - Complexity: O(`N·(K + M)`) with linear probing's worst case O(`N·K·M`).
    public init(serverCount: Int, configuration: Configuration = .assignment) throws(PlacementError) {
        guard serverCount >= 0 else {
            throw .invalidConfiguration(reason: "server count \(serverCount) must not be negative")
        }
        try self.init(configuration: configuration)
        for id in stride(from: 1, through: serverCount, by: 1) {
            try addServer(id: id, hostname: Self.defaultHostname(for: id))
        }
    }

    /// Places a server's `K` virtual servers, each at its home slot or the first free slot the
    /// probing rule finds from there. Virtual servers already on the map stay where they are.
    ///
    /// - Parameters:
    ///   - id: The server id `i`; unique on the map.
    ///   - hostname: The hostname; unique on the map.
    /// - Throws: `duplicateNode`, `duplicateHostname`, `mapFull` (fewer than `K` free slots) or
    ///   `probingExhausted` (quadratic probing found no free slot in `M` probes). On any error
    ///   the map is unchanged.
    /// - Complexity: O(`M + K`) when home slots are free; O(`K·M`) in the worst case.
    public mutating func addServer(id: Int, hostname: String) throws(PlacementError) {
        guard !servers.contains(where: { $0.id == id }) else { throw .duplicateNode(id) }
        guard !servers.contains(where: { $0.hostname == hostname }) else { throw .duplicateHostname(hostname) }
        let needed = configuration.virtualServersPerServer
        guard placements.count + needed <= configuration.slotCount else {
            throw .mapFull(slotCount: configuration.slotCount, occupied: placements.count, needed: needed)
        }

        // Placing into a copy keeps the map unchanged if a later virtual server cannot be placed.
        var newOccupants = occupants
        var newPlacements: [VirtualServerPlacement] = []
        newPlacements.reserveCapacity(needed)
        for index in 0..<needed {
            let placement = try placement(serverID: id, virtualIndex: index, occupants: newOccupants)
            newOccupants[placement.slot] = placement.virtualServer
            newPlacements.append(placement)
        }

        occupants = newOccupants
        placements.append(contentsOf: newPlacements)
        servers.append(Server(id: id, hostname: hostname))
        rebuildRoutes()
    }

    /// Removes a server and frees its slots. Other virtual servers stay where they are, so only
    /// requests that were routed to this server change servers.
    ///
    /// - Parameter id: The id of a server on the map.
    /// - Throws: `PlacementError.unknownNode` if no server has this id.
    /// - Complexity: O(`M + N·K`).
    public mutating func removeServer(id: Int) throws(PlacementError) {
        guard let position = servers.firstIndex(where: { $0.id == id }) else { throw .unknownNode(id) }
        servers.remove(at: position)
        for placement in placements where placement.virtualServer.serverID == id {
            occupants[placement.slot] = nil
        }
        placements.removeAll { $0.virtualServer.serverID == id }
        rebuildRoutes()
    }
}
