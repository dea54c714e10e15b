import Foundation

/// Numbers as limits are written in error messages: `1000000`, `0.001`, `1e+12` — never a
/// locale's digit grouping.
enum NumberText {
    static func plain(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    }

    /// A count as an estimate is written: `512`, `3.2e+10` from a million up.
    static func approximate(_ value: Double) -> String {
        guard value.isFinite else { return value.isNaN ? "an unknown number of" : value > 0 ? "∞" : "-∞" }
        return abs(value) < 1e6 ? String(Int(value.rounded())) : String(format: "%.1e", value)
    }
}
