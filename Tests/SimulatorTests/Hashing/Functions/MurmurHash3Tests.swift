import PropertyBased
import Testing

@testable import Simulator

// Expected values come from the reference SMHasher implementation as packaged by Python's mmh3
// (5.3.1) and from the vectors widely published with it (Wikipedia, Guava, the SMHasher README).
struct MurmurHash3Tests {
    struct Vector32: Sendable, CustomTestStringConvertible {
        let input: String
        let seed: UInt32
        let expected: UInt32
        var testDescription: String { "\"\(input)\" seed \(seed)" }
    }

    struct Vector128: Sendable, CustomTestStringConvertible {
        let input: String
        let seed: UInt32
        let h1: UInt64
        let h2: UInt64
        var testDescription: String { "\"\(input)\" seed \(seed)" }
    }

    static let vectors32: [Vector32] = [
        Vector32(input: "", seed: 0, expected: 0),
        Vector32(input: "", seed: 1, expected: 0x514e_28b7),
        Vector32(input: "hello", seed: 0, expected: 0x248b_fa47),
        Vector32(input: "The quick brown fox jumps over the lazy dog", seed: 0, expected: 0x2e4f_f723),
        Vector32(input: "The quick brown fox jumps over the lazy dog", seed: 0x9747_b28c, expected: 0x2fa8_26cd),
        Vector32(input: "Hello, world!", seed: 1234, expected: 0xfaf6_cdb3),
        Vector32(input: "aaaa", seed: 0x9747_b28c, expected: 0x5a97_808a),
        Vector32(input: "a", seed: 0, expected: 0x3c25_69b2),
        Vector32(input: "ab", seed: 0, expected: 0x9bbf_d75f),
        Vector32(input: "abc", seed: 0, expected: 0xb3dd_93fa),
        Vector32(input: "abcd", seed: 0, expected: 0x43ed_676a),
    ]

    static let vectors128: [Vector128] = [
        Vector128(input: "", seed: 0, h1: 0, h2: 0),
        Vector128(input: "", seed: 1, h1: 0x4610_abe5_6eff_5cb5, h2: 0x5162_2daa_78f8_3583),
        Vector128(input: "hello", seed: 0, h1: 0xcbd8_a7b3_41bd_9b02, h2: 0x5b1e_906a_48ae_1d19),
        Vector128(
            input: "The quick brown fox jumps over the lazy dog", seed: 0,
            h1: 0xe34b_bc7b_bc07_1b6c, h2: 0x7a43_3ca9_c49a_9347),
        Vector128(
            input: "The quick brown fox jumps over the lazy dog", seed: 42,
            h1: 0x740d_cf93_fe0b_d5d7, h2: 0xc454_6cf4_ec70_5c8f),
        Vector128(
            input: "abcdefghijklmnopqrstuvwxyz0123456789", seed: 0xdead_beef,
            h1: 0x13fa_cbfc_7ff8_5909, h2: 0x75ab_ce69_b27b_a707),
        Vector128(input: "a", seed: 0, h1: 0x8555_5565_f659_7889, h2: 0xe6b5_3a48_510e_895a),
        Vector128(input: "0123456789abcde", seed: 0, h1: 0xa62d_d5f6_c0bf_2351, h2: 0x4fcc_f50c_7c54_4cf0),
        Vector128(input: "0123456789abcdef", seed: 0, h1: 0x4be0_6d94_cf4a_d1a7, h2: 0x87c3_5b5c_63a7_08da),
        Vector128(input: "0123456789abcdef0", seed: 0, h1: 0xeb24_ae87_85a5_c075, h2: 0x73fb_68b3_3131_28ca),
    ]

    @Test(arguments: vectors32)
    func x86_32MatchesTheReferenceVectors(_ vector: Vector32) {
        #expect(MurmurHash3.x86_32(vector.input, seed: vector.seed) == vector.expected)
        #expect(MurmurHash3.x86_32(Array(vector.input.utf8), seed: vector.seed) == vector.expected)
    }

    @Test(arguments: vectors128)
    func x64_128MatchesTheReferenceVectors(_ vector: Vector128) {
        let hash = MurmurHash3.x64_128(vector.input, seed: vector.seed)
        #expect(hash == (vector.h1, vector.h2))
        #expect(MurmurHash3.x64_128(Array(vector.input.utf8), seed: vector.seed) == (vector.h1, vector.h2))
    }

