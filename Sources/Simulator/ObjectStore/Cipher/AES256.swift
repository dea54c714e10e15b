/// AES-256's forward cipher (FIPS 197): the key expansion and the encryption of one block.
///
/// GCM only ever runs the block cipher forwards (the counter blocks and the hash key are
/// encrypted, never decrypted), so there is no inverse cipher. Each round is the usual table form
/// of SubBytes, ShiftRows and MixColumns: four lookups into ``roundTable`` per column, rotated for
/// the four rows. The tests check it against FIPS 197's appendix C.3.
struct AES256 {
    /// The expanded key, FIPS 197's w[0 ..< 60]: fifteen round keys of four words.
    private let roundKeys: [UInt32]

    /// Expands a 32-byte key (FIPS 197 §5.2 with Nk = 8).
    ///
    /// - Complexity: O(1): 52 words derived from the 8 of the key.
    init(key: [UInt8]) {
        precondition(key.count == 32, "An AES-256 key is 32 bytes.")
        var words = (0..<8).map { column in key[(4 * column)..<(4 * column + 4)].reduce(0) { $0 << 8 | UInt32($1) } }
        words.reserveCapacity(60)
        var roundConstant: UInt8 = 1
        for index in 8..<60 {
            var word = words[index - 1]
            if index % 8 == 0 {
                word = Self.substitute(word << 8 | word >> 24) ^ UInt32(roundConstant) << 24
                roundConstant = Self.timesX(roundConstant)
            } else if index % 8 == 4 {
                word = Self.substitute(word)
            }
            words.append(words[index - 8] ^ word)
        }
        roundKeys = words
    }

    /// Encrypts one block, read as a big-endian number (byte 0 most significant).
    ///
    /// - Complexity: O(1): fourteen rounds.
    func encrypt(_ block: UInt128) -> UInt128 {
        Self.roundTable.withUnsafeBufferPointer { table in
            Self.substitution.withUnsafeBufferPointer { box in
                roundKeys.withUnsafeBufferPointer { keys in
                    @inline(__always) func mix(_ a: UInt32, _ b: UInt32, _ c: UInt32, _ d: UInt32) -> UInt32 {
                        let row0 = table[Int(a >> 24)]
                        let row1 = table[Int(b >> 16 & 0xff)]
                        let row2 = table[Int(c >> 8 & 0xff)]
                        let row3 = table[Int(d & 0xff)]
                        return row0 ^ (row1 >> 8 | row1 << 24) ^ (row2 >> 16 | row2 << 16) ^ (row3 >> 24 | row3 << 8)
                    }
                    @inline(__always) func substitute(_ a: UInt32, _ b: UInt32, _ c: UInt32, _ d: UInt32) -> UInt32 {
                        UInt32(box[Int(a >> 24)]) << 24 | UInt32(box[Int(b >> 16 & 0xff)]) << 16
                            | UInt32(box[Int(c >> 8 & 0xff)]) << 8 | UInt32(box[Int(d & 0xff)])
                    }
                    var s0 = UInt32(truncatingIfNeeded: block >> 96) ^ keys[0]
                    var s1 = UInt32(truncatingIfNeeded: block >> 64) ^ keys[1]
                    var s2 = UInt32(truncatingIfNeeded: block >> 32) ^ keys[2]
                    var s3 = UInt32(truncatingIfNeeded: block) ^ keys[3]
                    for round in 1..<14 {
                        let key = 4 * round
                        (s0, s1, s2, s3) = (mix(s0, s1, s2, s3) ^ keys[key], mix(s1, s2, s3, s0) ^ keys[key + 1],
                                            mix(s2, s3, s0, s1) ^ keys[key + 2], mix(s3, s0, s1, s2) ^ keys[key + 3])
                    }
                    // The last round has no MixColumns: SubBytes and ShiftRows alone.
                    let o0 = substitute(s0, s1, s2, s3) ^ keys[56]
                    let o1 = substitute(s1, s2, s3, s0) ^ keys[57]
                    let o2 = substitute(s2, s3, s0, s1) ^ keys[58]
                    let o3 = substitute(s3, s0, s1, s2) ^ keys[59]
                    return UInt128(o0) << 96 | UInt128(o1) << 64 | UInt128(o2) << 32 | UInt128(o3)
                }
            }
        }
    }

    /// SubWord: the S-box applied to each byte of `word`.
    private static func substitute(_ word: UInt32) -> UInt32 {
        (0..<4).reduce(0) { result, byte in
            result | UInt32(substitution[Int(word >> (8 * byte) & 0xff)]) << (8 * byte)
        }
    }
}
