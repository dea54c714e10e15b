/// The shapes of the typed accessors of ``YAMLCursor``, one per accessor, with the accessors'
/// own limits (``YAMLCursor/maximumCount``, ``YAMLCursor/maximumSeconds``, …), so a bound the
/// loader checks is the bound the schema states.
extension SchemaNode {
    // MARK: Numbers

    /// ``YAMLCursor/int()``: any whole number.
    static let anyInteger = SchemaNode.integer(minimum: nil, maximum: nil)

    /// ``YAMLCursor/int(in:)``.
    static func integer(in range: ClosedRange<Int>) -> SchemaNode {
        .integer(minimum: range.lowerBound, maximum: range.upperBound)
    }

    /// ``YAMLCursor/int(atLeast:)``: at least `minimum`, at most ``YAMLCursor/maximumCount``.
    static func count(atLeast minimum: Int) -> SchemaNode {
        .integer(minimum: minimum, maximum: YAMLCursor.maximumCount)
    }

    /// ``YAMLCursor/double()``: any finite number.
    static let anyNumber = SchemaNode.number()

    /// ``YAMLCursor/double(in:)``.
    static func number(in range: ClosedRange<Double>) -> SchemaNode {
        .number(minimum: range.lowerBound, maximum: range.upperBound)
    }

    /// ``YAMLCursor/nonNegative()``.
    static let nonNegative = SchemaNode.number(minimum: 0)

    /// ``YAMLCursor/positive()``.
    static let positive = SchemaNode.number(exclusiveMinimum: 0)

    /// ``YAMLCursor/positiveFactor()``.
    static let positiveFactor = SchemaNode.number(exclusiveMinimum: 0, maximum: YAMLCursor.maximumFactor)

    /// ``YAMLCursor/positiveRate()``.
    static let positiveRate = SchemaNode.number(exclusiveMinimum: 0, maximum: YAMLCursor.maximumRate)

    /// ``YAMLCursor/probability()``.
    static let probability = SchemaNode.number(in: 0...1)

    // MARK: Text with units

    /// A decimal number as ``DecimalText`` reads it, with no sign but `+` (the loader refuses
    /// negative durations and sizes).
    private static let unsignedDecimal = "[+]?" + DecimalText.unsignedPattern
    /// The same, with a digit other than zero before any exponent: a number above zero.
    private static let positiveDecimal = "[+]?(?=[0-9_.]*[1-9])" + DecimalText.unsignedPattern
    /// Not a whole number with a leading zero and no unit (`08`, `"017"`), which the loader
    /// refuses (``YAMLCursor/refuseLeadingZero(_:)``). A plain `017` never reaches a pattern:
    /// YAML 1.1 readers resolve it to the integer 15 first, which no schema can tell from `15`.
    /// Internal, for every pattern that reads a number (`fail_timeout`'s wrote its own copy),
    /// and for the tests to find in the schema's text.
    static let noLeadingZero = "(?! *[+]?0[0-9_]+ *$)"
    /// The units ``YAMLCursor/seconds()`` reads.
    private static let durationUnits = "(ns|us|µs|μs|ms|min|s|m|h|d)"
    /// The units ``YAMLCursor/byteCount()`` reads.
    private static let byteUnits = "(KiB|MiB|GiB|KB|MB|GB|B)"

    /// ``YAMLCursor/duration()``: `250ms`, `1.5s`, `2m`, `1h`, `3d`, or a number of seconds.
    static let duration = SchemaNode.named("duration", summary: "A duration of virtual time, a whole number of nanoseconds: 250ms, 1.5s, 2m, 1h, 3d, 100us, 10ns, or a number of seconds; at most 100 years.", .anyOf([
        .number(minimum: 0, maximum: YAMLCursor.maximumSeconds),
        .text(pattern: "^\(noLeadingZero) *\(unsignedDecimal) *\(durationUnits)? *$"),
    ]))

    /// ``YAMLCursor/positiveDuration()``.
    static let positiveDuration = SchemaNode.named("positive_duration", summary: "A duration longer than zero: 250ms, 1.5s, 2m, 1h, 3d, or a number of seconds; at most 100 years.", .anyOf([
        .number(exclusiveMinimum: 0, maximum: YAMLCursor.maximumSeconds),
        .text(pattern: "^\(noLeadingZero) *\(positiveDecimal) *\(durationUnits)? *$"),
    ]))

    /// ``YAMLCursor/duration(atLeast:)`` with ``YAMLCursor/shortestPeriod``: a period or a
    /// timeout that a shorter one would turn into a flood of events.
    static let period = SchemaNode.named("period", summary: "A period or timeout of at least \(written(YAMLCursor.shortestPeriod)): 250ms, 1.5s, 2m, 1h, or a number of seconds; at most 100 years.", .anyOf([
        .number(minimum: YAMLCursor.shortestPeriod.seconds, maximum: YAMLCursor.maximumSeconds),
        .text(pattern: "^\(noLeadingZero) *\(positiveDecimal) *\(durationUnits)? *$"),
    ]))

