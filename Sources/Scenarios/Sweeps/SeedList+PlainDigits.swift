extension SeedList {
    /// Why `text`, as given to `--seeds`, holds a seed not written in plain digits
    /// (``PlainDecimal``), or nil: ``init(parsing:)`` reads each bound with `UInt64(_:)`, which
    /// takes `+5` and `-0`. Parts and bounds are those ``init(parsing:)`` reads (``parts(_:)``;
    /// spaces around them are allowed); a bound it refuses anyway is left to its message.
    ///
    /// Not part of ``init(parsing:)``: `merge` reads `sweep.json`'s list back with it.
    public static func plainDigitsProblem(_ text: String) -> String? {
        for (_, bounds) in parts(text) {
            for bound in bounds {
                if UInt64(bound) != nil, PlainDecimal.parse(bound, as: UInt64.self) == nil {
                    return "'\(bound)' is not a seed: \(PlainDecimal.problem(with: bound, as: UInt64.self)), e.g. 1..200 or 1,5,9"
                }
            }
        }
        return nil
    }
}
