@testable import Simulator

extension Array where Element == UInt8 {
    /// The bytes spelled by lowercase hex digits, as test vectors print them.
    init(hex: String) {
        guard let bytes = ObjectStoreHex.decode(hex[...].utf8) else { preconditionFailure("not lowercase hex: \(hex)") }
        self = bytes
    }
}
