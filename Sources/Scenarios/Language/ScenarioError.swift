import Reports

/// A scenario file that cannot be run, with the place in the file where the problem is.
public struct ScenarioError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What is wrong.
    public enum Kind: Equatable, Sendable {
        /// The file could not be read.
        case unreadable(String)
        /// The YAML itself is malformed.
        case syntax(String)
        /// A key the schema does not know, with the closest known key if one is close.
        case unknownKey(String, suggestion: String?)
        /// A required key is missing.
        case missingKey(String)
        /// A value of the wrong type (e.g. a list where a number belongs).
        case wrongType(expected: String, found: String)
        /// A value of the right type that is impossible (a negative rate, p > 1, an unknown node).
        case invalidValue(String)
    }

    /// The scenario file.
    public var file: String
    /// 1-based line, or 0 when the problem has no position (an unreadable file).
    public var line: Int
    /// 1-based column, or 0 when the problem has no position.
    public var column: Int
    /// The dotted path of the offending value, e.g. `workload.users`.
    public var path: String
    public var kind: Kind

    public init(file: String, line: Int, column: Int, path: String, kind: Kind) {
        self.file = file
        self.line = line
        self.column = column
        self.path = path
        self.kind = kind
    }

    /// `file:line:column: error: message`, the form compilers use so editors can jump to it.
    public var description: String {
        let place = line > 0 ? "\(file):\(line):\(column)" : file
        let at = path.isEmpty ? "" : " (at \(path))"
        return "\(place): error: \(message)\(at)"
    }

    /// The longest message shown whole. A message quotes what the file holds, and most quote
    /// it cut short (`excerpt`); past this length, a value quoted whole (a number of a
    /// million digits, a name of megabytes) is cut in its middle, so that an error stays a
    /// readable line and never megabytes on stderr.
    static let longestMessage = 4_000

    /// The message without the position.
    public var message: String {
        let message = fullMessage
        guard message.count > Self.longestMessage else { return message }
        let kept = Self.longestMessage / 2
        return "\(message.prefix(kept)) … (\(NumberFormat.integer(message.count - 2 * kept)) characters left out) … \(message.suffix(kept))"
    }

    private var fullMessage: String {
        switch kind {
        case .unreadable(let reason):
            return "cannot read the scenario file: \(reason)"
        case .syntax(let problem):
            return "invalid YAML: \(problem)"
        case .unknownKey(let key, let suggestion):
            return "unknown key '\(key.excerpt)'" + (suggestion.map { "; did you mean '\($0)'?" } ?? "")
        case .missingKey(let key):
            return "missing required key '\(key.excerpt)'"
        case .wrongType(let expected, let found):
            return "expected \(expected), found \(found)"
        case .invalidValue(let reason):
            return reason
        }
    }
}
