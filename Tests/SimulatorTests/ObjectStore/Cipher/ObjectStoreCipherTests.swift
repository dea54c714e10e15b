import Testing
@testable import Simulator

@Suite("Object store: SSE-S3 cipher")
struct ObjectStoreCipherTests {
    static let cipher = ObjectStoreCipher(masterKey: ObjectStoreState.defaultMasterKey)

    /// Segments sealed by `ObjectStoreCipher` when it was built on swift-crypto 4.5.2
    /// (`HMAC<SHA256>` and `AES.GCM.seal(_:using:nonce:)`, combined form), recorded before swift-crypto
    /// was removed, under the default master key: sequence, plaintext length (``plaintext(_:)``),
    /// and the sealed segment in hex. The same bytes come from Python's `cryptography` 48.0.0
    /// (`hmac` with `hashlib.sha256` for the key and nonce, then `AESGCM(key).encrypt(nonce, p, None)`).
    static let shortSegments: [(sequence: UInt64, count: Int, hex: String)] = [
        (1, 0, "094b6795c9086fd6e6ae91a7eb8b846614b1b84bc967b1b07908515b"),
        (1, 1, "094b6795c9086fd6e6ae91a762ed3b1df2865ae4819d213fc47fdde759"),
        (1, 15, "094b6795c9086fd6e6ae91a76256c20d985245930f3f137c0ef7fc8bff61345118b111822ca7c896094e5d"),
        (1, 16, "094b6795c9086fd6e6ae91a76256c20d985245930f3f137c0ef7fc88108de5485851b7dcff00b12299464498"),
        (1, 17, "094b6795c9086fd6e6ae91a76256c20d985245930f3f137c0ef7fc88a2e3a75d3dfc91b1aa55c49afd217900bc"),
        (1, 31, "094b6795c9086fd6e6ae91a76256c20d985245930f3f137c0ef7fc88a23647f862aea26fad02fbbf546dcc83fa3a18d8ea4bfb8f5f3587da30edbc"),
        (1, 32, "094b6795c9086fd6e6ae91a76256c20d985245930f3f137c0ef7fc88a23647f862aea26fad02fbbf546dcc85f18868600d22230670ce1cc9e76193b8"),
        (1, 33, "094b6795c9086fd6e6ae91a76256c20d985245930f3f137c0ef7fc88a23647f862aea26fad02fbbf546dcc854c4115ff92e275e99d23f9b6ac27cf24ad"),
        (2, 0, "a30533c7144c16c78c69ecdec7abc990cb6c5783b344df2fa49a350f"),
        (2, 1, "a30533c7144c16c78c69ecde3ceddd4691bf051ba62bfa18f0343bd97b"),
        (2, 15, "a30533c7144c16c78c69ecde3cdb6f64821b1aa8df20808c5612551ddf25d90be81a0bd18686c91c6bcafd"),
        (2, 16, "a30533c7144c16c78c69ecde3cdb6f64821b1aa8df20808c561255150cad22f78f42c76d09c46c45217028b7"),
        (2, 17, "a30533c7144c16c78c69ecde3cdb6f64821b1aa8df20808c56125515cb7a0985c2f93c219fbe06dca4c35dea72"),
        (2, 31, "a30533c7144c16c78c69ecde3cdb6f64821b1aa8df20808c56125515cbf2ea811fb807b9104277088ce71d33dd6c2060c76a0166538dae4392842c"),
        (2, 32, "a30533c7144c16c78c69ecde3cdb6f64821b1aa8df20808c56125515cbf2ea811fb807b9104277088ce71d662875efc47350e2bb14b38484c81ca50c"),
        (2, 33, "a30533c7144c16c78c69ecde3cdb6f64821b1aa8df20808c56125515cbf2ea811fb807b9104277088ce71d668b1a2afe697744f47889537acafabb0ea7"),
        (0x0102_0304_0506_0708, 0, "90c7f16975bf57b3961967c55cfe9b389c7aa3f746578dbc77450ed3"),
        (0x0102_0304_0506_0708, 1, "90c7f16975bf57b3961967c540a5d108fac8dbf0a5dffa66b0ec33214c"),
        (0x0102_0304_0506_0708, 15, "90c7f16975bf57b3961967c5402639a955e6c23b96cd71e81abd61080839cb331431023b613e2ef307de59"),
        (0x0102_0304_0506_0708, 16, "90c7f16975bf57b3961967c5402639a955e6c23b96cd71e81abd6113435690e8342f6b7925ef02dd745d814b"),
        (0x0102_0304_0506_0708, 17, "90c7f16975bf57b3961967c5402639a955e6c23b96cd71e81abd6113f0d430f0fd1aa12e0cd945a99b0c17731f"),
        (0x0102_0304_0506_0708, 31, "90c7f16975bf57b3961967c5402639a955e6c23b96cd71e81abd6113f029c0cf388df9730ac253e7db973464cd1e2d0edf72887227a6f07678cd40"),
        (0x0102_0304_0506_0708, 32, "90c7f16975bf57b3961967c5402639a955e6c23b96cd71e81abd6113f029c0cf388df9730ac253e7db9734fce6067a4996f4e54082fb63f906a0aad2"),
        (0x0102_0304_0506_0708, 33, "90c7f16975bf57b3961967c5402639a955e6c23b96cd71e81abd6113f029c0cf388df9730ac253e7db9734fc90f1e585f779b8f77691bdfd1252709970"),
        (.max, 0, "03f650f727f36d5af13dfa89a5aeba839df24c583c9a105b01b1bb04"),
        (.max, 1, "03f650f727f36d5af13dfa89bdb843ffbcf51f5d3d88d3bef84776fa17"),
        (.max, 15, "03f650f727f36d5af13dfa89bd569ded0565bb9b4891ab6654c268cfac16900e19812b68a8bc441b64ce83"),
        (.max, 16, "03f650f727f36d5af13dfa89bd569ded0565bb9b4891ab6654c268097e94757c3b6b834bb7c0eebe5777d0d9"),
        (.max, 17, "03f650f727f36d5af13dfa89bd569ded0565bb9b4891ab6654c268098c5ef250e4a5624360ab5df5db10318915"),
        (.max, 31, "03f650f727f36d5af13dfa89bd569ded0565bb9b4891ab6654c268098c6fbd97738f70d977bda7c1f699f673db51de7352e82ddc9976227da2ee1c"),
        (.max, 32, "03f650f727f36d5af13dfa89bd569ded0565bb9b4891ab6654c268098c6fbd97738f70d977bda7c1f699f649f72a686f61402be754972f5d5a87d19e"),
        (.max, 33, "03f650f727f36d5af13dfa89bd569ded0565bb9b4891ab6654c268098c6fbd97738f70d977bda7c1f699f649e210d649faa9fa97e65a819542996e62cf"),
    ]

