extension ConsistentHashMap.Configuration {
    /// The slot request `requestID` lands on, `H(requestID) mod M`: the same on every map of this
    /// configuration, whatever its servers.
    ///
    /// - Complexity: O(1); does not allocate.
    public func slot(forRequest requestID: UInt64) -> Int {
        Int(requestHash(requestID) % UInt64(slotCount))
    }
}

extension ConsistentHashMap {
    /// The slot request `requestID` lands on, `H(requestID) mod M`.
    ///
    /// - Complexity: O(1); does not allocate.
    public func slot(forRequest requestID: UInt64) -> Int {
        configuration.slot(forRequest: requestID)
    }

    /// The id of the server that serves request `requestID`: the owner of the first virtual
    /// server at or clockwise after the request's slot.
    ///
    /// - Parameter requestID: The request id `Rid`.
    /// - Returns: The server id, or `nil` when no server is on the map.
    /// - Complexity: O(1); does not allocate.
    public func server(forRequest requestID: UInt64) -> Int? {
        guard !routes.isEmpty else { return nil }
        return routes[slot(forRequest: requestID)]
    }

    /// The id of the server that serves requests landing on `slot`.
    ///
    /// - Parameter slot: A slot in `0 ..< M`.
    /// - Returns: The server id, or `nil` when no server is on the map.
    /// - Complexity: O(1); does not allocate.
    public func server(servingSlot slot: Int) -> Int? {
        precondition(occupants.indices.contains(slot), "slot \(slot) is outside 0..<\(occupants.count)")
        guard !routes.isEmpty else { return nil }
        return routes[slot]
    }

    /// Recomputes which server serves each slot, so that lookups are a single array read.
    ///
    /// Walking the circle backwards carries "the next occupied slot's owner" into every free slot;
    /// starting the carry at the first occupied slot makes the slots after the last virtual server
    /// wrap round to it.
    ///
    /// - Complexity: O(`M`).
    mutating func rebuildRoutes() {
        guard let firstOccupant = occupants.lazy.compactMap({ $0 }).first else {
            routes = []
            return
        }
        var owner = firstOccupant.serverID
        var newRoutes = Array(repeating: owner, count: occupants.count)
        for slot in occupants.indices.reversed() {
            if let occupant = occupants[slot] {
                owner = occupant.serverID
            }
            newRoutes[slot] = owner
        }
        routes = newRoutes
    }
}
