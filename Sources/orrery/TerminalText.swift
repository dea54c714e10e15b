import Reports

/// What `orrery` writes to a terminal, made safe to show: messages quote paths and values the
/// user gave, and a file named `$'\e[2J.yaml'` or `$'a\nPASS b'` must neither drive the terminal
/// (clear it, move its cursor, retitle the window) nor forge a line of output, and one named
/// `$'a\u202Eb.yaml'` must not show the rest of its line reversed. The scalars escaped are
/// ``Unicode/Scalar/isHiddenWhenShown``, the rule messages follow when they quote a scenario
/// file's values (`String.excerpt`); they are spelled as Swift writes them (`\u{1B}`).
///
/// Every line written to stderr and every result line written to stdout goes through
/// ``visible(_:quoting:)`` (``ProgressDisplay/standardError(_:)`` and
/// ``ProgressDisplay/standardOutput(_:)``), so a message made by the library (`a.yaml:3:1:
/// error: …`) is covered as one made here.
enum TerminalText {
    /// The command line's arguments that hold a scalar hidden when shown, longest first: the user text
    /// a message may quote whole or in a path made from it (`DIR/report.md`).
    static let hostileArguments: [String] = hostile(Array(CommandLine.arguments.dropFirst()))

    /// Those of `arguments` that hold a scalar hidden when shown (a line feed, a tab, a
    /// right-to-left override), longest first so that one holding another is escaped whole.
    static func hostile(_ arguments: [String]) -> [String] {
        arguments.filter { $0.unicodeScalars.contains(where: \.isHiddenWhenShown) }.sorted { $0.utf8.count > $1.utf8.count }
    }

    /// `message` as it may be written: each of `arguments` in it ``escaped(_:)`` whole, line
    /// feeds and tabs included, then every other scalar hidden when shown but the message's own
    /// line feeds and tabs written as `\u{1B}`, `\u{202E}`.
    static func visible(_ message: String, quoting arguments: [String] = hostileArguments) -> String {
        guard message.unicodeScalars.contains(where: \.isHiddenWhenShown) else { return message }
        var text = message
        for argument in arguments where text.contains(argument) {
            text = text.replacing(argument, with: escaped(argument))
        }
        return escaped(text, keepingLineBreaks: true)
    }

    /// `text` with every scalar hidden when shown — C0 and C1 control characters, DEL, format
    /// characters, line and paragraph separators — written as a Swift escape (`\u{1B}`, `\u{A}`,
    /// `\u{202E}`); line feeds and tabs too unless `keepingLineBreaks`.
    static func escaped(_ text: String, keepingLineBreaks: Bool = false) -> String {
        let escapes: (Unicode.Scalar) -> Bool = { $0.isHiddenWhenShown && !(keepingLineBreaks && ($0 == "\n" || $0 == "\t")) }
        guard text.unicodeScalars.contains(where: escapes) else { return text }
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if escapes(scalar) {
                out.append(contentsOf: "\\u{\(scalar.hexadecimal(digits: 1))}".unicodeScalars)
            } else {
                out.append(scalar)
            }
        }
        return String(out)
    }
}
