/// A unit of an exact reading (``ExactDecimal``), split once as `factor` × 10^`zeros`, so that a
/// plain number is scaled by multiplying alone: a second's 10¹⁸ attoseconds is 1 × 10¹⁸, a KiB's
/// 1,024 bytes 1,024 × 10⁰.
struct DecimalUnit {
    let value: Int128
    let factor: Int128
    let zeros: Int

    init(_ value: Int128) {
        var factor = value, zeros = 0
        while factor != 0, factor % 10 == 0 {
            factor /= 10
            zeros += 1
        }
        self.value = value
        self.factor = factor
        self.zeros = zeros
    }
}

/// A decimal number in the forms files write by the million (`5ms`, `0.3s`, `12`, `1.5e3us`),
/// read in one pass over its bytes into a 64-bit significand and a power of ten, without a
/// `String`, an `Array` or a digit-by-digit product: a 14 MB file of 4 million durations spent
/// nearly all its load splitting, filtering and re-parsing each value's text. Anything else (a
/// `_`, more than 18 significant digits, an exponent of more than six digits, no number at all)
/// is left to the exact readers (``ExactDecimal/scaledDigitByDigit(_:by:)``, `Double(_:)`), which
/// give every plain number the same value: `DurationReaderFastPathTests` holds the two to it.
struct ShortDecimal {
    /// The digits without leading zeros (at most 18, so under 10¹⁸).
    let significand: UInt64
    /// The power of ten the significand is multiplied by: the exponent written, less the digits
    /// after the point.
    let exponent: Int
    /// Whether a `-` was written (`-0` is zero all the same).
    let negative: Bool

    /// `bytes` as an optional sign, digits with an optional point (a digit on at least one side),
    /// and an optional `e`/`E` exponent — the grammar of ``DecimalText/isDecimal(_:)`` without `_`
    /// — or nil.
    init?(_ bytes: UnsafeBufferPointer<UInt8>) {
        var index = 0
        let count = bytes.count
        let negative = count > 0 && bytes[0] == UInt8(ascii: "-")
        if count > 0, negative || bytes[0] == UInt8(ascii: "+") { index = 1 }
        var significand: UInt64 = 0, digits = 0, fractionDigits = 0
        var sawDigit = false, inFraction = false
        while index < count {
            let byte = bytes[index]
            if byte &- UInt8(ascii: "0") < 10 {
                sawDigit = true
                let digit = UInt64(byte &- UInt8(ascii: "0"))
                if digits > 0 || digit != 0 {
                    guard digits < 18 else { return nil }
                    significand = significand * 10 + digit
                    digits += 1
                }
                if inFraction { fractionDigits += 1 }
            } else if byte == UInt8(ascii: "."), !inFraction {
                inFraction = true
            } else {
                break
            }
            index += 1
        }
        guard sawDigit else { return nil }
        var exponent = 0
        if index < count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            let negativeExponent = index < count && bytes[index] == UInt8(ascii: "-")
            if index < count, negativeExponent || bytes[index] == UInt8(ascii: "+") { index += 1 }
            var sawExponentDigit = false, exponentDigits = 0
            while index < count, bytes[index] &- UInt8(ascii: "0") < 10 {
                let digit = Int(bytes[index] &- UInt8(ascii: "0"))
                sawExponentDigit = true
                if exponentDigits > 0 || digit != 0 {
                    guard exponentDigits < 6 else { return nil }
                    exponent = exponent * 10 + digit
                    exponentDigits += 1
                }
                index += 1
            }
            guard sawExponentDigit else { return nil }
            if negativeExponent { exponent = -exponent }
        }
        guard index == count else { return nil }
        self.significand = significand
        self.exponent = exponent - fractionDigits
        self.negative = negative
    }

    /// The number's magnitude times `unit`, as ``ExactDecimal/scaled(_:by:)`` says it (exactly: 18
    /// digits times a unit's factor — 864 for a day's attoseconds — fit 128 bits); nil when they
    /// do not, for the digit-by-digit reader.
    func scaled(by unit: DecimalUnit) -> ExactDecimal.Scaled? {
        guard significand != 0 else { return .whole(0) }
        let (product, overflow) = Int128(significand).multipliedReportingOverflow(by: unit.factor)
        guard !overflow else { return nil }
        let power = exponent + unit.zeros
        if power >= 0 {
            guard power <= 38 else { return .tooLarge }
            let (value, overflow) = product.multipliedReportingOverflow(by: ExactDecimal.power(of: power))
            return overflow ? .tooLarge : .whole(value)
        }
        // Below 10³⁹ divided by 10³⁹ or more: above 0, below 1.
        guard power >= -38 else { return .fraction(below: 0) }
        let (quotient, remainder) = product.quotientAndRemainder(dividingBy: ExactDecimal.power(of: -power))
        return remainder == 0 ? .whole(quotient) : .fraction(below: quotient)
    }

    /// The nearest `Double`, as `Double(_:)` reads the text, when one correctly rounded operation
    /// gives it — a significand of at most 2⁵³ and a power of ten of at most 22 are both exact in
    /// a `Double` (Clinger's fast path) — or nil.
    var double: Double? {
        guard significand <= 1 << 53, exponent >= -22, exponent <= 22 else { return nil }
        let magnitude = exponent >= 0
            ? Double(significand) * Self.exactPowersOfTen[exponent]
            : Double(significand) / Self.exactPowersOfTen[-exponent]
        return negative ? -magnitude : magnitude
    }

    /// 10⁰ … 10²², every power of ten a `Double` holds exactly.
    private static let exactPowersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
    ]
}

