import Reports

extension ThousandsGrouping {
    /// What a refusal of `groups` (a list read as one grouped number) tells the user to write
    /// instead — only spellings its option takes: the number without the commas (`1,000` →
    /// `1000`; `0,100` → `100`, as `0100` has a leading zero), and the groups apart, a space after
    /// each comma, when every group is a number as written (`1, 100`). A group with a leading zero
    /// (`000`, `050`) is refused as `--seed 007` is, so `1, 000` was advised and then refused: then
    /// the advice names the rule instead (`separate seeds with a space after each comma`).
    ///
    /// `items` names the option's parts (`seeds`, `values`); `apart` ends the advice to write
    /// these groups apart (`separate seeds`, `two values`).
    static func advice(_ groups: [Substring], items: String, apart: String) -> String {
        let commas = groups.count == 2 ? "the comma" : "the commas"
        let significant = groups.joined().drop { $0 == "0" }
        let number = significant.isEmpty ? "0" : String(significant)
        let separate = groups.contains { PlainDecimal.leadingZeroProblem($0) != nil }
            ? "separate \(items) with a space after each comma"
            : "\(groups.joined(separator: ", ").excerpt) (a space after each comma) for \(apart)"
        return "write \(number.excerpt) without \(commas), or \(separate)"
    }
}
