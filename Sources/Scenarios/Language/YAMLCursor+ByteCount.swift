extension YAMLCursor {
    /// Units a byte count may carry, longest suffix first so `KiB` is not read as `B`.
    private static let byteUnits: [(suffix: String, bytes: Int)] = [
        ("KiB", 1 << 10), ("MiB", 1 << 20), ("GiB", 1 << 30), ("KB", 1_000), ("MB", 1_000_000), ("GB", 1_000_000_000), ("B", 1),
    ]

    /// The largest size a file may give: what it names may be allocated whole (a synthetic input, an
    /// object body), so it stays within what a laptop holds.
    static let maximumBytes = 1 << 30

    /// The node as a number of bytes: `65536`, `64KiB`, `1.5MB`, `100 MB`, `512B`. Decimal
    /// units are powers of 1,000, binary ones of 1,024; fractions round to the nearest byte.
    func byteCount() throws(ScenarioError) -> Int {
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
        let bytes = (value * Double(scale)).rounded()
        guard bytes <= Double(Self.maximumBytes) else { throw error(.invalidValue("a size is at most 1GiB, got \(raw.excerpt)")) }
        return Int(bytes)
    }

    /// The node as a number of bytes greater than zero.
    func positiveByteCount() throws(ScenarioError) -> Int {
        let bytes = try byteCount()
        guard bytes > 0 else { throw error(.invalidValue("must be at least one byte, got \(text ?? "")")) }
        return bytes
    }
}
