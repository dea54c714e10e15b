import Simulator

/// Why requests reach only some slots of a map: the facts about `H` modulo `M` that a report can
/// state, each computed and checked against the slots actually reached, never assumed.
public struct RequestHashReachability: Sendable, Equatable {
    /// Which classes modulo a small divisor of `M` the reachable slots fall in.
    ///
    /// A restriction here is a pattern a reader can check by hand: a polynomial with even `a` and
    /// even `b` gives slots of one parity only, and shifted squares modulo a power of two miss
    /// half the classes modulo 4.
    public struct ResidueClasses: Sendable, Equatable {
        /// The divisor `d` of `M`.
        public let modulus: Int
        /// The classes `s mod d` of the reachable slots `s`, ascending.
        public let reached: [Int]

        /// Whether some class modulo `modulus` holds no reachable slot.
        public var isRestricted: Bool { reached.count < modulus }
    }

    /// The moduli checked for residue patterns are the divisors of `M` up to this: small enough to
    /// explain (parity, classes modulo 4 or 8) and to list without drowning the report.
    public static let largestResidueModulus = 16

    /// `M`, the number of slots.
    public let slotCount: Int
    /// How many distinct slots the ids reach.
    public let reachableSlotCount: Int
    /// `H` written as a shifted square, present only when `H` is `i² + b·i + c` with `b` even and
    /// every reachable slot was checked to be a square modulo `M` plus the shift.
    public let completedSquare: CompletedSquare?
    /// The reached classes modulo each divisor `d` of `M` with `2 ≤ d ≤ largestResidueModulus`
    /// and `d < M`, by ascending `d`.
    public let residueClasses: [ResidueClasses]

    /// Derives the facts for `requestHash` modulo `slotCount` from the slots actually reached.
    ///
    /// - Parameters:
    ///   - requestHash: `H`.
    ///   - slotCount: `M`.
    ///   - reachableSlots: The distinct slots the ids reach, ascending.
    /// - Complexity: O(`M`), dominated by counting the squares modulo `M` when `H` is a square.
    public init(requestHash: RequestHash, slotCount: Int, reachableSlots: [Int]) {
        self.slotCount = slotCount
        self.reachableSlotCount = reachableSlots.count
        self.completedSquare = CompletedSquare(
            requestHash: requestHash, slotCount: slotCount, reachableSlots: reachableSlots)
        self.residueClasses = (2...max(2, min(Self.largestResidueModulus, slotCount - 1)))
            .filter { slotCount % $0 == 0 && $0 < slotCount }
            .map { modulus in
                var hit = Array(repeating: false, count: modulus)
                for slot in reachableSlots {
                    hit[slot % modulus] = true
                }
                return ResidueClasses(modulus: modulus, reached: hit.indices.filter { hit[$0] })
            }
    }

    /// The residue patterns that exclude at least one class, by ascending modulus.
    public var restrictedResidueClasses: [ResidueClasses] {
        residueClasses.filter(\.isRestricted)
    }
}
