import Reports
import Simulator

extension PlacementError {
    /// The error as ``description`` says it, its figures grouped as every number Orrery prints
    /// (`no free slot for virtual server 3 of server 12,000: 65,536 probes …`): the Simulator,
    /// which formats nothing for people, writes them bare. A configuration's reason is the
    /// Simulator's own sentence and stays as written.
    var message: String {
        switch self {
        case let .duplicateNode(node):
            return "node \(NumberFormat.integer(node)) is already placed"
        case let .unknownNode(node):
            return "node \(NumberFormat.integer(node)) is not placed"
        case .duplicateHostname, .invalidConfiguration:
            return description
        case let .mapFull(slotCount, occupied, needed):
            return "the hash map is full: a server needs \(NumberFormat.integer(needed)) free slots but only "
                + "\(NumberFormat.integer(slotCount - occupied)) of \(NumberFormat.integer(slotCount)) are free"
        case let .probingExhausted(serverID, virtualIndex, homeSlot, probes):
            return "no free slot for virtual server \(NumberFormat.integer(virtualIndex)) of server \(NumberFormat.integer(serverID)): "
                + "\(NumberFormat.integer(probes)) probes from home slot \(NumberFormat.integer(homeSlot)) found none"
        }
    }
}
