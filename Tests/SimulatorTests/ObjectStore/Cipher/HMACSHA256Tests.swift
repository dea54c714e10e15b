import Testing
@testable import Simulator

@Suite("Object store: HMAC-SHA256")
struct HMACSHA256Tests {
    /// RFC 4231's test cases 1–4, 6 and 7 (case 5 checks a truncated output, which Orrery never
    /// uses): short keys, a key shorter than its data, and keys longer than a block, which are
    /// hashed first.
    @Test(arguments: [
        ([UInt8](repeating: 0x0b, count: 20), Array("Hi There".utf8),
         "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7"),
        (Array("Jefe".utf8), Array("what do ya want for nothing?".utf8),
         "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"),
        ([UInt8](repeating: 0xaa, count: 20), [UInt8](repeating: 0xdd, count: 50),
         "773ea91e36800e46854db8ebd09181a72959098b3ef8c122d9635514ced565fe"),
        (Array(1...25), [UInt8](repeating: 0xcd, count: 50),
         "82558a389a443c0ea4cc819899f2083a85f0faa3e578f8077a2e3ff46729665b"),
        ([UInt8](repeating: 0xaa, count: 131), Array("Test Using Larger Than Block-Size Key - Hash Key First".utf8),
         "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54"),
        ([UInt8](repeating: 0xaa, count: 131),
         Array("This is a test using a larger than block-size key and a larger than block-size data. The key needs to be hashed before being used by the HMAC algorithm.".utf8),
         "9b09ffa71b942fcb27635fbcd5b0e944bfdc63644f0713938a7f51535c3a35e2"),
    ] as [([UInt8], [UInt8], String)])
    func codesMatchRFC4231(key: [UInt8], message: [UInt8], hex: String) {
        #expect(HMACSHA256(key: key).authenticationCode(for: message) == [UInt8](hex: hex))
    }
}
