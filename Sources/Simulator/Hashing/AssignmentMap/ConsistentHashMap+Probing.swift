extension ConsistentHashMap {
    /// How a virtual server whose home slot is taken looks for a free one.
    public enum Probing: String, CaseIterable, Hashable, Sendable {
        /// Tries `home + 1`, `home + 2`, … modulo `M`: finds a free slot whenever one exists.
        case linear
        /// Tries `home + 1²`, `home + 2²`, `home + 3²`, … modulo `M`. Squares modulo a power of two
        /// take few distinct values (87 of 512), so this can fail while free slots remain.
        case quadratic

        /// The slot visited on probe number `attempt`, where attempt 0 is the home slot itself.
        func slot(home: Int, attempt: Int, slotCount: Int) -> Int {
            switch self {
            case .linear:
                return (home + attempt) % slotCount
            case .quadratic:
                let offset = attempt % slotCount
                return (home + (offset * offset) % slotCount) % slotCount
            }
        }
    }

    /// Finds where virtual server `virtualIndex` of `serverID` goes, given which slots are taken.
    ///
    /// Stopping after `M` probes is what makes a hopeless quadratic search an error instead of an
    /// endless loop: probe `t` and probe `t + M` visit the same slot.
    ///
    /// - Complexity: O(`M`) in the worst case.
    func placement(
        serverID: Int,
        virtualIndex: Int,
        occupants: [VirtualServer?]
    ) throws(PlacementError) -> VirtualServerPlacement {
        let slotCount = configuration.slotCount
        let hash = configuration.virtualServerHash(server: serverID, virtual: virtualIndex)
        let home = Int(hash % UInt64(slotCount))
        for attempt in 0..<slotCount {
            let slot = configuration.probing.slot(home: home, attempt: attempt, slotCount: slotCount)
            if occupants[slot] == nil {
                return VirtualServerPlacement(
                    virtualServer: VirtualServer(serverID: serverID, index: virtualIndex),
                    homeSlot: home,
                    slot: slot,
                    probes: attempt)
            }
        }
        throw .probingExhausted(serverID: serverID, virtualIndex: virtualIndex, homeSlot: home, probes: slotCount)
    }
}
