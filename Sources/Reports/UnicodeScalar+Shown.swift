/// How a Unicode scalar is shown to people, one rule for every audience: which scalars must not be
/// shown as they are, and how a scalar's value is spelled when it is named instead. Messages
/// (`String.excerpt`), the terminal (`TerminalText`) and the loader's refusals (`U+202E`) all ask
/// here, so a right-to-left override that a message escapes cannot reach the terminal raw.
extension Unicode.Scalar {
    /// Whether showing the scalar as it is would act on the screen or hide text from the reader: a
    /// control character (C0, line feed and tab included — an escape starts a terminal sequence —,
    /// DEL, C1), a format character (a right-to-left override U+202E reverses what follows it, a
    /// zero-width space or a byte order mark shows nothing), or a line or paragraph separator
    /// (U+2028, U+2029: a line break most readers do not count).
    public var isHiddenWhenShown: Bool {
        switch properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator: true
        default: false
        }
    }

    /// The scalar's value in uppercase hexadecimal with `0`s in front up to `digits`: `1B` (2),
    /// `202E` (4).
    public func hexadecimal(digits: Int) -> String {
        String(value, radix: 16, uppercase: true).leftPadded(to: digits)
    }

    /// The scalar as Unicode names a code point: `U+0000`, `U+202E`, `U+1F600`.
    public var codePoint: String { "U+" + hexadecimal(digits: 4) }
}

extension String {
    /// The string with `0`s in front up to `width` characters (as it is when it is that long).
    public func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
