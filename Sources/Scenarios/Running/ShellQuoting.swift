import Foundation
import Reports

/// Words of a command line quoted for a POSIX shell, so that a printed replay command can be
/// pasted as it is: a word of only safe characters stays bare, any other is single-quoted.
enum ShellQuoting {
    private static let safe = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-./=,:@%+")

    static func quote(_ word: String) -> String {
        if !word.isEmpty, word.allSatisfy({ safe.contains($0) }) { return word }
        // A line break or any other scalar hidden when shown (``Unicode/Scalar/isHiddenWhenShown``:
        // a control character, a right-to-left override, a zero-width space, U+2028) is written as
        // an escape inside $'…' (bash, zsh, ksh, POSIX 2024), so that the command stays on one
        // line in a report or a terminal and shows what it holds. Beyond ASCII the escapes are
        // the scalar's UTF-8 bytes (`\xE2\x80\xAE`), which $'…' turns back into the scalar;
        // POSIX 2024 has no `\u`.
        if word.unicodeScalars.contains(where: \.isHiddenWhenShown) {
            var escaped = "$'"
            for scalar in word.unicodeScalars {
                switch scalar {
                case "\\": escaped += "\\\\"
                case "'": escaped += "\\'"
                case "\n": escaped += "\\n"
                case "\t": escaped += "\\t"
                case "\r": escaped += "\\r"
                case _ where scalar.isHiddenWhenShown:
                    escaped += String(scalar).utf8.map { "\\x" + String($0, radix: 16, uppercase: true).leftPadded(to: 2) }.joined()
                default: escaped.unicodeScalars.append(scalar)
                }
            }
            return escaped + "'"
        }
        return "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// A word as any POSIX shell reads it: bare, or in single quotes with `'\''` for a quote, as
    /// ``quote(_:)`` writes most words — but never as its `$'…'`, which dash (Debian's `/bin/sh`)
    /// reads as a `$` and the text. A line break (or a tab) is written as it is inside the quotes,
    /// the one way POSIX quoting has, so such a command spans lines; any other scalar hidden when
    /// shown (``Unicode/Scalar/isHiddenWhenShown``: an escape sequence, a carriage return, DEL,
    /// C1, a right-to-left override, a zero-width space, U+2028) is spelled by `printf`'s octal
    /// escapes of its UTF-8 bytes, `"$(printf '\033')"`, joined to the quoted text as one word —
    /// so no escape sequence of a path reaches a file raw, to act when the file is shown on a
    /// terminal, and no override reorders the command a reader copies. For
    /// commands a file keeps to be run (a report's `replay`, a CSV's cell), where ``quote(_:)`` is
    /// for commands shown on a terminal, which must stay on one line.
    static func posixQuote(_ word: String) -> String {
        if !word.isEmpty, word.allSatisfy({ safe.contains($0) }) { return word }
        if word.isEmpty { return "''" }
        var out = "", text = "", bytes = ""
        func flush() {
            if !text.isEmpty { out += "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'" }
            if !bytes.isEmpty { out += "\"$(printf '\(bytes)')\"" }
            text = ""
            bytes = ""
        }
        for scalar in word.unicodeScalars {
            if scalar.isHiddenWhenShown, scalar != "\n", scalar != "\t" {
                if !text.isEmpty { flush() }
                bytes += String(scalar).utf8.map { "\\" + String($0, radix: 8).leftPadded(to: 3) }.joined()
            } else {
                if !bytes.isEmpty { flush() }
                text.unicodeScalars.append(scalar)
            }
        }
        flush()
        return out
    }

    /// `words` as one command line for a file to keep — a report's `replay`, a CSV's cell — each
    /// as ``posixQuote(_:)`` writes it, so that any shell, dash included, runs it as it is.
    static func posixCommand(_ words: [String]) -> String {
        words.map(posixQuote).joined(separator: " ")
    }

    /// `words` as one line for a terminal, each as ``quote(_:)`` writes it: no scalar of a path
    /// hidden when shown (a line break, an escape sequence, a right-to-left override) reaches the
    /// terminal raw.
    static func displayCommand(_ words: [String]) -> String {
        words.map(quote).joined(separator: " ")
    }

    /// A file's path as a command's argument: one that starts with `-` gets `./` before it, or
    /// the command would read it as an option (`orrery run -t.yaml` is refused).
    static func fileArgument(_ path: String) -> String {
        path.hasPrefix("-") ? "./" + path : path
    }
}
