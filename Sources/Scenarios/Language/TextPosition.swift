/// A 1-based line and column in a scenario file's text, counted as the YAML reader counts them: a
/// line feed, a carriage return, or the two together end a line, and a column is a Unicode scalar.
/// Positions the loader finds itself (a control character, a byte that is not UTF-8) then agree
/// with the reader's in files with Windows (CRLF) or classic Mac OS (CR) line endings.
struct TextPosition {
    var line = 1
    var column = 1
    /// Whether the last scalar was a carriage return, so that a line feed after it ends no line.
    private var afterCarriageReturn = false

    /// Moves past `scalar`.
    mutating func advance(past scalar: Unicode.Scalar) {
        switch scalar {
        case "\n" where afterCarriageReturn:
            afterCarriageReturn = false
        case "\n", "\r":
            line += 1
            column = 1
            afterCarriageReturn = scalar == "\r"
        default:
            column += 1
            afterCarriageReturn = false
        }
    }
}
