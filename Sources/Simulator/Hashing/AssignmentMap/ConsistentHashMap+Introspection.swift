// What a distribution report shows besides the counts: which slots the virtual servers hold and
// which slots requests can reach at all. Together they explain a skew.
extension ConsistentHashMap {
    /// Every virtual server ordered by the slot it occupies, which is the order a request walking
    /// clockwise meets them.
    ///
    /// - Complexity: O(`N·K·log(N·K)`).
    public var occupiedSlots: [VirtualServerPlacement] {
        placements.sorted { $0.slot < $1.slot }
    }

    /// The virtual server occupying `slot`, or `nil` if the slot is free.
    ///
    /// - Parameter slot: A slot in `0 ..< M`.
    /// - Complexity: O(1).
    public func occupant(ofSlot slot: Int) -> VirtualServer? {
        precondition(occupants.indices.contains(slot), "slot \(slot) is outside 0..<\(occupants.count)")
        return occupants[slot]
    }

    /// The slots held by server `id`'s virtual servers, in order of `j`; empty for an unknown id.
    ///
    /// - Complexity: O(`N·K`).
    public func slots(ofServer id: Int) -> [Int] {
        placements.filter { $0.virtualServer.serverID == id }.map(\.slot)
    }

    /// The distinct slots that requests with ids in `requestIDs` land on, ascending.
    ///
    /// Requests can only ever be routed from these slots, so a slot outside this set contributes
    /// nothing even when it lies on a server's arc. With the assignment's `H(i) = (i + 1)² + 16`
    /// only squares modulo 512 (87 of the 512 residues) can occur.
    ///
    /// - Parameter requestIDs: The ids to hash, for example `100_000 ... 999_999`.
    /// - Complexity: O(*r* + `M`) for *r* ids.
    public func reachableSlots(forRequestIDs requestIDs: ClosedRange<UInt64>) -> [Int] {
        var reached = Array(repeating: false, count: configuration.slotCount)
        for requestID in requestIDs {
            reached[slot(forRequest: requestID)] = true
        }
        return reached.indices.filter { reached[$0] }
    }
}
