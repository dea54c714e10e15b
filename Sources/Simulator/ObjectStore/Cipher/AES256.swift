/// AES-256's forward cipher (FIPS 197): the key expansion and the encryption of one block.
///
/// GCM only ever runs the block cipher forwards (the counter blocks and the hash key are
/// encrypted, never decrypted), so there is no inverse cipher. Each round is the usual table form
/// of SubBytes, ShiftRows and MixColumns: one lookup per byte of the state into
/// ``roundTables``, four per column.
///
/// The loops index raw pointers and shift with `&>>`, which a debug build compiles to plain
/// instructions (array subscripts and `>>` stay calls there): the tests, built for debugging,
/// seal every SSE-S3 object they store, and this form encrypts a block in ~1 µs there instead of
/// ~3 µs. A release build encrypts a block in ~85 ns either way. The tests check the cipher
/// against FIPS 197's appendix C.3.
struct AES256 {
    /// The expanded key, FIPS 197's w[0 ..< 60]: fifteen round keys of four words.
    private let roundKeys: [UInt32]

    /// Expands a 32-byte key (FIPS 197 §5.2 with Nk = 8).
    ///
    /// - Complexity: O(1): 52 words derived from the 8 of the key.
    init(key: [UInt8]) {
        precondition(key.count == 32, "An AES-256 key is 32 bytes.")
        roundKeys = [UInt32](unsafeUninitializedCapacity: 60) { words, initialized in
            key.withUnsafeBytes { key in
                for column in 0..<8 {
                    words[column] = UInt32(bigEndian: key.loadUnaligned(fromByteOffset: 4 * column, as: UInt32.self))
                }
            }
            var roundConstant: UInt8 = 1
            for index in 8..<60 {
                var word = words[index - 1]
                if index % 8 == 0 {
                    word = Self.substitute(word &<< 8 | word &>> 24) ^ UInt32(roundConstant) &<< 24
                    roundConstant = Self.timesX(roundConstant)
                } else if index % 8 == 4 {
                    word = Self.substitute(word)
                }
                words[index] = words[index - 8] ^ word
            }
            initialized = 60
        }
    }

    /// Encrypts one block, read as a big-endian number (byte 0 most significant).
    ///
    /// - Complexity: O(1): fourteen rounds.
    func encrypt(_ block: UInt128) -> UInt128 {
        withBlockCipher { $0.encrypt(block) }
    }

    /// Runs `body` with this key's cipher, its round keys and the shared tables held at fixed
    /// addresses, so that a loop over many blocks reaches them once rather than once a block.
    func withBlockCipher<Result>(_ body: (BlockCipher) -> Result) -> Result {
        roundKeys.withUnsafeBufferPointer { keys in
            Self.roundTables.withUnsafeBufferPointer { tables in
                Self.substitution.withUnsafeBufferPointer { box in
                    body(BlockCipher(roundKeys: keys.baseAddress!, roundTables: tables.baseAddress!, substitution: box.baseAddress!))
                }
            }
        }
    }

    /// SubWord: the S-box applied to each byte of `word`.
    private static func substitute(_ word: UInt32) -> UInt32 {
        substitution.withUnsafeBufferPointer { box in
            UInt32(box[Int(word &>> 24)]) &<< 24 | UInt32(box[Int(word &>> 16 & 0xff)]) &<< 16
                | UInt32(box[Int(word &>> 8 & 0xff)]) &<< 8 | UInt32(box[Int(word & 0xff)])
        }
    }
}

extension AES256 {
    /// One key's cipher with its round keys and the tables pinned; valid only inside
    /// ``AES256/withBlockCipher(_:)``.
    struct BlockCipher {
        /// FIPS 197's w[0 ..< 60].
        let roundKeys: UnsafePointer<UInt32>
        /// ``AES256/roundTables``.
        let roundTables: UnsafePointer<UInt32>
        /// ``AES256/substitution``.
        let substitution: UnsafePointer<UInt8>

        /// Encrypts one block, read as a big-endian number (byte 0 most significant).
        func encrypt(_ block: UInt128) -> UInt128 {
            let (keys, table, box) = (roundKeys, roundTables, substitution)
            // The state's four columns, each a big-endian word (row 0 the top byte).
            var s0 = UInt32(truncatingIfNeeded: block &>> 96) ^ keys[0]
            var s1 = UInt32(truncatingIfNeeded: block &>> 64) ^ keys[1]
            var s2 = UInt32(truncatingIfNeeded: block &>> 32) ^ keys[2]
            var s3 = UInt32(truncatingIfNeeded: block) ^ keys[3]
            // Rounds 1 … 13. ShiftRows takes row r of output column c from input column c + r,
            // and table r holds SubBytes then MixColumns for a byte in row r.
            var key = 4
            while key < 56 {
                let t0 = table[Int(s0 &>> 24)] ^ table[256 + Int(s1 &>> 16 & 0xff)]
                    ^ table[512 + Int(s2 &>> 8 & 0xff)] ^ table[768 + Int(s3 & 0xff)] ^ keys[key]
                let t1 = table[Int(s1 &>> 24)] ^ table[256 + Int(s2 &>> 16 & 0xff)]
                    ^ table[512 + Int(s3 &>> 8 & 0xff)] ^ table[768 + Int(s0 & 0xff)] ^ keys[key + 1]
                let t2 = table[Int(s2 &>> 24)] ^ table[256 + Int(s3 &>> 16 & 0xff)]
                    ^ table[512 + Int(s0 &>> 8 & 0xff)] ^ table[768 + Int(s1 & 0xff)] ^ keys[key + 2]
                let t3 = table[Int(s3 &>> 24)] ^ table[256 + Int(s0 &>> 16 & 0xff)]
                    ^ table[512 + Int(s1 &>> 8 & 0xff)] ^ table[768 + Int(s2 & 0xff)] ^ keys[key + 3]
                (s0, s1, s2, s3) = (t0, t1, t2, t3)
                key += 4
            }
            // Round 14 has no MixColumns: SubBytes and ShiftRows alone.
            let o0 = UInt32(box[Int(s0 &>> 24)]) &<< 24 | UInt32(box[Int(s1 &>> 16 & 0xff)]) &<< 16
                | UInt32(box[Int(s2 &>> 8 & 0xff)]) &<< 8 | UInt32(box[Int(s3 & 0xff)])
            let o1 = UInt32(box[Int(s1 &>> 24)]) &<< 24 | UInt32(box[Int(s2 &>> 16 & 0xff)]) &<< 16
                | UInt32(box[Int(s3 &>> 8 & 0xff)]) &<< 8 | UInt32(box[Int(s0 & 0xff)])
            let o2 = UInt32(box[Int(s2 &>> 24)]) &<< 24 | UInt32(box[Int(s3 &>> 16 & 0xff)]) &<< 16
                | UInt32(box[Int(s0 &>> 8 & 0xff)]) &<< 8 | UInt32(box[Int(s1 & 0xff)])
            let o3 = UInt32(box[Int(s3 &>> 24)]) &<< 24 | UInt32(box[Int(s0 &>> 16 & 0xff)]) &<< 16
                | UInt32(box[Int(s1 &>> 8 & 0xff)]) &<< 8 | UInt32(box[Int(s2 & 0xff)])
            return UInt128(o0 ^ keys[56]) &<< 96 | UInt128(o1 ^ keys[57]) &<< 64
                | UInt128(o2 ^ keys[58]) &<< 32 | UInt128(o3 ^ keys[59])
        }
    }
}
