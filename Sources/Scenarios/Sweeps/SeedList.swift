import Reports

/// The seeds a sweep runs, as the command line gives them: `1..200` (both ends included), a
/// single seed, or a comma-separated list of both (`1..10,42,100..110`). Spaces around a part or a
/// range's ends are allowed (`1..10, 42`); a space inside a number is not (`1 0` is no seed, where
/// it once read as 10). Each seed is a world of every variant; no seed may appear twice.
public struct SeedList: Sendable, Equatable, CustomStringConvertible {
    /// The seeds, in the order given.
    public let seeds: [UInt64]
    /// The text they were read from, normalised (`1..200`).
    public let description: String

    /// The most seeds one sweep may run.
    public static let maximumCount = 1_000_000

    /// Reads `text`.
    ///
    /// - Throws: a message naming the part that is not a seed (0 … 18446744073709551615) or a range
    ///   (`A..B` with A ≤ B), a seed given twice, or more than ``maximumCount`` seeds.
    public init(parsing text: String) throws(OverrideProblem) {
        var seeds: [UInt64] = []
        var parts: [String] = []
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            let part = part.trimmingSpaces
            let bounds = part.components(separatedBy: "..").map(\.trimmingSpaces)
            guard bounds.count <= 2, let low = UInt64(bounds[0]), let high = UInt64(bounds[bounds.count - 1]) else {
                throw OverrideProblem("'\(part.excerpt)' is neither a seed (0 … \(UInt64.max)) nor a range of seeds like 1..200")
            }
            guard low <= high else { throw OverrideProblem("the range '\(part.excerpt)' is empty: its first seed is above its last") }
            guard high - low < UInt64(Self.maximumCount - seeds.count) else {
                throw OverrideProblem("a sweep runs at most \(NumberFormat.integer(Self.maximumCount)) seeds; '\(text.excerpt)' asks for more")
            }
            seeds.append(contentsOf: low...high)
            parts.append(low == high ? "\(low)" : "\(low)..\(high)")
        }
        var seen = Set<UInt64>()
        for seed in seeds where !seen.insert(seed).inserted {
            throw OverrideProblem("seed \(seed) is listed twice in '\(text.excerpt)'")
        }
        self.seeds = seeds
        description = parts.joined(separator: ",")
    }
}
