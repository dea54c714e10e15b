import Yams

/// Two of the readings by which `--vary` tells one value written twice
/// (``ScenarioOverride/sameValueKey(_:as:)``): a number by its exact decimal value, where a
/// number field goes, and a scalar by the text a text field reads, where text goes or the
/// field's kind cannot be told.
///
/// Numbers were compared as `Double`s, so `100000000.000000001,100000000` was one value (the
/// same `Double`) though its digits, which a duration field reads exactly, are two; and a quoted
/// value was compared with a plain one only where it held a duration or a size, so
/// `round_robin,'round_robin'`, one name to the loader, ran two variants.
enum VaryValueReadings {
    /// `text`, a decimal number as ``DecimalText`` reads one (`01`, `+1.0`, `1_0e-1`), as its exact
    /// value: sign, significant digits and exponent (`1e0`; `-25e-1` for `-2.50`; `0` for every
    /// zero), so that two spellings of one number have one key and no two numbers share one.
    /// Nil for anything else, and for an exponent beyond `Int`.
    static func exactNumber(_ text: Substring) -> String? {
        guard DecimalText.isDecimal(text) else { return nil }
        var rest = text.filter { $0 != "_" }[...]
        let negative = rest.first == "-"
        if rest.first == "-" || rest.first == "+" { rest = rest.dropFirst() }
        var exponent = 0
        if let mark = rest.firstIndex(where: { $0 == "e" || $0 == "E" }) {
            guard let written = Int(rest[rest.index(after: mark)...]) else { return nil }
            exponent = written
            rest = rest[..<mark]
        }
        let parts = rest.split(separator: ".", omittingEmptySubsequences: false)
        let fraction = parts.count > 1 ? parts[1] : ""
        let (shifted, overflow) = exponent.subtractingReportingOverflow(fraction.count)
        guard !overflow else { return nil }
        var digits = (parts[0] + fraction).drop { $0 == "0" }
        guard !digits.isEmpty else { return "0" }
        var trailing = 0
        while digits.last == "0" {
            digits.removeLast()
            trailing += 1
        }
        let (scale, overflowed) = shifted.addingReportingOverflow(trailing)
        guard !overflowed else { return nil }
        return (negative ? "-" : "") + digits + "e\(scale)"
    }

    /// The text a text field (a name, a strategy) reads from `value`: a plain scalar as written,
    /// a quoted one without its quotes and escapes (`'it''s'` is `it's`), as YAML reads it; nil
    /// for a flow collection (`[a]`, `{a: 1}`) or a value YAML does not read as one scalar.
    static func text(_ value: String) -> String? {
        guard let first = value.first else { return nil }
        switch first {
        case "'", "\"":
            // A quoted scalar holds no alias to expand.
            guard case .scalar(let scalar)? = try? Yams.compose(yaml: value, ScenarioDocument.resolver),
                  scalar.style == .singleQuoted || scalar.style == .doubleQuoted else { return nil }
            return scalar.string
        case "[", "{", "&", "*", "!", "|", ">":
            return nil
        default:
            return value
        }
    }
}
