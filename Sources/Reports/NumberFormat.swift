/// Locale-free, deterministic number formatting for every report artefact.
///
/// Reports are committed and diffed, so a number must print as the same bytes on every machine.
/// Foundation's formatters follow the user's locale and `Double.description` chooses the shortest
/// round-tripping digits (which changes with tiny arithmetic differences), so neither is used:
/// every number in a table, a CSV file or a chart goes through here.
public enum NumberFormat {
    /// Scaled magnitudes at or above this switch to scientific notation, because below 2^53 every
    /// integer is exact in a `Double` and the digit arithmetic stays exact.
    private static let largestExactScaled = 1e15

    /// Formats `value` with exactly `decimals` digits after the point, rounding half away from zero.
    ///
    /// `fixed(3333.333, decimals: 1, grouping: true)` is `"3,333.3"`; a value that rounds to zero
    /// never prints as `"-0"`. Non-finite values print as `"NaN"`, `"inf"` and `"-inf"`, and
    /// magnitudes too large to format exactly print in scientific notation (`"1.235e18"`).
    /// - Parameters:
    ///   - value: the number to format.
    ///   - decimals: digits after the decimal point, clamped to 0…9.
    ///   - grouping: whether to separate groups of three integer digits with commas.
    public static func fixed(_ value: Double, decimals: Int, grouping: Bool = false) -> String {
        guard value.isFinite else {
            return value.isNaN ? "NaN" : (value < 0 ? "-inf" : "inf")
        }
        let decimals = min(max(decimals, 0), 9)
        let scale = powerOfTen(decimals)
        let scaled = roundedHalfAway(abs(value) * scale)
        guard scaled < largestExactScaled else {
            return scientific(value)
        }
        let digits = UInt64(scaled)
        let divisor = UInt64(scale)
        let integerDigits = String(digits / divisor)
        var text = (value < 0 && digits != 0) ? "-" : ""
        text += grouping ? grouped(integerDigits) : integerDigits
        if decimals > 0 {
            let fraction = String(digits % divisor)
            text += "." + String(repeating: "0", count: decimals - fraction.count) + fraction
        }
        return text
    }

    /// `scaled` rounded to a whole number, half away from zero, where a value within four units in
    /// the last place of a half counts as the half: the decimal tie it stands for. `179_955 / 900_000`
    /// is 0.19995, a tie at two decimals of a percentage, but its `Double` times 100 times 100 is
    /// 1999.4999999999998, which plain rounding took down to 19.99 % (the count's share is 20.00 %).
    /// The products that reach here carry at most a few roundings, each half a unit in the last place.
    static func roundedHalfAway(_ scaled: Double) -> Double {
        let below = scaled.rounded(.down)
        // From 2⁴⁹ up four ulps are half a unit or more: a whole number would pass for a tie (6e14
        // printed 600000000000001), and a half, when one exists, is exact there.
        if scaled.ulp * 4 < 0.5, abs(scaled - below - 0.5) <= scaled.ulp * 4 { return below + 1 }
        return scaled.rounded(.toNearestOrAwayFromZero)
    }

    /// Formats `value` with at most `maxDecimals` digits after the point, dropping trailing zeros.
    ///
    /// Used for SVG coordinates, where `"12.5"` and `"100"` are shorter than `"12.50"` and
    /// `"100.00"` and mean the same; with `grouping`, for figures in prose and tables
    /// (`"5,994.5"` beside `"5,918"`).
    public static func trimmed(_ value: Double, maxDecimals: Int, grouping: Bool = false) -> String {
        let text = fixed(value, decimals: maxDecimals, grouping: grouping)
        // Bytes, not `contains(".")`: with Foundation in the module that resolved to NSString's
        // search, ~4,000 instructions a number, a few percent of a run that draws its charts.
        guard text.utf8.contains(UInt8(ascii: ".")), !text.utf8.contains(UInt8(ascii: "e")) else { return text }
        var trimmed = Substring(text)
        while trimmed.last == "0" { trimmed.removeLast() }
        if trimmed.last == "." { trimmed.removeLast() }
        return String(trimmed)
    }

    /// Formats `value` with at least `minimumDecimals` digits after the point and as many more
    /// (up to nine) as it takes to show `significantDigits` significant digits, without the
    /// trailing zeros of those more, with grouping: `precise(0.031562, minimumDecimals: 3)` is
    /// `"0.0316"`, `precise(0.0005, minimumDecimals: 3)` `"0.0005"`, `precise(39.142,
    /// minimumDecimals: 3)` `"39.142"`, `precise(94, minimumDecimals: 3)` `"94.000"`. For a
    /// chart's tooltips, which read a bar's value exactly where its label rounds it (a mean of
    /// 0.031562 s read "0").
    public static func precise(_ value: Double, minimumDecimals: Int, significantDigits: Int = 3) -> String {
        let minimum = min(max(minimumDecimals, 0), 9)
        var decimals = minimum
        if value.isFinite, value != 0 {
            let least = powerOfTen(max(significantDigits, 1) - 1)
            while decimals < 9, roundedHalfAway(abs(value) * powerOfTen(decimals)) < least { decimals += 1 }
        }
        var text = Substring(fixed(value, decimals: decimals, grouping: true))
        guard !text.utf8.contains(UInt8(ascii: "e")) else { return String(text) }
        for _ in minimum..<decimals where text.last == "0" { text.removeLast() }
        if text.last == "." { text.removeLast() }
        return String(text)
    }

