extension ConsistentHashMap {
    /// The parameters of an assignment map: its size, how many virtual servers each server gets,
    /// the two hash functions and the probing rule. The defaults are the assignment's.
    public struct Configuration: Hashable, Sendable {
        /// The largest slot count accepted; it keeps `t²` of quadratic probing inside `Int`.
        public static let maximumSlotCount = 1 << 30

        /// `M`, the number of slots on the circle (default 512).
        public var slotCount: Int
        /// `K`, the number of virtual servers placed for each server (default `⌊log₂ M⌋`, 9 for 512).
        public var virtualServersPerServer: Int
        /// `H`, which sends request `Rid` to slot `H(Rid) mod M`.
        public var requestHash: RequestHash
        /// `Φ`, which gives virtual server `j` of server `i` the home slot `Φ(i, j) mod M`.
        public var virtualServerHash: VirtualServerHash
        /// Where a virtual server goes when its home slot is taken.
        public var probing: Probing

        /// Creates a configuration; every parameter defaults to the assignment's value.
        ///
        /// - Parameters:
        ///   - slotCount: `M`.
        ///   - virtualServersPerServer: `K`; `nil` means `⌊log₂ M⌋` (at least 1), the assignment's
        ///     rule, so that changing `M` alone keeps the assignment's proportions.
        ///   - requestHash: `H`.
        ///   - virtualServerHash: `Φ`.
        ///   - probing: The collision rule.
        public init(
            slotCount: Int = 512,
            virtualServersPerServer: Int? = nil,
            requestHash: RequestHash = .assignment,
            virtualServerHash: VirtualServerHash = .assignment,
            probing: Probing = .linear
        ) {
            self.slotCount = slotCount
            self.virtualServersPerServer =
                virtualServersPerServer ?? max(1, Int.bitWidth - 1 - max(slotCount, 1).leadingZeroBitCount)
            self.requestHash = requestHash
            self.virtualServerHash = virtualServerHash
            self.probing = probing
        }

        /// The assignment's map: `M = 512`, `K = 9`, `H(i) = i² + 2i + 17`,
        /// `Φ(i, j) = i² + j² + 2j + 25`, linear probing.
        public static let assignment = Configuration()

        /// Rejects sizes the map cannot be built with.
        func validate() throws(PlacementError) {
            guard (1...Self.maximumSlotCount).contains(slotCount) else {
                throw .invalidConfiguration(
                    reason: "slot count \(slotCount) must be between 1 and \(Self.maximumSlotCount)")
            }
            guard virtualServersPerServer >= 1 else {
                throw .invalidConfiguration(
                    reason: "virtual servers per server \(virtualServersPerServer) must be at least 1")
            }
        }
    }
}
