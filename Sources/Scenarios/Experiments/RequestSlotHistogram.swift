import Simulator
import Synchronization

/// How many request ids of a range land on each slot of a map: the exact probability, up to the
/// factor `1/r`, that a uniformly random id from the range lands there.
///
/// A slot's weight decides more than its position: a server owning one heavy slot can get more
/// requests than one owning a long arc of slots no id reaches.
public struct RequestSlotHistogram: Sendable, Equatable {
    /// The map configuration whose `H` and `M` placed the ids: the histogram holds for every map
    /// of it, whatever its servers.
    public let configuration: ConsistentHashMap.Configuration
    /// `M`, the number of slots.
    public let slotCount: Int
    /// The request ids that were hashed.
    public let requestIDs: ClosedRange<UInt64>
    /// `requestsPerSlot[s]` is how many ids of `requestIDs` land on slot `s`.
    public let requestsPerSlot: [Int]
    /// The slots at least one id lands on, ascending: the only slots requests are routed from.
    public let reachableSlots: [Int]
    /// How many ids were hashed, `r`.
    public let requestCount: Int

    /// Hashes every id of `requestIDs` with the map's own `H` and `M`.
    ///
    /// - Parameters:
    ///   - map: The map whose configuration decides the slots; its servers do not matter.
    ///   - requestIDs: The ids, for example `100_000 ... 999_999`.
    /// - Precondition: The range has fewer than `Int.max` ids.
    /// - Complexity: O(*r* + `M`) for *r* ids; exact, with no sampling.
    public init(map: ConsistentHashMap, requestIDs: ClosedRange<UInt64>) {
        self.init(configuration: map.configuration, requestIDs: requestIDs)
    }

    /// Hashes every id of `requestIDs` with the configuration's `H` and `M`: computed once, the
    /// histogram serves the maps of the configuration at every server count (A-2's and A-4's).
    ///
    /// - Precondition: The range has fewer than `Int.max` ids.
    /// - Complexity: O(*r* + `M`) for *r* ids; exact, with no sampling.
    public init(configuration: ConsistentHashMap.Configuration, requestIDs: ClosedRange<UInt64>) {
        // A function of its arguments: and A-4's first placement count the same 900,000
        // ids in one `orrery experiment a1 a2 a3 a4`, so one made in this process is reused.
        if let made = Self.memo.withLock({ $0.first { $0.configuration == configuration && $0.requestIDs == requestIDs } }) {
            self = made
            return
        }
        let width = requestIDs.upperBound - requestIDs.lowerBound
        precondition(width < UInt64(Int.max), "request id range \(requestIDs) is too wide to count")
        var counts = Array(repeating: 0, count: configuration.slotCount)
        for requestID in requestIDs {
            counts[configuration.slot(forRequest: requestID)] += 1
        }
        self.configuration = configuration
        self.slotCount = counts.count
        self.requestIDs = requestIDs
        self.requestsPerSlot = counts
        self.reachableSlots = counts.indices.filter { counts[$0] > 0 }
        self.requestCount = Int(width) + 1
        let made = self
        Self.memo.withLock { histograms in
            if histograms.count == Self.memoCapacity { histograms.removeFirst() }
            histograms.append(made)
        }
    }

    /// The histograms made in this process, oldest first (each a count per slot).
    private static let memo = Mutex<[RequestSlotHistogram]>([])
    private static let memoCapacity = 16

    /// Empties ``memo`` (``DistributionRun/forgetMadeRuns()``).
    static func forgetMade() { memo.withLock { $0.removeAll() } }

    /// The ids landing on any of `slots`.
    ///
    /// - Complexity: O(`slots.count`).
    public func requestCount(onSlots slots: [Int]) -> Int {
        slots.reduce(0) { $0 + requestsPerSlot[$1] }
    }
}