    /// Formats an integer, by default with comma thousands separators (`10000` → `"10,000"`).
    public static func integer(_ value: some BinaryInteger, grouping: Bool = true) -> String {
        let magnitude = String(value.magnitude)
        let digits = grouping ? grouped(magnitude) : magnitude
        return value < 0 ? "-" + digits : digits
    }

    /// A count and its noun as prose writes them: the count with thousands separators, the noun
    /// plural unless the count is one (`counted(1, "broker")` is `"1 broker"`, `counted(1000,
    /// "partition")` is `"1,000 partitions"`, `counted(2, "copy", plural: "copies")` is `"2 copies"`).
    public static func counted(_ value: some BinaryInteger, _ singular: String, plural: String? = nil) -> String {
        integer(value) + " " + (value == 1 ? singular : plural ?? singular + "s")
    }

    /// A count as prose writes it: in words from zero to twelve (`cardinal(3)` is `"three"`), in
    /// digits with thousands separators above (`cardinal(25)` is `"25"`).
    public static func cardinal(_ value: Int) -> String {
        let words = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve"]
        return words.indices.contains(value) ? words[value] : integer(value)
    }

    /// An English ordinal: `ordinal(3)` is `"3rd"`, `ordinal(11)` is `"11th"`, `ordinal(22)` is `"22nd"`.
    public static func ordinal(_ value: Int) -> String {
        let lastTwo = value.magnitude % 100, last = value.magnitude % 10
        let suffix = (11...13).contains(lastTwo) ? "th" : last == 1 ? "st" : last == 2 ? "nd" : last == 3 ? "rd" : "th"
        return integer(value) + suffix
    }

    /// Formats a fraction as a percentage: `percent(0.1234)` is `"12.3%"`.
    /// - Parameters:
    ///   - fraction: the share, where 1 means 100 %.
    ///   - decimals: digits after the decimal point of the percentage.
    public static func percent(_ fraction: Double, decimals: Int = 1) -> String {
        fixed(fraction * 100, decimals: decimals, grouping: true) + "%"
    }

    /// A share as a percentage that never reads as a figure it is not: a positive share that
    /// rounds to 0 prints `"< 0.1%"` (at `decimals: 1`; `"< 1%"` at 0), a share below 1 that rounds
    /// to 100 prints `"> 99.9%"`; every other share prints as ``percent(_:decimals:)``. For a
    /// measured share ("busy 0% of the time" for a cluster that did work was false).
    public static func boundedPercent(_ fraction: Double, decimals: Int = 1) -> String {
        let step = powerOfTen(-min(max(decimals, 0), 9))
        let text = percent(fraction, decimals: decimals)
        if fraction > 0, text == percent(0, decimals: decimals) { return "< " + percent(step / 100, decimals: decimals) }
        if fraction < 1, text == percent(1, decimals: decimals) { return "> " + percent(1 - step / 100, decimals: decimals) }
        return text
    }

    /// A share a file sets, as a percentage with at least `minimumDecimals` digits after the point
    /// and as many more (up to six) as it takes to print it exactly as written: 0.05 is `"5.0%"`,
    /// 0.99995 `"99.995%"`, 0.00001 `"0.001%"` (one decimal made them read 100.0% and 0.0%).
    public static func writtenPercent(_ fraction: Double, minimumDecimals: Int = 1) -> String {
        percent(fraction, decimals: writtenPercentDecimals(fraction, minimumDecimals: minimumDecimals))
    }

    /// The digits after the point ``writtenPercent(_:minimumDecimals:)`` prints `fraction` with:
    /// for a measured share set beside it (a ratio against its limit, with as many decimals).
    public static func writtenPercentDecimals(_ fraction: Double, minimumDecimals: Int = 1) -> Int {
        max(minimumDecimals, decimalsNeeded(for: [fraction * 100]))
    }

    /// The number of digits after the point needed to print every value in `values` exactly,
    /// up to `limit`: `[2, 2.5, 3]` needs 1, `[0.25]` needs 2.
    static func decimalsNeeded(for values: [Double], limit: Int = 6) -> Int {
        var decimals = 0
        for value in values where value.isFinite {
            while decimals < limit {
                let scaled = abs(value) * powerOfTen(decimals)
                guard scaled < largestExactScaled else { break }
                if abs(scaled - scaled.rounded()) <= scaled.ulp * 4 { break }
                decimals += 1
            }
        }
        return decimals
    }

    /// 10^exponent, exact for the exponents used here because powers of ten up to 10^22 are exact
    /// doubles; `pow` is avoided because its last bit may differ between C libraries.
    static func powerOfTen(_ exponent: Int) -> Double {
        var result = 1.0
        for _ in 0..<abs(exponent) { result *= 10 }
        return exponent < 0 ? 1 / result : result
    }

    /// Inserts a comma between every group of three digits, counting from the right.
    private static func grouped(_ digits: String) -> String {
        var result = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { result.append(",") }
            result.append(digit)
        }
        return result
    }

    /// Scientific notation with a four-significant-digit mantissa, computed by exact-rounding
    /// division rather than `log10` so that it is the same on every platform.
    private static func scientific(_ value: Double) -> String {
        var mantissa = abs(value)
        var exponent = 0
        while mantissa >= 10 {
            mantissa /= 10
            exponent += 1
        }
        var digits = fixed(mantissa, decimals: 3)
        if digits == "10.000" {
            digits = "1.000"
            exponent += 1
        }
        return (value < 0 ? "-" : "") + digits + "e" + String(exponent)
    }
}
