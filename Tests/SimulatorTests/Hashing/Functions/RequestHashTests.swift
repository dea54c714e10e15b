import Testing

@testable import Simulator

struct RequestHashTests {
    @Test(arguments: [(UInt64(0), UInt64(17)), (1, 20), (2, 25), (100_000, 10_000_200_017), (999_999, 1_000_000_000_016)])
    func assignmentHashIsISquaredPlusTwoIPlusSeventeen(requestID: UInt64, expected: UInt64) {
        #expect(RequestHash.assignment(requestID) == expected)
    }

    @Test
    func largeCoefficientsWrapInsteadOfTrapping() {
        let hash = RequestHash.polynomial(iSquared: .max, i: .max, constant: .max)
        // (2⁶⁴ − 1)(i² + i + 1) ≡ −(i² + i + 1) modulo 2⁶⁴.
        #expect(hash(3) == 0 &- 13)
        #expect(hash(.max) == 0 &- 1)
    }

    @Test
    func realHashesHashTheRequestIDsBytes() {
        #expect(RequestHash.murmur3(123_456) == UInt64(MurmurHash3.x86_32(UInt64(123_456))))
        #expect(RequestHash.murmur3(123_456) == 0x169c_dc5c)
        #expect(RequestHash.fnv1a(123_456) == 0x55ee_ede3_17d8_fab6)
    }

    @Test(arguments: ["assignment", "murmur3", "fnv1a"])
    func everyNamedChoiceRoundTrips(name: String) throws {
        let hash = try RequestHash(named: name)
        #expect(hash.name == name)
    }

    @Test
    func anUnknownNameIsAnErrorListingTheValidNames() {
        #expect(throws: UnknownHashFunctionError(
            role: "request hash", name: "md5", validNames: ["assignment", "murmur3", "fnv1a"])
        ) {
            try RequestHash(named: "md5")
        }
        let error = UnknownHashFunctionError(role: "request hash", name: "md5", validNames: ["assignment", "murmur3"])
        #expect(error.description == "unknown request hash \"md5\"; valid names: assignment, murmur3")
    }

    @Test
    func descriptionsQuoteTheFormula() {
        #expect(RequestHash.assignment.description == "H(i) = i² + 2i + 17")
        #expect(RequestHash.polynomial(iSquared: 0, i: 0, constant: 0).description == "H(i) = 0")
        #expect(RequestHash.polynomial(iSquared: 3, i: 0, constant: 1).description == "H(i) = 3i² + 1")
        #expect(RequestHash.murmur3.description == "H(i) = murmur3(i)")
        #expect(RequestHash.polynomial(iSquared: 3, i: 0, constant: 1).name == nil)
    }
}
