import Foundation
import Reports

/// The figures of the load-time estimates' refusals, as the rest of Orrery's messages and its
/// README write counts: digits grouped by thousands below a million (`13,816`), a mantissa and a
/// power of ten from a million up (`1.7 × 10⁷`, `5 × 10⁶`) — never `1.7e+07`. An estimate set
/// against its limit gets as many digits as it takes for the two to read differently: a refusal
/// once printed `5.0e+06 more than 5.0e+06`. The one spelling of an estimate's figures: a third,
/// `NumberText.approximate` (`5.0e+06`), wrote the metrics bounds' until it was folded in here.
extension NumberText {
    /// `value` with `significant` digits from a million up (trailing zeros dropped), grouped
    /// digits below (rounded to a whole number, or to `decimals` places).
    static func figure(_ value: Double, significant: Int = 2, decimals: Int = 0) -> String {
        guard value.isFinite else { return value.isNaN ? "an unknown number of" : value > 0 ? "∞" : "-∞" }
        let scale = pow(10, Double(decimals))
        guard (abs(value) * scale).rounded() / scale < 1e6 else { return NumberFormat.powerOfTen(value, significant: significant) }
        // Decimals only where they say something: 512 against 512.4 is `512`.
        return NumberFormat.trimmed(value, maxDecimals: decimals).contains(".")
            ? NumberFormat.fixed(value, decimals: decimals, grouping: true)
            : NumberFormat.fixed(value, decimals: 0, grouping: true)
    }

    /// `value` and `limit` as ``figure(_:significant:decimals:)`` writes them, with more
    /// significant digits (or decimals, below a million) until they read differently when they
    /// differ: `5,000,400` against 5 × 10⁶ is `5.0004 × 10⁶` and `5 × 10⁶`.
    static func figures(_ value: Double, against limit: Double) -> (value: String, limit: String) {
        var significant = 2, decimals = 0
        var pair = (figure(value), figure(limit))
        while value != limit, pair.0 == pair.1, significant < 17 {
            significant += 1
            decimals = min(decimals + 1, 6)
            pair = (figure(value, significant: significant, decimals: decimals), figure(limit, significant: significant, decimals: decimals))
        }
        return pair
    }
}
