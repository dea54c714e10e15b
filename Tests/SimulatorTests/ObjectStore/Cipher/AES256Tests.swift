import Testing
@testable import Simulator

@Suite("Object store: AES-256")
struct AES256Tests {
    /// FIPS 197 appendix C.3: key 00 01 … 1f, plaintext 00 11 22 … ff.
    @Test func encryptionMatchesFIPS197AppendixC3() {
        let cipher = AES256(key: Array(0...31))
        #expect(cipher.encrypt(0x0011_2233_4455_6677_8899_aabb_ccdd_eeff) == 0x8ea2_b7ca_5167_45bf_eafc_4990_4b49_6089)
    }

    /// FIPS 197 §5.1.1's worked example (S(53) = ed), the inverse-free corner S(00) = 63, and
    /// that the S-box is a permutation of the 256 bytes.
    @Test func theSBoxIsFIPS197s() {
        #expect(AES256.substitution[0x53] == 0xed)
        #expect(AES256.substitution[0x00] == 0x63)
        #expect(Set(AES256.substitution).count == 256)
    }
}
