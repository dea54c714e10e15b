import Foundation

/// Words of a command line quoted for a POSIX shell, so that a printed replay command can be
/// pasted as it is: a word of only safe characters stays bare, any other is single-quoted.
enum ShellQuoting {
    private static let safe = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-./=,:@%+")

    static func quote(_ word: String) -> String {
        if !word.isEmpty, word.allSatisfy({ safe.contains($0) }) { return word }
        // A line break or other control character is written as an escape inside $'…' (bash,
        // zsh, ksh, POSIX 2024), so that the command stays on one line in a report or a terminal.
        if word.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            var escaped = "$'"
            for scalar in word.unicodeScalars {
                switch scalar {
                case "\\": escaped += "\\\\"
                case "'": escaped += "\\'"
                case "\n": escaped += "\\n"
                case "\t": escaped += "\\t"
                case "\r": escaped += "\\r"
                case _ where scalar.properties.generalCategory == .control:
                    escaped += "\\x" + String(scalar.value, radix: 16, uppercase: true).leftPadded(to: 2)
                default: escaped.unicodeScalars.append(scalar)
                }
            }
            return escaped + "'"
        }
        return "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// A word as any POSIX shell reads it: bare, or in single quotes with `'\''` for a quote, as
    /// ``quote(_:)`` writes most words — but never as its `$'…'`, which dash (Debian's `/bin/sh`)
    /// reads as a `$` and the text. A control character (a line break in a file's path) is
    /// written as it is inside the quotes, the one way POSIX quoting has, so such a command spans
    /// lines: for commands a file keeps to be run (a CSV's replay cell), where ``quote(_:)`` is
    /// for commands shown on a terminal or in a report's line, which must stay on one line.
    static func posixQuote(_ word: String) -> String {
        let quoted = quote(word)
        return quoted.hasPrefix("$'") ? "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'" : quoted
    }

    /// A file's path as a command's argument: one that starts with `-` gets `./` before it, or
    /// the command would read it as an option (`orrery run -t.yaml` is refused).
    static func fileArgument(_ path: String) -> String {
        path.hasPrefix("-") ? "./" + path : path
    }
}
