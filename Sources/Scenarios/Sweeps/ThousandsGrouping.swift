/// The one rule for a comma-separated list on the command line that reads as a single number
/// written with thousands separators: `1,000` is `1000` to a reader, but a comma separates
/// `--vary`'s values and `--seeds`' parts, so it ran two (`1` and `0`). Both options refuse such a
/// list and ask for the number without the commas, or a space after each comma for separate ones.
enum ThousandsGrouping {
    /// The groups of `text` when it is one whole number grouped in thousands — ASCII digits and
    /// commas alone, no space, at least two groups, the first of one to three digits and every
    /// other of exactly three (`1,000`, `1,100`, `12,345`, `1,000,000`) — or nil (`1,2`,
    /// `1000,500`, `1, 100`, `1`).
    static func groups(_ text: String) -> [Substring]? {
        let groups = text.split(separator: ",", omittingEmptySubsequences: false)
        guard groups.count > 1, (1...3).contains(groups[0].count), groups.dropFirst().allSatisfy({ $0.count == 3 }),
              groups.allSatisfy({ $0.allSatisfy(isDigit) }) else { return nil }
        return groups
    }

    /// An ASCII digit (`٥` and other scripts' digits are not).
    static func isDigit(_ character: Character) -> Bool {
        character.isASCII && character.isNumber
    }
}
