/// Why a placement could not be created or changed. Every failure leaves the placement as it was.
public enum PlacementError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A node with this id is already placed.
    case duplicateNode(Int)
    /// No node with this id is placed.
    case unknownNode(Int)
    /// Another server already uses this hostname.
    case duplicateHostname(String)
    /// The assignment map has too few free slots for another server's virtual servers: adding one
    /// needs `needed` free slots and only `slotCount - occupied` are free. Probing would otherwise
    /// go round the circle forever.
    case mapFull(slotCount: Int, occupied: Int, needed: Int)
    /// Probing visited `probes` slots from the home slot of virtual server `virtualIndex` of server
    /// `serverID` without finding a free one. Quadratic probing modulo a power of two reaches only
    /// some of the slots, so this can happen while other slots are still free.
    case probingExhausted(serverID: Int, virtualIndex: Int, homeSlot: Int, probes: Int)
    /// A parameter is out of range; `reason` names it, its value and what it must be.
    case invalidConfiguration(reason: String)

    /// A one-line explanation suitable for a report or a command-line error.
    public var description: String {
        switch self {
        case let .duplicateNode(node):
            return "node \(node) is already placed"
        case let .unknownNode(node):
            return "node \(node) is not placed"
        case let .duplicateHostname(hostname):
            return "hostname \"\(hostname)\" is already in use"
        case let .mapFull(slotCount, occupied, needed):
            return "the hash map is full: a server needs \(needed) free slots but only "
                + "\(slotCount - occupied) of \(slotCount) are free"
        case let .probingExhausted(serverID, virtualIndex, homeSlot, probes):
            return "no free slot for virtual server \(virtualIndex) of server \(serverID): "
                + "\(probes) probes from home slot \(homeSlot) found none"
        case let .invalidConfiguration(reason):
            return "invalid configuration: \(reason)"
        }
    }
}