    /// Longer segments from the same recording, as the SHA-256 of the sealed segment.
    static let longSegments: [(sequence: UInt64, count: Int, sha256: String)] = [
        (1, 64, "169dfb2d0ce21ac24ae1876c0ff800fabcf8e7741ec4a92d9e9258f1f59ed3e3"),
        (1, 100, "08b830fbf17a05773a0988eabb674b39d850c36bc578ae5e057612aa02ac5be9"),
        (1, 1000, "f662ef092e2801e7c95a9d9a9f8ac06cfbb67c560f0243dc4ff82e88ea57fe7a"),
        (1, 4099, "75dc29dca9eb8c1a2906384f2d7ae70e39f4143dfeec19b3dcd9f98be8bbd145"),
        (2, 64, "7715b355f929a9c03ac11064afc5dc1c6e7f895dcfef2e6766b9c2d45b0d1193"),
        (2, 100, "729b0931ade0b1527b630634997f846f79f6947aa4faef9e4c27e84db3fb2b5c"),
        (2, 1000, "b6b98dcf6a0c890d2ba2a2698500362d057e349fb7546111103fe14cbe1b2ac1"),
        (2, 4099, "f202147a8c36acbeaa434cedbae38ec71924fa0946ab78c7ef9e90d29ab067ba"),
        (0x0102_0304_0506_0708, 64, "a66e043040a7b731e74ac5103df8371b0e82a4deda4ea512721127de40bba861"),
        (0x0102_0304_0506_0708, 100, "d8abe12cd32d510001d08355f13beb7a419a7b982cf27cf09cff1ddf846c8a1b"),
        (0x0102_0304_0506_0708, 1000, "a229143a432ab1b4abf679f60369e6c817c18e53dc97723567cdfb40de66bcc3"),
        (0x0102_0304_0506_0708, 4099, "107ed990ace6d334069c81da5fe8bc785a7f9d2e88161336d7388f438526a540"),
        (.max, 64, "e888f51bef23e13acd1ea2ec16588336f46202e46e6e4010670865659dd22aaf"),
        (.max, 100, "8e7d73af708ae97ced7874d6ca09440b2670721affb4021d8e397f3561bb3071"),
        (.max, 1000, "f52b082d16e8fe926486835063fcf8c8670ed2356d8f28e0f537617628bc13dc"),
        (.max, 4099, "88f9d2aaca301ed0caac35772a8c2d5f9ab51501aabb24319ee109e073a39343"),
    ]

