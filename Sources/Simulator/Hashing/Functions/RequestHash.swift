/// The request hash `H` of the assignment's consistent hash map: it turns a request id into a
/// number that the map reduces modulo its slot count.
///
/// The assignment fixes `H(i) = i² + 2i + 17`; experiment A-4 swaps in other polynomials and real
/// hash functions, so the choice is a value that a scenario file can name.
public enum RequestHash: Hashable, Sendable, CustomStringConvertible {
    /// A quadratic in the request id `i`; each label is the coefficient of its term, so the
    /// assignment's `i² + 2i + 17` is `.polynomial(iSquared: 1, i: 2, constant: 17)`. Evaluated in
    /// wrapping `UInt64` arithmetic so that large coefficients or ids never trap (the result is
    /// exact modulo 2⁶⁴).
    case polynomial(iSquared: UInt64, i: UInt64, constant: UInt64)
    /// MurmurHash3 x86_32, seed 0, of the request id's 8 little-endian bytes (not of its decimal
    /// string), so hashing never allocates.
    case murmur3
    /// FNV-1a 64 of the request id's 8 little-endian bytes.
    case fnv1a

    /// The assignment's `H(i) = i² + 2i + 17`.
    public static let assignment = RequestHash.polynomial(iSquared: 1, i: 2, constant: 17)

    /// The hashes a scenario file can choose by name, in documentation order.
    public static let namedChoices: [(name: String, hash: RequestHash)] = [
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
                role: "request hash", name: name, validNames: Self.namedChoices.map(\.name))
        }
        self = choice.hash
    }

    /// The scenario-file name of this hash, or `nil` for a polynomial that has no name.
    public var name: String? {
        Self.namedChoices.first(where: { $0.hash == self })?.name
    }

    /// The hash of a request id.
    ///
    /// - Parameter requestID: The request id.
    /// - Returns: The hash, before reduction modulo the slot count.
    /// - Complexity: O(1); does not allocate.
    public func callAsFunction(_ requestID: UInt64) -> UInt64 {
        switch self {
        case let .polynomial(iSquared, i, constant):
            return iSquared &* requestID &* requestID &+ i &* requestID &+ constant
        case .murmur3:
            return UInt64(MurmurHash3.x86_32(requestID))
        case .fnv1a:
            return FNV1a.hash64(requestID)
        }
    }

    /// The formula, for reports: `H(i) = i² + 2i + 17`, `H(i) = murmur3(i)`, `H(i) = fnv1a(i)`.
    public var description: String {
        switch self {
        case let .polynomial(iSquared, i, constant):
            return "H(i) = " + PolynomialText.render([(iSquared, "i²"), (i, "i"), (constant, "")])
        case .murmur3:
            return "H(i) = murmur3(i)"
        case .fnv1a:
            return "H(i) = fnv1a(i)"
        }
    }
}
