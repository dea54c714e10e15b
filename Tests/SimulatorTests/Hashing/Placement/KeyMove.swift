@testable import Simulator

/// A key whose node differs between two placements: the evidence the minimal-disruption
/// properties are stated in.
struct KeyMove: Equatable, CustomStringConvertible {
    let key: UInt64
    let from: Int?
    let to: Int?

    var description: String { "key \(key): \(from.map(String.init) ?? "nil") → \(to.map(String.init) ?? "nil")" }

    /// Every key of `keys` that `before` and `after` place on different nodes.
    static func all(from before: some KeyPlacement, to after: some KeyPlacement, keys: some Sequence<UInt64>) -> [KeyMove] {
        keys.compactMap { key in
            let from = before.node(for: key)
            let to = after.node(for: key)
            return from == to ? nil : KeyMove(key: key, from: from, to: to)
        }
    }
}
