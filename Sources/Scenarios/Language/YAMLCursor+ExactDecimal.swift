import Reports

/// A decimal number read exactly — its digits and exponent, never a `Double` — and multiplied by
/// a whole unit: `1.5KiB` is 1.5 × 1,024 = 1,536 bytes, `0.4ns` is 0.4 × 10⁹ = 400,000,000
/// attoseconds, `999.9999us` is 999,999.9 ns, not a whole number of nanoseconds. Whether a
/// duration is a whole number of nanoseconds (the virtual clock's unit) or a size a whole number
/// of bytes is decided here, so `0.3s` (0.299999… as a `Double`) is whole and `1.5ns` is not.
enum ExactDecimal {
    /// A number times a unit.
    enum Scaled: Equatable {
        /// A whole number of the target unit.
        case whole(Int128)
        /// Not a whole number: it lies strictly between `below` and `below + 1`.
        case fraction(below: Int128)
        /// Too large for 128 bits (far past 100 years, the longest duration, and 1 GiB).
        case tooLarge
    }

    /// `text` (a number as ``DecimalText/isDecimal(_:)`` reads it; its magnitude: every caller
    /// has refused a negative one, and `-0` is 0) times `unit`
    /// (a whole number of the target unit: 1,024 for `KiB` in bytes, 10¹⁸ for `s` in
    /// attoseconds), exactly; nil when `text` is no such number.
    ///
    /// A number with more significant digits than 128 bits hold beside the unit (about 35) is
    /// read to those digits and called a fraction: a duration or size the loader accepts (at
    /// most 100 years, 1 GiB) that is whole in its unit needs fewer.
    ///
    /// A plain number (``plainScaled(_:by:)``: at most 18 significant digits, no `_`) is read in
    /// integer arithmetic without allocating; any other goes digit by digit
    /// (``scaledDigitByDigit(_:by:)``), to the same result: a 4-million-value file spent most of
    /// its load here.
    static func scaled(_ text: Substring, by unit: Int128) -> Scaled? {
        guard unit > 0 else { return nil }
        if let plain = plainScaled(text.utf8, by: DecimalUnit(unit)) { return plain }
        return scaledDigitByDigit(text, by: unit)
    }

    /// ``scaled(_:by:)`` of any number ``DecimalText/isDecimal(_:)`` reads, however many digits
    /// it has: the reader of last resort, and what the plain reader is proven against.
    static func scaledDigitByDigit(_ text: Substring, by unit: Int128) -> Scaled? {
        guard unit > 0, DecimalText.isDecimal(text) else { return nil }
        var body = Substring(text.filter { $0 != "_" })
        if body.first == "+" || body.first == "-" { body = body.dropFirst() }
        var exponent = 0
        if let mark = body.firstIndex(where: { $0 == "e" || $0 == "E" }) {
            exponent = clampedExponent(body[body.index(after: mark)...])
            body = body[..<mark]
        }
        let point = body.firstIndex(of: ".")
        let whole = point.map { body[..<$0] } ?? body
        let fraction = point.map { body[body.index(after: $0)...] } ?? ""
        exponent -= fraction.utf8.count
        // The significant digits as bytes, walked by offset: a `Substring`'s `dropLast` counted
        // the whole text each time, so 100,000 trailing zeros took minutes (linear now).
        let all = Array(whole.utf8) + Array(fraction.utf8)
        let zero = UInt8(ascii: "0")
        var start = 0, end = all.count
        while start < end, all[start] == zero { start += 1 }
        guard start < end else { return .whole(0) }
        while all[end - 1] == zero {
            end -= 1
            exponent += 1
        }
        // The unit as k × 10^t, so that the significand times k always fits 128 bits.
        var factor = unit
        while factor % 10 == 0 {
            factor /= 10
            exponent += 1
        }
        let room = 38 - String(factor).count
        var truncated = false
        if end - start > room {
            exponent += end - start - room
            end = start + room
            truncated = true
        }
        guard let significand = Int128(String(decoding: all[start..<end], as: UTF8.self)) else { return nil }
        let product = significand * factor
        if exponent >= 0 {
            if truncated { return .tooLarge }
            guard exponent <= 38 else { return .tooLarge }
            let (scaled, overflow) = product.multipliedReportingOverflow(by: power(of: exponent))
            return overflow ? .tooLarge : .whole(scaled)
        }
        guard -exponent <= 38 else { return .fraction(below: 0) }
        let divisor = power(of: -exponent)
        let (quotient, remainder) = product.quotientAndRemainder(dividingBy: divisor)
        return remainder == 0 && !truncated ? .whole(quotient) : .fraction(below: quotient)
    }

    /// 10 to the power `exponent` (0 … 38).
    static func power(of exponent: Int) -> Int128 {
        powersOfTen[exponent]
    }

