import Simulator

extension RequestHashReachability {
    /// `H(i) = i² + b·i + c` with `b` even, rewritten as `(i + b/2)² + (c − b²/4)`.
    ///
    /// Written this way the slot of request `i` is a square modulo `M` plus a constant shift, so
    /// requests can only reach as many slots as there are squares modulo `M`. There are few:
    /// `x²` and `(M − x)²` always coincide, and when 4 divides `M` so do `x²` and `(x + M/2)²`.
    public struct CompletedSquare: Sendable, Equatable {
        /// `b/2`, the offset inside the square.
        public let offset: UInt64
        /// `c − b²/4`, exactly, which may be negative.
        public let constant: Int128
        /// `(c − b²/4) mod M`, the shift applied to every square, in `0 ..< M`.
        public let shift: Int
        /// How many of the `M` residues are squares modulo `M`.
        public let squareCount: Int
        /// Whether every square plus the shift is reached, not just some: true when the ids cover
        /// every residue of `i + b/2` modulo `M`.
        public let reachesEveryShiftedSquare: Bool

        /// Completes the square when `H` allows it and the reached slots confirm it.
        ///
        /// - Returns: `nil` unless `H` is a polynomial with `i²` coefficient 1 and an even `i`
        ///   coefficient, and every reachable slot minus the shift is a square modulo `M`. The
        ///   check guards against the one way the algebra can fail: `H` is evaluated modulo 2⁶⁴,
        ///   which agrees with the integer polynomial modulo `M` only when `M` divides 2⁶⁴ or
        ///   nothing overflows.
        /// - Complexity: O(`M` + reachable slots).
        init?(requestHash: RequestHash, slotCount: Int, reachableSlots: [Int]) {
            guard case let .polynomial(iSquared, i, constant) = requestHash,
                  iSquared == 1, i % 2 == 0
            else { return nil }
            let offset = i / 2
            let modulus = UInt64(slotCount)
            let offsetSquared = (offset % modulus) * (offset % modulus) % modulus
            let shift = Int((constant % modulus + modulus - offsetSquared) % modulus)

            // slotCount ≤ 2³⁰, so x² stays far inside Int.
            var isSquare = Array(repeating: false, count: slotCount)
            for x in 0..<slotCount {
                isSquare[x * x % slotCount] = true
            }
            let squareCount = isSquare.lazy.filter { $0 }.count
            let allShifted = reachableSlots.allSatisfy { isSquare[($0 - shift + slotCount) % slotCount] }
            guard allShifted else { return nil }

            self.offset = offset
            self.constant = Int128(constant) - Int128(offset) * Int128(offset)
            self.shift = shift
            self.squareCount = squareCount
            self.reachesEveryShiftedSquare = reachableSlots.count == squareCount
        }
    }
}