    @Test(arguments: shortSegments)
    func shortSegmentsSealAsSwiftCryptoDid(segment: (sequence: UInt64, count: Int, hex: String)) throws {
        let sealed = try Self.cipher.seal(Self.plaintext(segment.count), sequence: segment.sequence)
        #expect(sealed == [UInt8](hex: segment.hex))
        #expect(try Self.cipher.open(sealed, sequence: segment.sequence) == Self.plaintext(segment.count))
    }

    @Test(arguments: longSegments)
    func longSegmentsSealAsSwiftCryptoDid(segment: (sequence: UInt64, count: Int, sha256: String)) throws {
        let sealed = try Self.cipher.seal(Self.plaintext(segment.count), sequence: segment.sequence)
        #expect(sealed.count == segment.count + ObjectStoreCipher.overhead)
        #expect(SHA256.hash(sealed) == [UInt8](hex: segment.sha256))
        #expect(try Self.cipher.open(sealed, sequence: segment.sequence) == Self.plaintext(segment.count))
    }

    /// A flipped bit in the nonce, the ciphertext or the tag, the wrong sequence number, or a
    /// segment shorter than the 28 bytes of overhead: each is an `internalError`, as with swift-crypto.
    @Test func alteredSegmentsFailToOpenAsInternalErrors() throws {
        let sealed = try Self.cipher.seal(Self.plaintext(40), sequence: 7)
        for (part, index) in [("nonce", 0), ("nonce", 11), ("ciphertext", 12), ("ciphertext", 51), ("tag", 52), ("tag", 67)] {
            var tampered = sealed
            tampered[index] ^= 0x01
            let error = #expect(throws: S3Error.self, "\(part) byte \(index)") { try Self.cipher.open(tampered, sequence: 7) }
            #expect(error?.code == .internalError)
            #expect(error?.message == "SSE-S3 decryption failed: authenticationFailure")
        }
        #expect(throws: S3Error.self) { try Self.cipher.open(sealed, sequence: 8) }
        let short = #expect(throws: S3Error.self) { try Self.cipher.open(Array(sealed.prefix(27)), sequence: 7) }
        #expect(short?.message == "SSE-S3 decryption failed: incorrectParameterSize")
        #expect(try Self.cipher.open(Self.cipher.seal([], sequence: 7), sequence: 7) == [])
    }

    /// `count` bytes of a fixed pattern: byte *i* is `(7 i² + 31 i + 11) mod 256`.
    static func plaintext(_ count: Int) -> [UInt8] {
        (0..<count).map { UInt8(truncatingIfNeeded: $0 &* $0 &* 7 &+ 31 &* $0 &+ 11) }
    }
}
