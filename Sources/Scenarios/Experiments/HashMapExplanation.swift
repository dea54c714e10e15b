import Simulator

/// Why a consistent hash map splits requests the way it does, worked out from the map alone:
/// where the virtual servers sit, which slots request ids can reach at all, and which server owns
/// each reachable slot. Weighting every reachable slot by the ids that land on it predicts each
/// server's share exactly, before any request is simulated.
///
/// The numbers are fields, for JSON and CSV; `markdown` explains them in prose and tables. Every
/// statement in the text is derived from computed facts — a completed square is claimed only
/// when `H` has that form and the reached slots confirm it — and the output is the same bytes on
/// every run.
///
/// ```swift
/// let explanation = try HashMapExplanation(map: ConsistentHashMap(serverCount: 3))
/// explanation.reachableSlots   // 87
/// explanation.predictedShare   // [("Server 1", 0.8437…), ("Server 2", 0.0468…), ("Server 3", 0.1093…)]
/// ```
public struct HashMapExplanation: Sendable, Equatable {
    /// A run of free slots between two occupied ones, going clockwise.
    public struct FreeStretch: Sendable, Equatable {
        /// The free slots in clockwise order (wrapping at `M`).
        public let slots: [Int]
        /// The virtual server just after the stretch, whose server serves every slot of it.
        public let servedBy: ConsistentHashMap.VirtualServerPlacement
    }

    /// The assignment's request ids: every six-digit number.
    public static let sixDigitRequestIDs: ClosedRange<UInt64> = 100_000...999_999

    /// The map's parameters: `M`, `K`, `H`, `Φ` and the probing rule.
    public let configuration: ConsistentHashMap.Configuration
    /// Every virtual server in clockwise order of the slot it occupies.
    public let occupiedSlots: [ConsistentHashMap.VirtualServerPlacement]
    /// The longest run of free slots, whose requests all go to one server; `nil` when the map is
    /// empty or full.
    public let longestFreeStretch: FreeStretch?
    /// How many ids land on each slot.
    public let histogram: RequestSlotHistogram
    /// Why only `reachableSlots` slots are reached.
    public let reachability: RequestHashReachability
    /// Each server's arc, reachable slots and predicted share, in the order the servers were added.
    public let servers: [ServerLoadPrediction]
    /// The spread of the predicted per-server id counts (`ServerLoadPrediction.requestCount`).
    public let predictedBalance: BalanceStatistics

    /// Explains `map` for the ids in `requestIDs`.
    ///
    /// - Parameters:
    ///   - map: The map, with its servers.
    ///   - requestIDs: The ids requests carry, uniformly at random; the six-digit ids by default.
    /// - Complexity: O(*r* + `M` + `N·K·log(N·K)`) for *r* ids; every id is hashed once.
    public init(map: ConsistentHashMap, requestIDs: ClosedRange<UInt64> = Self.sixDigitRequestIDs) {
        self.init(map: map, histogram: RequestSlotHistogram(map: map, requestIDs: requestIDs))
    }

    /// Explains `map` for the ids of `histogram`, computed beforehand for the map's configuration
    /// (one histogram for the maps of every server count).
    ///
    /// - Precondition: `histogram` was computed for `map`'s configuration.
    /// - Complexity: O(`M` + `N·K·log(N·K)`).
    public init(map: ConsistentHashMap, histogram: RequestSlotHistogram) {
        precondition(histogram.configuration == map.configuration, "a histogram of another map configuration")
        let servers = ServerLoadPrediction.predictions(map: map, histogram: histogram)
        let occupied = map.occupiedSlots
        self.configuration = map.configuration
        self.occupiedSlots = occupied
        self.longestFreeStretch = Self.longestFreeStretch(occupied: occupied, slotCount: histogram.slotCount)
        self.histogram = histogram
        self.reachability = RequestHashReachability(
            requestHash: map.configuration.requestHash,
            slotCount: histogram.slotCount,
            reachableSlots: histogram.reachableSlots)
        self.servers = servers
        self.predictedBalance = BalanceStatistics(counts: servers.map(\.requestCount))
    }

    /// The number of distinct slots the ids reach.
    public var reachableSlots: Int { histogram.reachableSlots.count }

    /// Each server's hostname and the fraction of the ids it serves, in the order the servers
    /// were added.
    public var predictedShare: [(hostname: String, share: Double)] {
        servers.map { (hostname: $0.server.hostname, share: $0.share) }
    }

    /// The share each server would get from an even split, `1/N`; 0 with no servers.
    public var uniformShare: Double {
        servers.isEmpty ? 0 : 1 / Double(servers.count)
    }

    /// The explanation as Markdown with its title at level 2 (`##`).
    public var markdown: String { markdown(headingLevel: 2) }

    /// Finds the longest run of free slots between consecutive virtual servers, the run that
    /// wraps past slot `M − 1` included; the first in clockwise order from slot 0 wins a tie.
    static func longestFreeStretch(
        occupied: [ConsistentHashMap.VirtualServerPlacement],
        slotCount: Int
    ) -> FreeStretch? {
        guard !occupied.isEmpty else { return nil }
        var best: (start: Int, length: Int, next: Int)?
        for index in occupied.indices {
            let next = (index + 1) % occupied.count
            let start = occupied[index].slot + 1
            // The distance to the next virtual server, going clockwise round the circle.
            let length = (occupied[next].slot - start + slotCount) % slotCount
            if length > 0, length > best?.length ?? 0 {
                best = (start, length, next)
            }
        }
        guard let best else { return nil }
        return FreeStretch(
            slots: (0..<best.length).map { (best.start + $0) % slotCount },
            servedBy: occupied[best.next])
    }
}
