import Testing
@testable import Simulator

@Suite("Object store: GHASH")
struct GaloisHashTests {
    /// The GCM specification's test case 14 (McGrew and Viega, "The Galois/Counter Mode of
    /// Operation", appendix B): H = E(0²⁵⁶, 0¹²⁸), one ciphertext block, no additional data.
    @Test func hashMatchesTheGCMSpecificationsTestCase14() {
        let key = AES256(key: [UInt8](repeating: 0, count: 32)).encrypt(0)
        #expect(key == 0xdc95_c078_a240_8989_ad48_a214_9284_2087)
        var hash = GaloisHash(key: key)
        hash.absorb(0xcea7_403d_4d60_6b6e_074e_c5d3_baf3_9d18)
        hash.absorb(128)  // [len(A)]₆₄ ‖ [len(C)]₆₄ in bits
        #expect(hash.value == 0x83de_425c_5edc_5d49_8f38_2c44_1041_ca92)
    }
}
