/// A scenario named a hash function that does not exist.
public struct UnknownHashFunctionError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What the name was meant to choose, for example `"request hash"`.
    public let role: String
    /// The name that was given.
    public let name: String
    /// Every name that would have been accepted, in the order they are documented.
    public let validNames: [String]

    /// Creates the error for `name`, listing the accepted names.
    public init(role: String, name: String, validNames: [String]) {
        self.role = role
        self.name = name
        self.validNames = validNames
    }

    /// For example: `unknown request hash "md5"; valid names: assignment, murmur3, fnv1a`.
    public var description: String {
        "unknown \(role) \"\(name)\"; valid names: \(validNames.joined(separator: ", "))"
    }
}
