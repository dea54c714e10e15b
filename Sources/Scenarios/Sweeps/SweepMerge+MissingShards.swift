import Foundation
import Reports

extension SweepMerge {
    /// The longest list of missing shards a refusal writes out; past it the list is cut at a
    /// comma and ends in `…` (the count before it says how many there are).
    static let longestMissingList = 200

    /// The refusal for shards `missing` (ascending, 1-based) of `count`: one is named
    /// (`shard 1/3 missing`); several are counted and listed as ranges (``SlotRanges``), cut
    /// short — 99,999 missing shards of 100,000 were named one by one, a 1.39 MB line.
    static func missing(_ missing: [Int], of count: Int) -> Problem {
        guard missing.count > 1 else { return Problem("shard \(missing[0])/\(count) missing") }
        var list = SlotRanges.text(missing)
        if list.count > longestMissingList {
            let kept = list.prefix(longestMissingList)
            list = String(kept[..<(kept.range(of: ", ", options: .backwards)?.lowerBound ?? kept.endIndex)]) + ", …"
        }
        return Problem("\(NumberFormat.integer(missing.count)) of \(NumberFormat.counted(count, "shard")) missing: \(list)")
    }
}
