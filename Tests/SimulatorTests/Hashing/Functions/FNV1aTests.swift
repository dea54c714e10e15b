import PropertyBased
import Testing

@testable import Simulator

// The vectors are those of the FNV reference page (isthe.com/chongo/tech/comp/fnv) test suite.
struct FNV1aTests {
    @Test(arguments: [
        ("", UInt32(0x811c_9dc5), UInt64(0xcbf2_9ce4_8422_2325)),
        ("a", 0xe40c_292c, 0xaf63_dc4c_8601_ec8c),
        ("foobar", 0xbf9c_f968, 0x8594_4171_f739_67e8),
    ])
    func matchesTheReferenceVectors(input: String, expected32: UInt32, expected64: UInt64) {
        #expect(FNV1a.hash32(input) == expected32)
        #expect(FNV1a.hash64(input) == expected64)
        #expect(FNV1a.hash32(Array(input.utf8)) == expected32)
        #expect(FNV1a.hash64(Array(input.utf8)) == expected64)
    }

    /// A string hashes as its UTF-8 bytes, whether it is stored inline (up to 15 bytes), on the
    /// heap, or holds multi-byte characters, and whether it is a slice of a larger string.
    @Test(arguments: ["", "client-12345", String(repeating: "backend-", count: 9), "Zürich ☃ 東京 🚀", "ß"])
    func stringsHashAsTheirUTF8Bytes(input: String) {
        #expect(FNV1a.hash64(input) == FNV1a.hash64(Array(input.utf8)))
        #expect(FNV1a.hash32(input) == FNV1a.hash32(Array(input.utf8)))
        let slice = String(("x" + input + "y").dropFirst().dropLast())
        #expect(FNV1a.hash64(slice) == FNV1a.hash64(Array(input.utf8)))
    }

    @Test
    func integerKeysHashTheirLittleEndianBytes() {
        #expect(FNV1a.hash32(UInt64(0)) == 0x9be1_7165)
        #expect(FNV1a.hash64(UInt64(0)) == 0xa8c7_f832_281a_39c5)
        #expect(FNV1a.hash64(UInt64(123_456)) == 0x55ee_ede3_17d8_fab6)
        #expect(FNV1a.hash32(-1) == FNV1a.hash32(UInt64.max))
        #expect(FNV1a.hash64(3, 8) == 0xcef4_6dc9_cb8e_cdae)
    }

    @Test
    func integerOverloadsEqualHashingTheBytes() async {
        await propertyCheck(input: Gen.uint64()) { key in
            let bytes = withUnsafeBytes(of: key.littleEndian) { Array($0) }
            #expect(FNV1a.hash32(key) == FNV1a.hash32(bytes))
            #expect(FNV1a.hash64(key) == FNV1a.hash64(bytes))
        }
    }
}
