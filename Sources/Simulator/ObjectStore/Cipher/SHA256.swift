/// SHA-256 (FIPS 180-4), the hash under ``HMACSHA256``, which derives each sealed segment's data
/// key and nonce.
///
/// Orrery only hashes short messages whole, so this is a one-shot function rather than a
/// streaming hasher like ``MD5``: whole blocks are compressed straight from the input and the
/// padded tail from a buffer on the stack. Hashing can start from a chaining state that has
/// already absorbed whole blocks, which is how HMAC compresses its padded key once per key
/// instead of once per message. The tests check it against FIPS 180-4's examples.
enum SHA256 {
    /// Bytes in a digest.
    static let digestByteCount = 32
    /// Bytes in a block; HMAC pads its key to this length.
    static let blockByteCount = 64

    /// The eight chaining words H₀ … H₇, with FIPS 180-4's initial hash value H⁽⁰⁾ (the first 32
    /// bits of the fractional parts of the square roots of the first eight primes).
    struct State: Equatable {
        var a: UInt32 = 0x6a09_e667, b: UInt32 = 0xbb67_ae85, c: UInt32 = 0x3c6e_f372, d: UInt32 = 0xa54f_f53a
        var e: UInt32 = 0x510e_527f, f: UInt32 = 0x9b05_688c, g: UInt32 = 0x1f83_d9ab, h: UInt32 = 0x5be0_cd19
    }

    /// The SHA-256 digest of `bytes`.
    ///
    /// - Complexity: O(*n*).
    static func hash(_ bytes: [UInt8]) -> [UInt8] {
        hash(bytes, continuing: State(), after: 0)
    }

    /// The digest of a message whose first `prefixByteCount` bytes (whole blocks) `state` has
    /// already absorbed and whose remaining bytes are `bytes`.
    ///
    /// - Complexity: O(*n*) for the *n* bytes of `bytes`.
    static func hash(_ bytes: [UInt8], continuing state: State, after prefixByteCount: Int) -> [UInt8] {
        precondition(prefixByteCount % blockByteCount == 0, "Only whole blocks can be absorbed ahead.")
        var state = state
        bytes.withUnsafeBytes { input in
            let wholeBlocks = input.count / blockByteCount
            for block in 0..<wholeBlocks {
                compress(&state, input.baseAddress! + block * blockByteCount)
            }
            // The tail, a 1 bit, zeros and the bit length (big-endian) fill one block or two.
            let tail = UnsafeRawBufferPointer(rebasing: input[(wholeBlocks * blockByteCount)...])
            let paddedCount = tail.count < 56 ? 64 : 128
            let bitLength = UInt64(prefixByteCount + input.count) &* 8
            withUnsafeTemporaryAllocation(byteCount: 128, alignment: 8) { padded in
                padded.initializeMemory(as: UInt8.self, repeating: 0)
                padded.copyMemory(from: tail)
                padded[tail.count] = 0x80
                padded.storeBytes(of: bitLength.bigEndian, toByteOffset: paddedCount - 8, as: UInt64.self)
                for offset in stride(from: 0, to: paddedCount, by: blockByteCount) {
                    compress(&state, UnsafeRawPointer(padded.baseAddress! + offset))
                }
            }
        }
        return [UInt8](unsafeUninitializedCapacity: digestByteCount) { digest, initialized in
            let digest = UnsafeMutableRawBufferPointer(digest)
            for (index, word) in [state.a, state.b, state.c, state.d, state.e, state.f, state.g, state.h].enumerated() {
                digest.storeBytes(of: word.bigEndian, toByteOffset: 4 * index, as: UInt32.self)
            }
            initialized = digestByteCount
        }
    }

    /// FIPS 180-4's constants K: the first 32 bits of the fractional parts of the cube roots of
    /// the first sixty-four primes.
    private static let roundConstants: [UInt32] = [
        0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4, 0xab1c_5ed5,
        0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe, 0x9bdc_06a7, 0xc19b_f174,
        0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f, 0x4a74_84aa, 0x5cb0_a9dc, 0x76f9_88da,
        0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7, 0xc6e0_0bf3, 0xd5a7_9147, 0x06ca_6351, 0x1429_2967,
        0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc, 0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e, 0x9272_2c85,
        0xa2bf_e8a1, 0xa81a_664b, 0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585, 0x106a_a070,
        0x19a4_c116, 0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f, 0x682e_6ff3,
        0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208, 0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7, 0xc671_78f2,
    ]

    /// Folds the 64-byte block at `block` into `state`: FIPS 180-4 §6.2.2, the message schedule
    /// W₀ … W₆₃ followed by sixty-four rounds. Rotations are written out with `&>>` and `&<<`
    /// and the schedule indexed through a pointer, which a debug build (the tests') runs as plain
    /// instructions.
    static func compress(_ state: inout State, _ block: UnsafeRawPointer) {
        roundConstants.withUnsafeBufferPointer { constants in
            let constants = constants.baseAddress!
            withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { schedule in
                let w = schedule.baseAddress!
                var t = 0
                while t < 16 {
                    w[t] = UInt32(bigEndian: block.loadUnaligned(fromByteOffset: 4 * t, as: UInt32.self))
                    t += 1
                }
                while t < 64 {
                    let (early, late) = (w[t - 15], w[t - 2])
                    let sigma0 = (early &>> 7 | early &<< 25) ^ (early &>> 18 | early &<< 14) ^ early &>> 3
                    let sigma1 = (late &>> 17 | late &<< 15) ^ (late &>> 19 | late &<< 13) ^ late &>> 10
                    w[t] = sigma1 &+ w[t - 7] &+ sigma0 &+ w[t - 16]
                    t += 1
                }
                var (a, b, c, d, e, f, g, h) = (state.a, state.b, state.c, state.d, state.e, state.f, state.g, state.h)
                t = 0
                while t < 64 {
                    let choice = (e & f) ^ (~e & g)
                    let majority = (a & b) ^ (a & c) ^ (b & c)
                    let bigSigma0 = (a &>> 2 | a &<< 30) ^ (a &>> 13 | a &<< 19) ^ (a &>> 22 | a &<< 10)
                    let bigSigma1 = (e &>> 6 | e &<< 26) ^ (e &>> 11 | e &<< 21) ^ (e &>> 25 | e &<< 7)
                    let t1 = h &+ bigSigma1 &+ choice &+ constants[t] &+ w[t]
                    let t2 = bigSigma0 &+ majority
                    (h, g, f, e) = (g, f, e, d &+ t1)
                    (d, c, b, a) = (c, b, a, t1 &+ t2)
                    t += 1
                }
                state.a &+= a
                state.b &+= b
                state.c &+= c
                state.d &+= d
                state.e &+= e
                state.f &+= f
                state.g &+= g
                state.h &+= h
            }
        }
    }
}
