extension SeedList {
    /// Why `text`, as given to `--seeds`, holds a seed not written in plain digits
    /// (``PlainDecimal``), or nil: ``init(parsing:)`` reads each bound with `UInt64(_:)`, which
    /// takes `+5` and `-0`. Parts and bounds are split and trimmed as ``init(parsing:)`` splits
    /// them (spaces around them are allowed); a bound it refuses anyway is left to its message.
    ///
    /// Not part of ``init(parsing:)``: `merge` reads `sweep.json`'s list back with it.
    public static func plainDigitsProblem(_ text: String) -> String? {
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            for bound in part.trimmingSpaces.components(separatedBy: "..").map(\.trimmingSpaces) {
                if UInt64(bound) != nil, PlainDecimal.parse(bound, as: UInt64.self) == nil {
                    return "'\(bound)' is not a seed: \(PlainDecimal.problem(with: bound, as: UInt64.self)), e.g. 1..200 or 1,5,9"
                }
            }
        }
        return nil
    }
}
