/// The S-box and the round tables, computed from their definitions in FIPS 197 rather than copied
/// in as 256-entry literals: what the S-box is can be read here, and FIPS 197's test vectors
/// check that it was built right.
extension AES256 {
    /// The S-box (FIPS 197 §5.1.1): each byte's multiplicative inverse in GF(2⁸) (0 stays 0),
    /// then the affine transformation b ⊕ (b ⋘ 1) ⊕ (b ⋘ 2) ⊕ (b ⋘ 3) ⊕ (b ⋘ 4) ⊕ 0x63.
    static let substitution: [UInt8] = {
        // 3 generates GF(2⁸)'s multiplicative group: powers[i] = 3ⁱ and logarithms undo it, so
        // the inverse of 3ⁱ is 3²⁵⁵⁻ⁱ.
        var powers = [UInt8](repeating: 0, count: 255)
        var logarithms = [Int](repeating: 0, count: 256)
        var power: UInt8 = 1
        for exponent in 0..<255 {
            powers[exponent] = power
            logarithms[Int(power)] = exponent
            power ^= timesX(power)
        }
        return (0..<256).map { byte in
            let inverse = byte == 0 ? 0 : powers[(255 - logarithms[byte]) % 255]
            return (0..<5).reduce(0x63) { result, rotation in
                result ^ (inverse << rotation | inverse >> ((8 - rotation) % 8))
            }
        }
    }()

    /// SubBytes followed by MixColumns for one byte s of the state, one table of 256 words per
    /// row it sits in: for row 0 the column (2·S(s), S(s), S(s), 3·S(s)) as a big-endian word,
    /// and for rows 1, 2 and 3 that word rotated right by 8, 16 and 24 bits.
    static let roundTables: [UInt32] = (0..<4).flatMap { row in
        substitution.map { substituted in
            let doubled = timesX(substituted)
            let column = UInt32(doubled) << 24 | UInt32(substituted) << 16 | UInt32(substituted) << 8 | UInt32(doubled ^ substituted)
            return row == 0 ? column : column >> (8 * row) | column << (32 - 8 * row)
        }
    }

    /// Multiplication by x (that is, by 2) in GF(2⁸) modulo x⁸ + x⁴ + x³ + x + 1: FIPS 197's xtime.
    static func timesX(_ byte: UInt8) -> UInt8 {
        byte &<< 1 ^ (byte & 0x80 == 0 ? 0 : 0x1b)
    }
}