extension ExactDecimal {
    /// `text` scaled by `unit` when it is a plain number (``ShortDecimal``), else nil.
    static func plainScaled(_ text: Substring.UTF8View, by unit: DecimalUnit) -> Scaled? {
        text.withContiguousStorageIfAvailable { bytes in ShortDecimal(bytes)?.scaled(by: unit) } ?? nil
    }
}

extension YAMLCursor {
    /// A duration unit as bytes, with its attoseconds split once.
    private struct ByteUnit {
        let suffix: [UInt8]
        let attoseconds: DecimalUnit
        let seconds: Double

        /// Whether `bytes` end with this unit, compared byte by byte (loops, not generic
        /// collection calls, which a debug build runs unspecialized).
        func ends(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
            guard suffix.count <= bytes.count else { return false }
            var offset = 0
            while offset < suffix.count {
                if bytes[bytes.count - suffix.count + offset] != suffix[offset] { return false }
                offset += 1
            }
            return true
        }
    }

    /// ``durationUnits`` as ``ByteUnit``s, in the same order (longest suffix first).
    private static let plainDurationUnits: [ByteUnit] = durationUnits.map {
        ByteUnit(suffix: Array($0.suffix.utf8), attoseconds: DecimalUnit(durationAttoseconds[$0.suffix]!), seconds: $0.seconds)
    }

    /// A bare number's unit: seconds.
    private static let plainSeconds = DecimalUnit(durationAttoseconds["s"]!)

    /// ``durationParts()`` of `raw` (trimmed, not empty) when it is a plain number
    /// (``ShortDecimal``) with no sign and no space, then a unit or none, that the loader accepts;
    /// nil for every other text — any refusal, a sign, a space, a `_`, a bare number with a
    /// leading zero — which the general reader reads (and refuses) as it always has. Its bytes
    /// are ASCII but for `µs`/`μs`, so a suffix of bytes is a suffix of characters.
    static func plainDurationParts(_ raw: String) -> DurationParts? {
        raw.utf8.withContiguousStorageIfAvailable { bytes -> DurationParts? in
            var numberCount = bytes.count
            var attoseconds = plainSeconds, scale = 1.0
            var index = 0
            while index < plainDurationUnits.count {
                let unit = plainDurationUnits[index]
                if unit.ends(bytes) {
                    numberCount -= unit.suffix.count
                    attoseconds = unit.attoseconds
                    scale = unit.seconds
                    break
                }
                index += 1
            }
            let number = UnsafeBufferPointer(start: bytes.baseAddress, count: numberCount)
            guard numberCount > 0, number[0] != UInt8(ascii: "-"), number[0] != UInt8(ascii: "+") else { return nil }
            // A bare whole number with a leading zero may be refused (``refuseLeadingZero(_:)``).
            if numberCount == bytes.count, numberCount > 1, number[0] == UInt8(ascii: "0"), !Self.hasPointOrExponent(number) { return nil }
            guard let decimal = ShortDecimal(number), let exact = decimal.scaled(by: attoseconds) else { return nil }
            switch exact {
            case .whole(let value) where value > maximumAttoseconds: return nil
            case .fraction(let below) where below >= maximumAttoseconds: return nil
            case .tooLarge: return nil
            default: break
            }
            let value = exact == .whole(0) ? 0 : decimal.double ?? Double(String(decoding: number, as: UTF8.self)) ?? 0
            return DurationParts(raw: raw, seconds: value * scale, attoseconds: attoseconds.value, exact: exact)
        } ?? nil
    }

    /// Whether `bytes` hold a `.`, `e` or `E`.
    private static func hasPointOrExponent(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: ".") || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") { return true }
            index += 1
        }
        return false
    }
}
