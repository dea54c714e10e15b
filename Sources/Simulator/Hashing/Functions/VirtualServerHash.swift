/// The virtual-server hash `Φ` of the assignment's consistent hash map: it gives virtual server `j`
/// of server `i` its home slot, `Φ(i, j) mod M`.
///
/// The assignment fixes `Φ(i, j) = i² + j² + 2j + 25`; experiment A-4 swaps in other polynomials
/// and real hash functions, so the choice is a value that a scenario file can name.
public enum VirtualServerHash: Hashable, Sendable, CustomStringConvertible {
    /// A polynomial in the server id `i` and the virtual server number `j` with no `i·j` term;
    /// each label is the coefficient of its term, so the assignment's `i² + j² + 2j + 25` is
    /// `.polynomial(iSquared: 1, i: 0, jSquared: 1, j: 2, constant: 25)`. Evaluated in wrapping
    /// `UInt64` arithmetic so that large coefficients never trap (the result is exact modulo 2⁶⁴).
    case polynomial(iSquared: UInt64, i: UInt64, jSquared: UInt64, j: UInt64, constant: UInt64)
    /// MurmurHash3 x86_32, seed 0, of 16 bytes: the server id then `j`, each as 8 little-endian
    /// bytes.
    case murmur3
    /// FNV-1a 64 of the same 16 bytes as `murmur3`.
    case fnv1a

    /// The assignment's `Φ(i, j) = i² + j² + 2j + 25`.
    public static let assignment = VirtualServerHash.polynomial(iSquared: 1, i: 0, jSquared: 1, j: 2, constant: 25)

    /// The hashes a scenario file can choose by name, in documentation order.
    public static let namedChoices: [(name: String, hash: VirtualServerHash)] = [
        ("assignment", .assignment),
        ("murmur3", .murmur3),
        ("fnv1a", .fnv1a),
    ]

    /// Looks up a hash by the name a scenario file uses.
    ///
    /// - Parameter name: One of `assignment`, `murmur3`, `fnv1a`.
    /// - Throws: `UnknownHashFunctionError` listing the valid names.
    public init(named name: String) throws(UnknownHashFunctionError) {
        guard let choice = Self.namedChoices.first(where: { $0.name == name }) else {
            throw UnknownHashFunctionError(
                role: "virtual-server hash", name: name, validNames: Self.namedChoices.map(\.name))
        }
        self = choice.hash
    }

    /// The scenario-file name of this hash, or `nil` for a polynomial that has no name.
    public var name: String? {
        Self.namedChoices.first(where: { $0.hash == self })?.name
    }

    /// The hash of virtual server `virtualIndex` of server `serverID`.
    ///
    /// - Parameters:
    ///   - serverID: The server id `i` (negative ids enter as their two's-complement bit pattern).
    ///   - virtualIndex: The virtual server number `j`, `0 ..< K`.
    /// - Returns: The hash, before reduction modulo the slot count.
    /// - Complexity: O(1); does not allocate.
    public func callAsFunction(server serverID: Int, virtual virtualIndex: Int) -> UInt64 {
        let i = UInt64(bitPattern: Int64(serverID))
        let j = UInt64(bitPattern: Int64(virtualIndex))
        switch self {
        case let .polynomial(iSquared, iCoefficient, jSquared, jCoefficient, constant):
            return iSquared &* i &* i &+ iCoefficient &* i &+ jSquared &* j &* j &+ jCoefficient &* j &+ constant
        case .murmur3:
            return UInt64(MurmurHash3.x86_32(i, j))
        case .fnv1a:
            return FNV1a.hash64(i, j)
        }
    }

    /// The formula, for reports: `Φ(i, j) = i² + j² + 2j + 25`, `Φ(i, j) = murmur3(i, j)`, …
    public var description: String {
        switch self {
        case let .polynomial(iSquared, i, jSquared, j, constant):
            return "Φ(i, j) = "
                + PolynomialText.render([(iSquared, "i²"), (i, "i"), (jSquared, "j²"), (j, "j"), (constant, "")])
        case .murmur3:
            return "Φ(i, j) = murmur3(i, j)"
        case .fnv1a:
            return "Φ(i, j) = fnv1a(i, j)"
        }
    }
}
