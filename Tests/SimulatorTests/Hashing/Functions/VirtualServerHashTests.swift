import Testing

@testable import Simulator

struct VirtualServerHashTests {
    @Test(arguments: [(1, 0, UInt64(26)), (1, 8, 106), (2, 0, 29), (3, 8, 114), (10, 3, 140)])
    func assignmentHashIsISquaredPlusJSquaredPlusTwoJPlusTwentyFive(server: Int, virtualIndex: Int, expected: UInt64) {
        #expect(VirtualServerHash.assignment(server: server, virtual: virtualIndex) == expected)
    }

    @Test
    func generalPolynomialUsesEveryCoefficient() {
        let hash = VirtualServerHash.polynomial(iSquared: 2, i: 3, jSquared: 5, j: 7, constant: 11)
        // 2·16 + 3·4 + 5·9 + 7·3 + 11
        #expect(hash(server: 4, virtual: 3) == 121)
        #expect(hash.description == "Φ(i, j) = 2i² + 3i + 5j² + 7j + 11")
    }

    @Test
    func largeCoefficientsWrapInsteadOfTrapping() {
        let hash = VirtualServerHash.polynomial(iSquared: .max, i: .max, jSquared: .max, j: .max, constant: .max)
        // −(i² + i + j² + j + 1) modulo 2⁶⁴ for i = 2, j = 1.
        #expect(hash(server: 2, virtual: 1) == 0 &- 9)
    }

    @Test
    func realHashesHashTheSixteenBytesOfServerThenIndex() {
        #expect(VirtualServerHash.murmur3(server: 3, virtual: 8) == 0xde40_b57e)
        #expect(VirtualServerHash.fnv1a(server: 3, virtual: 8) == 0xcef4_6dc9_cb8e_cdae)
    }

    @Test(arguments: ["assignment", "murmur3", "fnv1a"])
    func everyNamedChoiceRoundTrips(name: String) throws {
        #expect(try VirtualServerHash(named: name).name == name)
    }

    @Test
    func anUnknownNameIsAnErrorListingTheValidNames() {
        #expect(throws: UnknownHashFunctionError(
            role: "virtual-server hash", name: "sha1", validNames: ["assignment", "murmur3", "fnv1a"])
        ) {
            try VirtualServerHash(named: "sha1")
        }
    }

    @Test
    func assignmentDescriptionQuotesTheFormula() {
        #expect(VirtualServerHash.assignment.description == "Φ(i, j) = i² + j² + 2j + 25")
    }
}