    /// 10⁰ … 10³⁸, every power of ten an `Int128` holds, looked up rather than multiplied out.
    private static let powersOfTen: [Int128] = (0...38).reduce(into: []) { powers, exponent in
        powers.append(exponent == 0 ? 1 : powers[exponent - 1] * 10)
    }

    /// An exponent's digits (after `e`, with an optional sign) as an `Int`, judged on the digits
    /// as written: leading zeros count for nothing (`1e00000001s` is 10 s; more than seven digits
    /// read as 10⁶, which made it too large). Held within ±10¹⁸, past any text's length, so the
    /// digits' count added to it never overflows, and a number whose digits bring a huge exponent
    /// back (`0.` and 10⁶ zeros, `1e1000001`) is still read as what it is.
    private static func clampedExponent(_ text: Substring) -> Int {
        var digits = text.utf8[...]
        let negative = digits.first == UInt8(ascii: "-")
        if negative || digits.first == UInt8(ascii: "+") { digits = digits.dropFirst() }
        while digits.first == UInt8(ascii: "0") { digits = digits.dropFirst() }
        let limit = 1_000_000_000_000_000_000
        let magnitude = digits.count > 18 ? limit : min(Int(Substring(digits)) ?? 0, limit)
        return negative ? -magnitude : magnitude
    }
}

extension YAMLCursor {
    /// Attoseconds in each duration unit (``durationUnits``), for exact reading.
    static let durationAttoseconds: [String: Int128] = [
        "ns": 1_000_000_000, "us": 1_000_000_000_000, "µs": 1_000_000_000_000, "μs": 1_000_000_000_000, "ms": 1_000_000_000_000_000,
        "s": 1_000_000_000_000_000_000, "min": 60_000_000_000_000_000_000, "m": 60_000_000_000_000_000_000,
        "h": 3_600_000_000_000_000_000_000, "d": 86_400_000_000_000_000_000_000,
    ]

    /// Attoseconds in a nanosecond, the virtual clock's unit.
    static let attosecondsPerNanosecond: Int128 = 1_000_000_000

    /// The node's duration, checked as ``seconds()`` checks it, exactly in attoseconds: a
    /// per-byte cost (``perByteDuration()``) keeps fractions of a nanosecond. A value finer than
    /// an attosecond (what `Duration` holds) is refused.
    func exactDuration() throws(ScenarioError) -> Duration {
        let parts = try durationParts()
        switch parts.exact {
        case .whole(let attoseconds):
            return Duration(attoseconds: attoseconds)
        case .fraction:
            throw error(.invalidValue("'\(parts.raw.excerpt)' is finer than an attosecond (10⁻¹⁸ s), the finest duration a per-byte cost keeps"))
        case .tooLarge:
            throw tooLong(parts.raw)
        }
    }

    /// The node's duration in whole nanoseconds; a value that is not a whole number of them
    /// (`1.5ns`, `0.0000000001s`, `999.9999us`) is refused, with the two whole values around it.
    func wholeNanoseconds() throws(ScenarioError) -> Int64 {
        let parts = try durationParts()
        return try wholeNanoseconds(parts)
    }

    /// ``wholeNanoseconds()`` of parts already read. The refusal of a value below 1 ns offers
    /// `0ns or 1ns` when `allowingZero` (a latency), `1ns` alone where zero is refused (a
    /// timeout): it offered `1ns` alone everywhere.
    func wholeNanoseconds(_ parts: DurationParts, allowingZero: Bool = true) throws(ScenarioError) -> Int64 {
        let perNanosecond = Self.attosecondsPerNanosecond
        switch parts.exact {
        case .whole(let attoseconds):
            let (nanoseconds, finer) = attoseconds.quotientAndRemainder(dividingBy: perNanosecond)
            guard finer == 0 else { throw notWholeNanoseconds(parts.raw, below: nanoseconds, allowingZero: allowingZero) }
            guard let nanoseconds = Int64(exactly: nanoseconds) else { break }
            return nanoseconds
        case .fraction(let below):
            throw notWholeNanoseconds(parts.raw, below: below / perNanosecond, allowingZero: allowingZero)
        case .tooLarge:
            break
        }
        throw tooLong(parts.raw)
    }

    /// The error for a duration between `below` and `below + 1` nanoseconds.
    private func notWholeNanoseconds(_ raw: String, below: Int128, allowingZero: Bool) -> ScenarioError {
        let low = NumberFormat.integer(below, grouping: false) + "ns"
        let high = NumberFormat.integer(below + 1, grouping: false) + "ns"
        let choices = below > 0 || allowingZero ? "\(low) or \(high)" : high
        return error(.invalidValue("'\(raw.excerpt)' is not a whole number of nanoseconds, and the virtual clock counts whole nanoseconds: write \(choices)"))
    }
}