    /// A duration of at most `longest` (above zero when `positive`), which a loader checks after
    /// ``YAMLCursor/duration()`` or ``YAMLCursor/positiveDuration()``. The number of seconds is
    /// bounded; a duration written with a unit is bounded only in the description, since a pattern
    /// cannot compare `90min` with `1h`.
    static func duration(atMost longest: Duration, positive: Bool = false) -> SchemaNode {
        let limit = written(longest)
        return .named("\(positive ? "positive_" : "")duration_up_to_\(limit)",
                      summary: "A duration \(positive ? "longer than zero and" : "of") at most \(limit): 250ms, 1.5s, 2m, or a number of seconds.", .anyOf([
            positive ? .number(exclusiveMinimum: 0, maximum: longest.seconds) : .number(minimum: 0, maximum: longest.seconds),
            .text(pattern: "^\(noLeadingZero) *\(positive ? positiveDecimal : unsignedDecimal) *\(durationUnits)? *$"),
        ]))
    }

    /// `duration` as a limit is written in the schema: `1ms`, `1h`, `1d`.
    static func written(_ duration: Duration) -> String {
        let milliseconds = Int64((duration.seconds * 1_000).rounded())
        for (unit, size) in [("d", Int64(86_400_000)), ("h", 3_600_000), ("min", 60_000), ("s", 1_000)] where milliseconds % size == 0 {
            return "\(milliseconds / size)\(unit)"
        }
        return "\(milliseconds)ms"
    }

    /// ``YAMLCursor/byteCount()``: `65536`, `64KiB`, `1.5MB`, `100 MB`.
    static let byteCount = SchemaNode.named("byte_count", summary: "A whole number of bytes: 65536, 64KiB, 1.5MB, 100 MB (KB, MB, GB are powers of 1000; KiB, MiB, GiB of 1024; 0.4B is refused); at most 1GiB.", .anyOf([
        .wholeNumber(minimum: 0, maximum: YAMLCursor.maximumBytes),
        .text(pattern: "^\(noLeadingZero) *\(unsignedDecimal) *\(byteUnits)? *$"),
    ]))

    /// ``YAMLCursor/positiveByteCount()``.
    static let positiveByteCount = SchemaNode.named("positive_byte_count", summary: "A whole number of bytes, at least one: 65536, 64KiB, 1.5MB; at most 1GiB.", .anyOf([
        .wholeNumber(minimum: 1, maximum: YAMLCursor.maximumBytes),
        .text(pattern: "^\(noLeadingZero) *\(positiveDecimal) *\(byteUnits)? *$"),
    ]))

    /// A size of at most `bytes`, which a loader checks after ``YAMLCursor/byteCount()``; bounded
    /// in the description when written with a unit.
    static func byteCount(atMost bytes: Int) -> SchemaNode {
        let unit = [("GiB", 30), ("MiB", 20), ("KiB", 10)].first { bytes % (1 << $0.1) == 0 }
        let limit = unit.map { "\(bytes >> $0.1)\($0.0)" } ?? "\(bytes)B"
        return .named("byte_count_up_to_\(limit)", summary: "A size in bytes of at most \(limit): 65536, 64KiB, 1.5MB, 100 MB.", .anyOf([
            .wholeNumber(minimum: 0, maximum: bytes),
            .text(pattern: "^\(noLeadingZero) *\(unsignedDecimal) *\(byteUnits)? *$"),
        ]))
    }

    /// ``YAMLCursor/percentage()``: `50` or `50%`, from 0 to 100 (the pattern spells out the
    /// range, without the exponents the loader also reads).
    static let percentage = SchemaNode.named("percentage", summary: "A percentage from 0 to 100, written 50 or 50%.", .anyOf([
        .number(in: 0...100),
        .text(pattern: "^\(noLeadingZero)" + #" *[+]?0*(100(\.0*)?|[0-9]{1,2}(\.[0-9]*)?|\.[0-9]+) *%? *$"#),
    ]))

    /// ``YAMLCursor/bool()``: YAML's `true`/`false`, or `yes`/`no`/`on`/`off` in any case.
    static let flag = SchemaNode.named("boolean", summary: "true or false (yes/no and on/off are read too).", .anyOf([
        .boolean,
        .text(pattern: "^([Tt][Rr][Uu][Ee]|[Ff][Aa][Ll][Ss][Ee]|[Yy][Ee][Ss]|[Nn][Oo]|[Oo][Nn]|[Oo][Ff][Ff])$"),
    ]))

    // MARK: Text

    /// ``YAMLCursor/string()``: any text.
    static let anyText = SchemaNode.text()

    /// One of an enumeration's spellings (``YAMLCursor/choice(_:)``).
    static func choice<Choice: RawRepresentable & CaseIterable>(_: Choice.Type) -> SchemaNode where Choice.RawValue == String {
        .words(Choice.allCases.map(\.rawValue))
    }
}
