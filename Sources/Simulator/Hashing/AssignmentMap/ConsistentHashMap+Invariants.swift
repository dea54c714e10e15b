extension ConsistentHashMap {
    /// A broken internal invariant; its description says which and where.
    public struct InvariantViolation: Error, CustomStringConvertible {
        /// What does not hold.
        public let description: String
    }

    /// Checks every internal invariant against a slow, obviously correct recomputation: servers
    /// and hostnames are unique, each server has exactly `K` virtual servers, the slot table
    /// matches the placements, each placement is where its probe sequence says, and every slot
    /// routes to the owner of the first occupied slot clockwise.
    ///
    /// - Throws: `InvariantViolation` describing the first failure.
    /// - Complexity: O(`M²`) in the worst case; meant for tests and self-checks, not hot paths.
    public func checkInvariants() throws(InvariantViolation) {
        let slotCount = configuration.slotCount
        let perServer = configuration.virtualServersPerServer
        func require(_ condition: Bool, _ message: @autoclosure () -> String) throws(InvariantViolation) {
            if !condition { throw InvariantViolation(description: message()) }
        }

        try require(occupants.count == slotCount, "slot table has \(occupants.count) slots, not \(slotCount)")
        try require(Set(servers.map(\.id)).count == servers.count, "server ids are not unique")
        try require(Set(servers.map(\.hostname)).count == servers.count, "hostnames are not unique")
        try require(placements.count == servers.count * perServer,
                    "\(placements.count) placements for \(servers.count) servers of \(perServer)")
        try require(occupants.compactMap { $0 }.count == placements.count,
                    "slot table holds a different number of virtual servers than the placements")

        for server in servers {
            let indices = placements.filter { $0.virtualServer.serverID == server.id }.map(\.virtualServer.index)
            try require(indices == Array(0..<perServer), "server \(server.id) has virtual servers \(indices)")
        }

        for placement in placements {
            let virtualServer = placement.virtualServer
            try require(occupants[placement.slot] == virtualServer,
                        "slot \(placement.slot) does not hold \(virtualServer)")
            let hash = configuration.virtualServerHash(server: virtualServer.serverID, virtual: virtualServer.index)
            try require(placement.homeSlot == Int(hash % UInt64(slotCount)),
                        "\(virtualServer) records home slot \(placement.homeSlot)")
            try require(
                configuration.probing.slot(home: placement.homeSlot, attempt: placement.probes, slotCount: slotCount)
                    == placement.slot,
                "\(virtualServer) is not where \(placement.probes) probes from its home slot lead")
        }

        guard !placements.isEmpty else {
            try require(routes.isEmpty, "an empty map routes requests")
            return
        }
        try require(routes.count == slotCount, "route table has \(routes.count) slots, not \(slotCount)")
        for slot in 0..<slotCount {
            let expected = (0..<slotCount).lazy
                .compactMap { occupants[(slot + $0) % slotCount] }
                .first!.serverID
            try require(routes[slot] == expected, "slot \(slot) routes to \(routes[slot]), not \(expected)")
        }
    }
}
