/// Where everything sits when the world has zones: each server's and each client's zone, the
/// balancer's point of presence in every zone, and, for clients of each zone, the order in which
/// the zones become priority levels.
///
/// The balancer is one actor with one health view and a point of presence (its own network node,
/// `balancer@<zone>`) in every zone: a client sends to its zone's point of presence, and the
/// forward to a server leaves from that node, so the client→balancer hop stays in the zone and the
/// balancer→server hop crosses zones exactly when the server is in another zone.
public struct ZoneLayout: Sendable, Equatable {
    /// The zones' names, in the order the scenario lists them.
    public var names: [String]
    /// Each server's zone (by hostname; looked up, never iterated).
    public var serverZones: [String: Int]
    /// Each client host's zone (looked up, never iterated).
    public var clientZones: [NodeID: Int]
    /// For clients of zone `z`, the zones from P0 (their own) down: `priorities[z]`.
    public var priorities: [[Int]]

    public init(names: [String], serverZones: [String: Int], clientZones: [NodeID: Int], priorities: [[Int]]) {
        precondition(priorities.count == names.count, "one priority order per zone")
        self.names = names
        self.serverZones = serverZones
        self.clientZones = clientZones
        self.priorities = priorities
    }

    /// The balancer's point of presence in zone `zone`: `<balancer>@<zone name>`.
    public func pointOfPresence(of balancer: NodeID, in zone: Int) -> NodeID {
        NodeID("\(balancer.name)@\(names[zone])")
    }
}
