import Reports

extension String {
    /// At most 60 characters of the string, for quoting user input in a message: a line break as
    /// `⏎`, every other control character as `\xHH` (a NUL or an escape sequence written in a
    /// quoted name reached the terminal as it was), and invisible formatting or separators —
    /// a right-to-left override, U+2028 — as `\u{HHHH}`. Which scalars are escaped is
    /// ``Unicode/Scalar/isHiddenWhenShown``, the terminal's rule too; the spelling is a
    /// scenario file's (`\x1B` is how a YAML double-quoted string writes an escape), where the
    /// terminal writes the paths the user typed as Swift does (`\u{1B}`).
    var excerpt: String { excerpt(upTo: 60) }

    /// At most `limit` characters of the string, escaped as ``excerpt`` escapes them. Counted in
    /// Unicode scalars, not `Character`s: a letter followed by 100,000 combining marks is one
    /// `Character`, and its whole 200 KB reached a message (C2, s74).
    func excerpt(upTo limit: Int) -> String {
        let scalars = unicodeScalars
        let pieces = scalars.prefix(limit + 1).map { scalar in
            switch scalar {
            case "\n": "⏎"
            case _ where !scalar.isHiddenWhenShown: String(scalar)
            case _ where scalar.properties.generalCategory == .control: "\\x" + scalar.hexadecimal(digits: 2)
            default: "\\u{" + scalar.hexadecimal(digits: 4) + "}"
            }
        }
        let length = pieces.reduce(0) { $0 + $1.unicodeScalars.count }
        if length <= limit && scalars.dropFirst(limit).isEmpty { return pieces.joined() }
        // Cut between pieces, so that an escape is quoted whole.
        var cut = ""
        var used = 0
        for piece in pieces {
            let size = piece.unicodeScalars.count
            guard used + size <= limit - 3 else { break }
            cut += piece
            used += size
        }
        return cut + "…"
    }
}
