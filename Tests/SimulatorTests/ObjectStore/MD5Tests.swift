import Testing
@testable import Simulator

@Suite("Object store: MD5")
struct MD5Tests {
    /// RFC 1321's test suite (appendix A.5).
    @Test(arguments: [
        ("", "d41d8cd98f00b204e9800998ecf8427e"),
        ("a", "0cc175b9c0f1b6a831c399e269772661"),
        ("abc", "900150983cd24fb0d6963f7d28e17f72"),
        ("message digest", "f96b697d7cb7938d525a2f31aaf161d0"),
        ("abcdefghijklmnopqrstuvwxyz", "c3fcd3d76192e4007dfb496cca67e13b"),
        ("12345678901234567890123456789012345678901234567890123456789012345678901234567890", "57edf4a22be3c955ac49da2e2107b67a"),
    ])
    func digestsMatchTheRFCTestSuite(text: String, hex: String) {
        #expect(ObjectStoreHex.encode(MD5.hash(Array(text.utf8)).bytes) == hex)
    }

    /// Lengths on either side of the padding boundaries (55/56 bytes: the length fits in the last
    /// block or needs another; 64: exactly one block), against Python's `hashlib.md5`.
    @Test(arguments: [
        (0, "d41d8cd98f00b204e9800998ecf8427e"),
        (1, "89e74e640b8c46257a29de0616794d5d"),
        (3, "3b704fb2660febf62921a0caaa8de56b"),
        (55, "c9e512626618c9980ef21a96597af94c"),
        (56, "ecde7caa08e9f5657c863df107cac60a"),
        (57, "b17b1a018dd6a4d1edda8aca15f17846"),
        (63, "2f0301069e1c40af7f6c8f843b1b13f2"),
        (64, "b6bf87c24b1bc334e2541387a92b981b"),
        (65, "f168246f08b6134d66bd2a10343fa9f1"),
        (119, "d5dc3d8264de3aa24dee105910ee27fe"),
        (120, "bcc139b3848923904860d1eefd6e5923"),
        (127, "27670172396247fa5f68637f13f8933d"),
        (128, "3e85b70ffc8df5c735ecf2a8f14f1bee"),
        (1000, "2b1e78d5765de9e10495a01412a1cf22"),
    ])
    func digestsMatchHashlibAroundBlockBoundaries(count: Int, hex: String) {
        #expect(ObjectStoreHex.encode(MD5.hash(Self.bytes(count)).bytes) == hex)
    }

    @Test func hashingInPiecesEqualsHashingAtOnce() {
        let bytes = Self.bytes(1000)
        let whole = MD5.hash(bytes)
        for pieceSize in [1, 7, 55, 63, 64, 65, 200] {
            var hasher = MD5()
            var start = 0
            while start < bytes.count {
                let end = min(start + pieceSize, bytes.count)
                hasher.update(Array(bytes[start..<end]))
                start = end
            }
            #expect(hasher.finalize() == whole, "pieces of \(pieceSize) bytes")
        }
    }

    @Test func theETagOfABodyIsItsMD5() {
        let bytes = Self.bytes(65)
        let eTag = ObjectETag.md5(of: bytes)
        #expect(eTag.unquoted == "f168246f08b6134d66bd2a10343fa9f1")
        #expect(eTag.digestBytes == MD5.hash(bytes).bytes)
    }

    /// `count` bytes of a fixed pattern: byte *i* is `(31 i + 7) mod 256`.
    static func bytes(_ count: Int) -> [UInt8] {
        (0..<count).map { UInt8(truncatingIfNeeded: $0 * 31 + 7) }
    }
}
