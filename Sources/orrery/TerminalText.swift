/// What `orrery` writes to a terminal, made safe to show: messages quote paths and values the
/// user gave, and a file named `$'\e[2J.yaml'` or `$'a\nPASS b'` must neither drive the terminal
/// (clear it, move its cursor, retitle the window) nor forge a line of output.
///
/// Every line written to stderr and every result line written to stdout goes through
/// ``visible(_:quoting:)`` (``ProgressDisplay/standardError(_:)`` and
/// ``ProgressDisplay/standardOutput(_:)``), so a message made by the library (`a.yaml:3:1:
/// error: …`) is covered as one made here.
enum TerminalText {
    /// The command line's arguments that hold a control character, longest first: the user text
    /// a message may quote whole or in a path made from it (`DIR/report.md`).
    static let hostileArguments: [String] = hostile(Array(CommandLine.arguments.dropFirst()))

    /// Those of `arguments` that hold a control character (line feed and tab included), longest
    /// first so that one holding another is escaped whole.
    static func hostile(_ arguments: [String]) -> [String] {
        arguments.filter { $0.unicodeScalars.contains(where: isControl) }.sorted { $0.utf8.count > $1.utf8.count }
    }

    /// `message` as it may be written: each of `arguments` in it ``escaped(_:)`` whole, line
    /// feeds and tabs included, then every other control character but the message's own line
    /// feeds and tabs written as `\u{1B}`.
    static func visible(_ message: String, quoting arguments: [String] = hostileArguments) -> String {
        guard message.unicodeScalars.contains(where: isControl) else { return message }
        var text = message
        for argument in arguments where text.contains(argument) {
            text = text.replacing(argument, with: escaped(argument))
        }
        return escaped(text, keepingLineBreaks: true)
    }

    /// `text` with every C0 and C1 control character and DEL written as a Swift escape
    /// (`\u{1B}`, `\u{A}`); line feeds and tabs too unless `keepingLineBreaks`.
    static func escaped(_ text: String, keepingLineBreaks: Bool = false) -> String {
        let escapes: (Unicode.Scalar) -> Bool = { isControl($0) && !(keepingLineBreaks && ($0 == "\n" || $0 == "\t")) }
        guard text.unicodeScalars.contains(where: escapes) else { return text }
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if escapes(scalar) {
                out.append(contentsOf: "\\u{\(String(scalar.value, radix: 16, uppercase: true))}".unicodeScalars)
            } else {
                out.append(scalar)
            }
        }
        return String(out)
    }

    /// C0 (line feed and tab included), DEL and C1.
    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }
}
