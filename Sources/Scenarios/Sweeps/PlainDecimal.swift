/// How a number typed on the command line or set by a scheduler (`--seed`, `--jobs`, `--shard i/n`,
/// `--seeds 1..200`, `JOB_COMPLETION_INDEX`) is read: ASCII digits alone, as every option's help
/// writes it.
///
/// Swift's `UInt64(_:)` and `Int(_:)` also take a leading `+` (`--seed +5` was seed 5 while
/// `--seed ' 5'` was refused) and `-0` for an unsigned type. Here a leading `-` is kept only for a
/// signed type, so that `--jobs -1` is refused by its option's range ("must be 1 … 1,024") rather
/// than as a form; `+5`, ` 5`, `5 `, `0x10`, `1_000` and other scripts' digits (`٥`) are not
/// numbers; nor is `017` or `08` (a leading zero, refused in the command line's words: ``leadingZeroProblem(_:)``). This is deliberately stricter than the scenario language's ``DecimalText``, which
/// takes a sign and `_` between digits in YAML values.
public enum PlainDecimal {
    /// `text` as a `Number` when it is plain digits (after one `-` for a signed `Number`) and fits
    /// in it; nil otherwise.
    public static func parse<Number: FixedWidthInteger>(_ text: some StringProtocol, as type: Number.Type = Number.self) -> Number? {
        guard isPlain(text, signed: Number.isSigned), leadingZeroProblem(text) == nil else { return nil }
        return Number(text, radix: 10)
    }

    /// Why `text`, plain digits (``isPlain(_:signed:)``), may not be written with a leading zero
    /// (`017`, `08`, `01/2`'s `01`), or nil when it has none — in the command line's own words.
    /// It was the scenario language's message (``YAMLCursor/leadingZeroProblem(_:)``), which
    /// speaks of YAML readers; a command line is not YAML. What misreads `017` there is the
    /// shell and C: `$((017))` and `strtol` with base 0 take it for octal 15 (and refuse `08`:
    /// 8 is no octal digit), so a script that builds `--seed $((seed))` or pads seeds with
    /// `printf %03d` would mean one seed and run another. Refused, as `--set seed=017` and
    /// `seed: 017` in a file are, rather than read as 17.
    public static func leadingZeroProblem(_ text: some StringProtocol) -> String? {
        var digits = Substring(text)
        let sign = digits.first == "-" ? "-" : ""
        if !sign.isEmpty { digits = digits.dropFirst() }
        guard digits.first == "0", digits.count > 1, isPlain(digits, signed: false) else { return nil }
        let significant = String(digits.drop { $0 == "0" })
        let decimal = significant.isEmpty ? "0" : sign + significant
        let shown = String(text).excerpt
        let lead = "'\(shown)' has a leading zero, which marks an octal number in shell arithmetic and C"
        if let digit = digits.first(where: { $0 == "8" || $0 == "9" }) {
            return "\(lead) (which refuse it: \(digit) is no octal digit); type \(decimal)"
        }
        // Past 64 bits the octal figure is left out: the advice is the decimal.
        let octal = UInt64(significant.isEmpty ? "0" : significant, radix: 8).map { $0 == 0 ? "0" : sign + String($0) }
        guard let octal, octal != decimal else { return "\(lead); type \(decimal)" }
        return "\(lead) ($((\(shown))) is \(octal)); type \(decimal), or \(octal) if the octal number was meant"
    }

    /// Whether `text` is written as a plain decimal number: one or more ASCII digits, after one `-`
    /// when `signed`.
    public static func isPlain(_ text: some StringProtocol, signed: Bool) -> Bool {
        var digits = Substring(text)
        if signed, digits.first == "-" { digits = digits.dropFirst() }
        return !digits.isEmpty && digits.utf8.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
    }

    /// What the refusal of `text` says after the option's name: that it is not written in plain
    /// digits, that it has a leading zero, or, when neither, that it does not fit in `Number`.
    public static func problem<Number: FixedWidthInteger>(with text: some StringProtocol, as type: Number.Type) -> String {
        if isPlain(text, signed: Number.isSigned), let leadingZero = leadingZeroProblem(text) { return leadingZero }
        return isPlain(text, signed: Number.isSigned)
            ? "outside \(Number.min) … \(Number.max)"
            : "write it in the digits 0-9 alone (no sign, space, 0x, '_' or other scripts' digits)"
    }
}
