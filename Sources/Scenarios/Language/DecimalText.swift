/// The one way the scenario language reads a number from text: every integer, number, seed,
/// duration and size goes through here, and ``unsignedPattern`` is the same grammar as the
/// schema's patterns write it.
///
/// Swift's own `Double(_:)` and `Int(_:)` read more than a decimal number: `0x10ms` was 16 ms,
/// `0x1p4s` 16 s, `_5s` 5 s and `5e0_s` 5 s, none of which the schema allows. A number here is an
/// optional sign, digits, an optional fraction and an optional exponent — `12`, `1_000`, `+5`,
/// `2.5`, `.5`, `5.`, `1e-3` — with `_` only between two digits, and nothing else.
enum DecimalText {
    /// Digits, with `_` only between two of them: `1_000`, not `_5`, `5_` or `1__0`.
    static let digitsPattern = "[0-9](_?[0-9])*"

    /// A decimal number without a sign, as ``number(_:)`` reads it after its sign.
    static let unsignedPattern = "(\(digitsPattern)(\\.(\(digitsPattern))?)?|\\.\(digitsPattern))([eE][+-]?[0-9]+)?"

    /// `text` as a finite number, or nil when it is not a decimal number (``DecimalText``) or
    /// is too large for a `Double`.
    ///
    /// - Complexity: O(n) in the length of `text`.
    static func number(_ text: Substring) -> Double? {
        guard isDecimal(text) else { return nil }
        guard let value = Double(String(text.filter { $0 != "_" })), value.isFinite else { return nil }
        return value
    }

    /// `text` as a whole number: an optional sign and digits (`_` between two of them), or nil
    /// when it is anything else or outside `Int`.
    static func integer(_ text: Substring) -> Int? {
        guard isInteger(text) else { return nil }
        return Int(String(text.filter { $0 != "_" }))
    }

    /// `text` as an unsigned 64-bit integer, read as ``integer(_:)`` reads text.
    static func unsigned64(_ text: Substring) -> UInt64? {
        guard isInteger(text) else { return nil }
        return UInt64(String(text.filter { $0 != "_" }))
    }

    /// Whether `text` is an optional sign followed by digits.
    private static func isInteger(_ text: Substring) -> Bool {
        var scanner = Scanner(text)
        scanner.skipSign()
        return scanner.digits() && scanner.isAtEnd
    }

    /// Whether `text` is an optional sign, then ``unsignedPattern`` (however large the number).
    static func isDecimal(_ text: Substring) -> Bool {
        var scanner = Scanner(text)
        scanner.skipSign()
        let whole = scanner.digits()
        if scanner.skip(".") {
            // `5.` and `.5` are numbers, `.` alone is not.
            guard scanner.digits() || whole else { return false }
        } else if !whole {
            return false
        }
        if scanner.skip("e") || scanner.skip("E") {
            scanner.skipSign()
            guard scanner.plainDigits() else { return false }
        }
        return scanner.isAtEnd
    }

    /// Reads a number's pieces from the front of the text.
    private struct Scanner {
        var rest: Substring.UnicodeScalarView.SubSequence

        init(_ text: Substring) { rest = text.unicodeScalars[...] }

        var isAtEnd: Bool { rest.isEmpty }

        mutating func skip(_ scalar: Unicode.Scalar) -> Bool {
            guard rest.first == scalar else { return false }
            rest.removeFirst()
            return true
        }

        mutating func skipSign() {
            if !skip("+") { _ = skip("-") }
        }

        /// Digits with `_` only between two of them; false (having read nothing) without a digit first.
        mutating func digits() -> Bool {
            guard let first = rest.first, Self.isDigit(first) else { return false }
            rest.removeFirst()
            while let next = rest.first {
                if Self.isDigit(next) {
                    rest.removeFirst()
                } else if next == "_", let after = rest.dropFirst().first, Self.isDigit(after) {
                    rest.removeFirst(2)
                } else {
                    break
                }
            }
            return true
        }

        /// Digits without `_` (an exponent).
        mutating func plainDigits() -> Bool {
            var read = false
            while let next = rest.first, Self.isDigit(next) {
                rest.removeFirst()
                read = true
            }
            return read
        }

        static func isDigit(_ scalar: Unicode.Scalar) -> Bool { ("0"..."9").contains(scalar) }
    }
}