    @Test(arguments: [
        (UInt64(0), UInt32(0x6385_2afc), UInt64(0x28df_63b7_cc57_c3cb), UInt64(0xf255_7dfc_c4e8_fe52)),
        (123_456, 0x169c_dc5c, 0x2923_b96c_81da_5cdd, 0x82e3_1715_9f34_19d5),
        (0xdead_beef_cafe_babe, 0xaa16_2480, 0xc22c_e2e9_3a1d_c8c1, 0xc20a_f682_be9f_5a65),
        (.max, 0x6275_64e8, 0xa0e4_b27a_1aba_ed73, 0x6921_12c9_6b4a_46af),
    ])
    func integerKeysMatchTheReferenceHashOfTheirLittleEndianBytes(key: UInt64, x86: UInt32, h1: UInt64, h2: UInt64) {
        #expect(MurmurHash3.x86_32(key) == x86)
        #expect(MurmurHash3.x64_128(key) == (h1, h2))
    }

    @Test
    func signedKeysHashAsTheirTwosComplementBitPattern() {
        #expect(MurmurHash3.x86_32(-1) == MurmurHash3.x86_32(UInt64.max))
        #expect(MurmurHash3.x64_128(-1) == MurmurHash3.x64_128(UInt64.max))
    }

    /// The inlined x86_32 (4-byte blocks, the tail read in one step) against the reference's
    /// plain byte loop, for every tail length and a few seeds.
    @Test
    func x86_32MatchesAByteLoopForEveryLengthUpTo64() {
        func reference(_ bytes: [UInt8], seed: UInt32) -> UInt32 {
            func rotl(_ x: UInt32, _ r: UInt32) -> UInt32 { x << r | x >> (32 - r) }
            var h1 = seed
            let blocks = bytes.count / 4
            for block in 0..<blocks {
                var k1 = (0..<4).reduce(UInt32(0)) { $0 | UInt32(bytes[block * 4 + $1]) << (8 * $1) }
                k1 = rotl(k1 &* 0xcc9e_2d51, 15) &* 0x1b87_3593
                h1 = rotl(h1 ^ k1, 13) &* 5 &+ 0xe654_6b64
            }
            var k1: UInt32 = 0
            for index in (blocks * 4)..<bytes.count { k1 |= UInt32(bytes[index]) << (8 * (index - blocks * 4)) }
            if bytes.count % 4 != 0 { h1 ^= rotl(k1 &* 0xcc9e_2d51, 15) &* 0x1b87_3593 }
            h1 ^= UInt32(bytes.count)
            h1 = (h1 ^ h1 >> 16) &* 0x85eb_ca6b
            h1 = (h1 ^ h1 >> 13) &* 0xc2b2_ae35
            return h1 ^ h1 >> 16
        }
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for count in 0...64 {
            let bytes = (0..<count).map { _ -> UInt8 in
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                return UInt8(truncatingIfNeeded: state >> 56)
            }
            for seed: UInt32 in [0, 1, 0x9747_b28c] {
                #expect(MurmurHash3.x86_32(bytes, seed: seed) == reference(bytes, seed: seed), "\(count) bytes, seed \(seed)")
            }
        }
    }

    @Test
    func integerOverloadsEqualHashingTheBytes() async {
        await propertyCheck(input: Gen.uint64(), Gen.uint32()) { key, seed in
            let bytes = withUnsafeBytes(of: key.littleEndian) { Array($0) }
            #expect(MurmurHash3.x86_32(key, seed: seed) == MurmurHash3.x86_32(bytes, seed: seed))
            #expect(MurmurHash3.x64_128(key, seed: seed) == MurmurHash3.x64_128(bytes, seed: seed))
        }
    }

    /// The pair overload (one block, no tail, written out) against the byte loop over its 16 bytes.
    @Test
    func pairOverloadsEqualHashingTheirSixteenBytes() async {
        await propertyCheck(input: Gen.uint64(), Gen.uint64(), Gen.uint32()) { first, second, seed in
            let bytes = withUnsafeBytes(of: first.littleEndian) { Array($0) } + withUnsafeBytes(of: second.littleEndian) { Array($0) }
            #expect(MurmurHash3.x64_128(first, second, seed: seed) == MurmurHash3.x64_128(bytes, seed: seed))
            #expect(MurmurHash3.x86_32(first, second, seed: seed) == MurmurHash3.x86_32(bytes, seed: seed))
        }
    }

    @Test
    func pairsHashAsTheirSixteenLittleEndianBytes() {
        #expect(MurmurHash3.x64_128(1, 0) == (0xc1c4_c5ee_1138_72db, 0x17ed_c9d0_759f_4dce))
        #expect(MurmurHash3.x86_32(3, 8) == 0xde40_b57e)
    }

    @Test
    func finalizersAreTheReferenceMixers() {
        #expect(MurmurHash3.fmix32(0) == 0)
        #expect(MurmurHash3.fmix64(0) == 0)
        // fmix32 of the length-mixed state of "" with seed 1 is the published hash of that input.
        #expect(MurmurHash3.fmix32(1) == 0x514e_28b7)
    }
}
