import Reports

extension YAMLCursor {
    /// Units a byte count may carry, longest suffix first so `KiB` is not read as `B`.
    private static let byteUnits: [(suffix: String, bytes: Int)] = [
        ("KiB", 1 << 10), ("MiB", 1 << 20), ("GiB", 1 << 30), ("KB", 1_000), ("MB", 1_000_000), ("GB", 1_000_000_000), ("B", 1),
    ]

    /// The largest size a file may give: what it names may be allocated whole (a synthetic input, an
    /// object body), so it stays within what a laptop holds.
    static let maximumBytes = 1 << 30

    /// The node as a number of bytes: `65536`, `64KiB`, `1.5MB`, `100 MB`, `512B`. Decimal
    /// units are powers of 1,000, binary ones of 1,024. A size is a whole number of bytes, decided
    /// on the digits as written (``ExactDecimal``): `1.5KiB` is 1,536 bytes, `0.4B` is refused
    /// with the whole sizes either side that the field takes (`0B or 1B`, or `1B` where
    /// `allowingZero` is false).
    func byteCount(allowingZero: Bool = true) throws(ScenarioError) -> Int {
        let expected = "a size in bytes such as 65536, 64KiB or 10MB"
        guard let raw = text?.trimmingSpaces, !raw.isEmpty else { throw error(.wrongType(expected: expected, found: kindDescription)) }
        var number = raw
        var scale = 1
        for unit in YAMLCursor.byteUnits where raw.hasSuffix(unit.suffix) {
            number = String(raw.dropLast(unit.suffix.count)).trimmingSpaces
            scale = unit.bytes
            break
        }
        if number == raw { try refuseLeadingZero(raw) }
        guard let value = DecimalText.number(number[...]) else {
            throw error(.wrongType(expected: expected, found: kindDescription))
        }
        guard value >= 0 else { throw error(.invalidValue("a size cannot be negative, got \(raw)")) }
        let tooLarge = error(.invalidValue("a size is at most 1GiB, got \(raw.excerpt)"))
        guard value * Double(scale) <= 2 * Double(Self.maximumBytes) else { throw tooLarge }
        switch ExactDecimal.scaled(number[...], by: Int128(scale)) {
        case .whole(let bytes)?:
            guard bytes <= Int128(Self.maximumBytes) else { throw tooLarge }
            return Int(bytes)
        case .fraction(let below)?:
            guard below < Int128(Self.maximumBytes) else { throw tooLarge }
            let low = NumberFormat.integer(below, grouping: false) + "B"
            let high = NumberFormat.integer(below + 1, grouping: false) + "B"
            throw error(.invalidValue("'\(raw.excerpt)' is not a whole number of bytes: write \(below > 0 || allowingZero ? "\(low) or \(high)" : high)"))
        case .tooLarge?, nil:
            throw tooLarge
        }
    }

    /// The node as a number of bytes greater than zero.
    func positiveByteCount() throws(ScenarioError) -> Int {
        let bytes = try byteCount(allowingZero: false)
        guard bytes > 0 else { throw error(.invalidValue("must be at least one byte, got \(text ?? "")")) }
        return bytes
    }
}
