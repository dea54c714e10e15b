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
        /// `H` with its coefficients reduced modulo `M`, when that is what gives it the form
        /// `i² + b·i + c` with `b` even (`513i² + 2i + 17` modulo 512 is `i² + 2i + 17`); nil when
        /// `H` has the form as written.
        public let reducedHash: RequestHash?

        /// `H`'s coefficients in the form `i² + b·i + c` with `b` even: as written, or reduced
        /// modulo `M` when `M` is a power of two (it divides 2⁶⁴, so the 64-bit wrap keeps every
        /// remainder modulo `M` and the reduced polynomial lands every id on the same slot); nil
        /// when neither has the form. A report judged `513i² + 2i + 17` to have no closed form
        /// modulo 512 while `513 ≡ 1`: it is the default `H`, with the same 87 slots.
        static func squareForm(_ requestHash: RequestHash, slotCount: Int) -> (i: UInt64, constant: UInt64, reduced: Bool)? {
            guard case let .polynomial(iSquared, i, constant) = requestHash else { return nil }
            if iSquared == 1, i % 2 == 0 { return (i, constant, false) }
            guard slotCount > 1, slotCount & (slotCount - 1) == 0 else { return nil }
            let modulus = UInt64(slotCount)
            guard iSquared % modulus == 1, (i % modulus) % 2 == 0 else { return nil }
            return (i % modulus, constant % modulus, true)
        }

        /// Completes the square when `H` allows it and the reached slots confirm it.
        ///
        /// - Returns: `nil` unless `H` is a polynomial with `i²` coefficient 1 and an even `i`
        ///   coefficient (as written, or reduced modulo `M`: ``squareForm(_:slotCount:)``), and
        ///   every reachable slot minus the shift is a square modulo `M`. The check guards against the one way the algebra can fail: `H` is evaluated modulo 2⁶⁴,
        ///   which agrees with the integer polynomial modulo `M` only when `M` divides 2⁶⁴ or
        ///   nothing overflows.
        /// - Complexity: O(`M` + reachable slots).
        init?(requestHash: RequestHash, slotCount: Int, reachableSlots: [Int]) {
            guard let form = Self.squareForm(requestHash, slotCount: slotCount) else { return nil }
            let (i, constant, reduced) = form
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
            self.reducedHash = reduced ? .polynomial(iSquared: 1, i: i, constant: constant) : nil
        }
    }
}
