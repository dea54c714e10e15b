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
        for (part, bounds) in Self.parts(text) {
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
        description = Self.written(parts)
    }

    /// `text`'s comma-separated parts, each trimmed of spaces, with its bounds split at `..` and
    /// trimmed: the one reading of the list's shape, shared by ``init(parsing:)`` and the checks
    /// the `sweep` command makes before it (``plainDigitsProblem(_:)``), so that they cannot
    /// split `--seeds` two ways.
    static func parts(_ text: String) -> [(part: String, bounds: [String])] {
        text.split(separator: ",", omittingEmptySubsequences: false).map { part in
            let part = part.trimmingSpaces
            return (part, part.components(separatedBy: "..").map(\.trimmingSpaces))
        }
    }

    /// The normalised parts as one list that `--seeds` takes back to the same seeds: joined by
    /// bare commas (`1..3,10`), or by `, ` where bare commas would read as a grouped number
    /// (seeds 1 and 100 were written `1,100` into `sweep.json`, which ``thousandsSeparatorProblem(_:)``
    /// refuses when pasted back).
    static func written(_ parts: [String]) -> String {
        let bare = parts.joined(separator: ",")
        return thousandsSeparatorProblem(bare) == nil ? bare : parts.joined(separator: ", ")
    }

    /// Why `text`, as typed after `--seeds`, reads as a number with a thousands separator, or nil:
    /// `--seeds 1,000` ran seeds 1 and 0 where `--vary x=1,000` is refused. Refused
    /// (``ThousandsGrouping``): the whole list grouped as thousands (`1,000`, `1,100`,
    /// `1,000,000`); the end of a range so grouped (`1..1,000`, `1..2,500`); and a part whose
    /// first seed is three digits starting with 0 right after a comma that follows one to three
    /// digits (`7,1,000`, `1,000..2,000`), as no one writes seed 0 as `000`. A space after the
    /// comma lists the parts apart (`1, 100`, `1..1, 000`).
    ///
    /// Not part of ``init(parsing:)``: `merge` reads `sweep.json`'s list back with that
    /// initialiser, and a sweep of an earlier version wrote `1, 100` as `1,100` there.
    public static func thousandsSeparatorProblem(_ text: String) -> String? {
        if let grouped = groupedText(text) {
            let groups = grouped.split(separator: ",", omittingEmptySubsequences: false)
            return "'\(grouped.excerpt)' reads as one number with a thousands separator, but a comma separates --seeds' parts: "
                + ThousandsGrouping.advice(groups, items: "seeds", apart: "separate seeds")
        }
        return nil
    }

    /// The part of `text` that reads as one grouped number, as written, by the rules of
    /// ``thousandsSeparatorProblem(_:)``.
    private static func groupedText(_ text: String) -> String? {
        let whole = text.trimmingSpaces
        if ThousandsGrouping.groups(whole) != nil { return whole }
        if let rangeEnd = whole.components(separatedBy: "..").dropFirst().last?.trimmingSpaces, ThousandsGrouping.groups(rangeEnd) != nil {
            return rangeEnd
        }
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        for index in parts.indices.dropFirst() {
            let before = parts[index - 1].components(separatedBy: "..").last ?? ""
            let after = parts[index].components(separatedBy: "..")[0]
            let lastSeed = String(before.drop(while: { $0 == " " }))
            let firstSeed = String(after.reversed().drop(while: { $0 == " " }).reversed())
            guard (1...3).contains(lastSeed.count), lastSeed.allSatisfy(ThousandsGrouping.isDigit),
                  firstSeed.count == 3, firstSeed.first == "0", firstSeed.allSatisfy(ThousandsGrouping.isDigit) else { continue }
            return lastSeed + "," + firstSeed
        }
        return nil
    }
}
