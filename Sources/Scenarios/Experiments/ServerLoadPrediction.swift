import Simulator

/// What the map alone says about one server's load, before any request is simulated: the arc of
/// slots routed to it, the reachable slots on that arc, and the ids landing on them.
public struct ServerLoadPrediction: Sendable, Equatable {
    /// The server.
    public let server: ConsistentHashMap.Server
    /// Its virtual servers in order of `j`, with where each wanted to go and where it went.
    public let placements: [ConsistentHashMap.VirtualServerPlacement]
    /// The slots whose requests it serves, ascending: every slot from just after the previous
    /// virtual server up to each of its own.
    public let arcSlots: [Int]
    /// The slots of its arc that some id reaches, ascending: the only ones that bring it requests.
    public let reachableSlots: [Int]
    /// How many ids of the range land on its reachable slots.
    public let requestCount: Int
    /// `arcSlots.count / M`: the load a uniform hash of the ids would give it.
    public let arcShare: Double
    /// `requestCount / r`: the fraction of uniformly random ids from the range it will serve.
    public let share: Double

    /// One prediction per server of `map`, in the order the servers were added.
    ///
    /// - Parameters:
    ///   - map: The map, with its servers.
    ///   - histogram: How many ids land on each slot of `map`.
    /// - Complexity: O(`M + N·K`).
    static func predictions(map: ConsistentHashMap, histogram: RequestSlotHistogram) -> [ServerLoadPrediction] {
        let servers = map.servers
        guard !servers.isEmpty else { return [] }
        // Lookup only, never iterated, so the output order stays the servers' order.
        let position = Dictionary(uniqueKeysWithValues: servers.indices.map { (servers[$0].id, $0) })
        var arcs = Array(repeating: [Int](), count: servers.count)
        for slot in 0..<histogram.slotCount {
            if let owner = map.server(servingSlot: slot), let index = position[owner] {
                arcs[index].append(slot)
            }
        }
        let slotCount = Double(histogram.slotCount)
        let requestCount = Double(histogram.requestCount)
        return servers.indices.map { index in
            let server = servers[index]
            let reachable = arcs[index].filter { histogram.requestsPerSlot[$0] > 0 }
            let requests = histogram.requestCount(onSlots: reachable)
            return ServerLoadPrediction(
                server: server,
                placements: map.placements.filter { $0.virtualServer.serverID == server.id },
                arcSlots: arcs[index],
                reachableSlots: reachable,
                requestCount: requests,
                arcShare: Double(arcs[index].count) / slotCount,
                share: Double(requests) / requestCount)
        }
    }
}
