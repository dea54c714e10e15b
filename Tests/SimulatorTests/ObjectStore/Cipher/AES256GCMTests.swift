import Testing
@testable import Simulator

@Suite("Object store: AES-256-GCM")
struct AES256GCMTests {
    static let specificationKey = [UInt8](hex: "feffe9928665731c6d6a8f9467308308feffe9928665731c6d6a8f9467308308")
    static let specificationNonce = [UInt8](hex: "cafebabefacedbaddecaf888")
    static let specificationPlaintext = [UInt8](hex: "d9313225f88406e5a55909c5aff5269a86a7a9531534f7da2e4c303d8a318a72"
        + "1c3c0c95956809532fcf0e2449a6b525b16aedf5aa0de657ba637b391aafd255")

    /// The GCM specification's AES-256 test cases 13, 14 and 15 (McGrew and Viega, appendix B):
    /// the ones without additional authenticated data. Sealed is nonce ‖ C ‖ T.
    @Test(arguments: [
        ([UInt8](repeating: 0, count: 32), [UInt8](repeating: 0, count: 12), [],
         "000000000000000000000000" + "530f8afbc74536b9a963b4f1c4cb738b"),
        ([UInt8](repeating: 0, count: 32), [UInt8](repeating: 0, count: 12), [UInt8](repeating: 0, count: 16),
         "000000000000000000000000" + "cea7403d4d606b6e074ec5d3baf39d18" + "d0d1c8a799996bf0265b98b5d48ab919"),
        (AES256GCMTests.specificationKey, AES256GCMTests.specificationNonce, AES256GCMTests.specificationPlaintext,
         "cafebabefacedbaddecaf888" + "522dc1f099567d07f47f37a32a84427d643a8cdcbfe5c0c97598a2bd2555d1aa"
             + "8cb08e48590dbb3da7b08b1056828838c5f61e6393ba7a0abcc9f662898015ad" + "b094dac5d93471bdec1a502270e3cc6c"),
    ] as [([UInt8], [UInt8], [UInt8], String)])
    func sealingMatchesTheGCMSpecification(key: [UInt8], nonce: [UInt8], plaintext: [UInt8], sealedHex: String) throws {
        let gcm = AES256GCM(key: key)
        let sealed = gcm.seal(plaintext, nonce: nonce)
        #expect(sealed == [UInt8](hex: sealedHex))
        #expect(try gcm.open(sealed) == plaintext)
    }

    /// Test case 16's 60-byte plaintext (a partial last block) without its additional data, which
    /// the specification does not list: produced by Python's `cryptography` 48.0.0,
    /// `AESGCM(key).encrypt(nonce, plaintext[:60], None)`.
    @Test func aPartialLastBlockMatchesPythonsCryptography() throws {
        let gcm = AES256GCM(key: Self.specificationKey)
        let plaintext = Array(Self.specificationPlaintext.prefix(60))
        let sealed = gcm.seal(plaintext, nonce: Self.specificationNonce)
        #expect(sealed == [UInt8](hex: "cafebabefacedbaddecaf888" + "522dc1f099567d07f47f37a32a84427d643a8cdcbfe5c0c97598a2bd2555d1aa"
            + "8cb08e48590dbb3da7b08b1056828838c5f61e6393ba7a0abcc9f662" + "eb9f796c8d356fc31a8433884b696f4f"))
        #expect(try gcm.open(sealed) == plaintext)
    }

    @Test func openingFailsOnAnyFlippedBitOrAShortSegment() {
        let gcm = AES256GCM(key: Self.specificationKey)
        let sealed = gcm.seal(Array(Self.specificationPlaintext.prefix(20)), nonce: Self.specificationNonce)
        for index in sealed.indices {
            var tampered = sealed
            tampered[index] ^= 0x80
            #expect(throws: AES256GCM.Failure.authenticationFailure, "byte \(index) flipped") { try gcm.open(tampered) }
        }
        #expect(throws: AES256GCM.Failure.incorrectParameterSize) { try gcm.open(Array(sealed.prefix(27))) }
        #expect(throws: AES256GCM.Failure.authenticationFailure) { try AES256GCM(key: Array(0...31)).open(sealed) }
    }
}
