import Foundation
import Reports
import Yams

/// A scenario file read once: its bytes checked as UTF-8, composed as YAML, and the keys every
/// file shares — `version`, `name`, `description`, `seed` (``ScenarioSchema/commonProperties``) —
/// read and checked. Every loader (worlds, experiments) starts from one of these, so the rules for
/// those keys, and the positions in their errors, are the same for every kind of file.
public struct ScenarioDocument {
    /// The longest name a scenario may have: it becomes a directory of the report.
    static let maximumNameLength = 100

    /// The file, as the user named it.
    public let file: String
    /// The root of the document.
    let root: YAMLCursor
    /// The scenario's name: `name:`, or the file's name without its extension.
    public let name: String
    /// A sentence for the report (`description:`) on one line, or empty: every report writes it
    /// into a heading, list item or paragraph, and a line break in it (`"a\n\n## injected"`)
    /// started blocks of its own in every experiment's `report.md`. A control character a
    /// double-quoted escape put in it (`"\e[31m"`) is shown quoted (`reportText`),
    /// as sweeps show such text: no escape sequence reaches a report raw.
    public let summary: String
    /// `seed:`, or nil when the file has none.
    public let seed: UInt64?
    /// The top-level keys present, in file order.
    public let keys: [String]

    /// Reads the file at `path`.
    ///
    /// - Throws: ``ScenarioError`` naming the file for one that cannot be read, and the line and
    ///   column of the first bad byte, syntax error or bad common key otherwise.
    public static func load(path: String) throws(ScenarioError) -> ScenarioDocument {
        switch RegularFile.read(path, limit: RegularFile.scenarioLimit) {
        case .success(let bytes): return try parse(bytes: bytes, file: path)
        case .failure(let problem):
            let reason = if case .unreadable = problem { "not readable" } else { problem.description }
            throw ScenarioError(file: path, line: 0, column: 0, path: "", kind: .unreadable(reason))
        }
    }

    /// Reads a document from `bytes`, reporting positions against `file`.
    public static func parse(bytes: [UInt8], file: String) throws(ScenarioError) -> ScenarioDocument {
        try parse(try decodeUTF8(bytes, file: file), file: file)
    }

    /// Reads a document from `text`, reporting positions against `file`.
    public static func parse(_ text: String, file: String) throws(ScenarioError) -> ScenarioDocument {
        if let (line, column, scalar) = firstControlCharacter(in: text) {
            let code = scalar.codePoint
            let what = switch scalar.value {
            case 0x2028, 0x2029: "line separator \(code) (the YAML reader counts it as a line break, so every position after it would be a line off)"
            case 0xFEFF: "byte order mark \(code) after the start of the file"
            case 0xFFFE, 0xFFFF: "noncharacter \(code)"
            default: "control character \(code)"
            }
            throw ScenarioError(file: file, line: line, column: column, path: "", kind: .syntax("\(what) is not allowed in a scenario file"))
        }
        return try ScenarioDocument(root: compose(text, file: file), file: file)
    }

    /// The document whose root is `root`, its common keys read and checked.
    init(root: YAMLCursor, file: String) throws(ScenarioError) {
        guard case .mapping = root.node else {
            throw root.error(.wrongType(expected: "a mapping of sections (network, servers, mapreduce, …)", found: root.kindDescription))
        }
        let top = try root.openMapping()
        if let version = top["version"], try version.int() != 1 {
            throw version.error(.invalidValue("unsupported scenario version \(version.text ?? ""); this Orrery reads version 1"))
        }
        let name: String
        if let nameCursor = top["name"] {
            name = try nameCursor.string()
            if let problem = Self.problem(withName: name) { throw nameCursor.error(.invalidValue(problem)) }
        } else {
            // The file's name is the default, and it names the report's directory just the same
            // (`...yaml` wrote `../report.md`).
            let fileName = (file as NSString).lastPathComponent
            name = (fileName as NSString).deletingPathExtension
            if let problem = Self.problem(withName: name) {
                throw root.error(.invalidValue("this file has no 'name:', so its name is its file name without the extension, '\(name.excerpt)', and \(problem); add a 'name:' key"))
            }
        }
        self.file = file
        self.root = root
        self.name = name
        self.summary = try top["description"]?.string().markdownLine.reportText ?? ""
        self.seed = try top["seed"]?.uint64()
        self.keys = top.keys
    }

    /// The top level as a mapping of the file kind `shape` (whose keys include the common ones).
    ///
    /// A section written with no value (`operations:` alone) is refused where it is: read as
    /// absent, it left a world with nothing in it that validated and passed, and dropped every
    /// assertion of an empty `expect:` without a word. A common key with no value (`seed:`)
    /// still means its default.
    func sections(_ shape: SchemaObject) throws(ScenarioError) -> YAMLMapping {
        let top = try root.mapping(shape)
        let common = ScenarioSchema.commonProperties.map(\.name)
        if let empty = top.entries.first(where: { $0.value.isNull && !common.contains($0.key) }) {
            throw ScenarioError(file: file, line: empty.keyCursor.line, column: empty.keyCursor.column, path: empty.value.path,
                                kind: .invalidValue("'\(empty.key.excerpt)' has no value; give the section its contents, or remove the key"))
        }
        return top
    }

    /// Why `name` cannot name a report directory, or nil when it can.
    static func problem(withName name: String) -> String? {
        if name.isEmpty { return "a scenario's name must not be empty" }
        if name.count > maximumNameLength { return "a scenario's name has at most \(NumberFormat.integer(maximumNameLength)) characters" }
        if name == "." || name == ".." || name.hasPrefix(".") { return "a scenario's name must not start with '.'" }
        let allowed = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "-_."))
        if name.unicodeScalars.contains(where: { !allowed.contains($0) || !$0.isASCII }) {
            return "a scenario's name may hold only ASCII letters, digits, '-', '_' and '.', since it names the report's directory; got '\(name.excerpt)'"
        }
        return nil
    }

    /// The text of `bytes`, or an error at the first byte that is not UTF-8.
    static func decodeUTF8(_ bytes: [UInt8], file: String) throws(ScenarioError) -> String {
        var bytes = bytes
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            bytes.removeFirst(3)
            // A second mark, where the text starts, would pass for the first.
            if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
                throw ScenarioError(file: file, line: 1, column: 1, path: "", kind: .syntax("byte order mark U+FEFF after the start of the file is not allowed in a scenario file"))
            }
        }
        if let text = String(validating: bytes, as: UTF8.self) { return text }
        // Find the first bad byte by decoding scalar by scalar.
        var position = TextPosition()
        var offset = 0
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        var consumed = 0
        loop: while true {
            let before = consumed
            var counting = CountingIterator(base: iterator, count: 0)
            switch decoder.decode(&counting) {
            case .scalarValue(let scalar):
                iterator = counting.base
                consumed += counting.count
                position.advance(past: scalar)
                offset = consumed
            case .emptyInput:
                break loop
            case .error:
                offset = before
                break loop
            }
        }
        throw ScenarioError(file: file, line: position.line, column: position.column, path: "", kind: .syntax(
            "the file is not valid UTF-8: byte 0x\(String(bytes[min(offset, bytes.count - 1)], radix: 16, uppercase: true)) at offset \(offset)"))
    }

    /// The first C0/C1 control character other than tab, line feed and carriage return — or line
    /// or paragraph separator, byte order mark past the start, U+FFFE or U+FFFF, which the YAML
    /// reader counts as a line break, drops or cannot read — with its 1-based line and column.
    static func firstControlCharacter(in text: String) -> (Int, Int, Unicode.Scalar)? {
        var position = TextPosition()
        for (index, scalar) in text.unicodeScalars.enumerated() {
            let value = scalar.value
            if (value < 0x20 && value != 0x09 && value != 0x0A && value != 0x0D) || value == 0x7F || (0x80...0x9F).contains(value)
                || value == 0x2028 || value == 0x2029 || value == 0xFFFE || value == 0xFFFF || (value == 0xFEFF && index > 0) {
                return (position.line, position.column, scalar)
            }
            position.advance(past: scalar)
        }
        return nil
    }

    /// Composes the YAML document, turning Yams' errors into positioned scenario errors.
    ///
    /// Scalars stay untagged text (``resolver``): the loader reads every number, boolean and
    /// null itself, with its ranges and its messages.
    static func compose(_ text: String, file: String) throws(ScenarioError) -> YAMLCursor {
        let refused = YAMLAliasKeys.beforeComposing(text)
        if let (line, column) = refused.nodePastLimit {
            throw ScenarioError(file: file, line: line, column: column, path: "", kind: .invalidValue(
                "the file holds more than \(NumberFormat.integer(YAMLEvents.maximumNodes)) values (each name, number, list, mapping and key counts one): as many as a \(RegularFile.scenarioLimit >> 20) MiB file holds written out, two bytes a value"))
        }
        if let key = refused.key {
            throw ScenarioError(file: file, line: key.line, column: key.column, path: key.path, kind: key.problem)
        }
        do {
            guard let node = try Yams.compose(yaml: text, resolver) else {
                throw ScenarioError(file: file, line: 1, column: 1, path: "", kind: .invalidValue("the scenario file is empty"))
            }
            try checkAliases(node, text: text, file: file)
            return YAMLCursor(node: node, file: file, path: "")
        } catch let error as ScenarioError {
            throw error
        } catch let error as YamlError {
            throw ScenarioError(yaml: error, file: file)
        } catch {
            throw ScenarioError(file: file, line: 1, column: 1, path: "", kind: .syntax("the YAML could not be read"))
        }
    }
}

extension ScenarioDocument {
    /// Refuses a document whose aliases add more than `limit` nodes
    /// (``YAMLAliasBudget/maximumAddedNodes``) once expanded, at the alias that crosses it —
    /// before any loader walks the tree, which it does as if every alias were written out.
    static func checkAliases(_ root: Node, text: String, file: String,
                             limit: Int = YAMLAliasBudget.maximumAddedNodes) throws(ScenarioError) {
        guard let overrun = YAMLAliasBudget.overrun(in: root, text: text, limit: limit) else { return }
        let (line, column, name) = overrun.position(in: text)
        let alias = name.map { "'*\($0.excerpt)'" } ?? "alias"
        throw ScenarioError(file: file, line: line, column: column, path: overrun.path, kind: .invalidValue(
            "the aliases in this file add more than \(NumberFormat.integer(limit)) values once expanded (each alias repeats what its anchor names; this \(alias) repeats \(NumberFormat.integer(overrun.repeated))); a file's aliases may add at most as many values as a \(RegularFile.scenarioLimit >> 20) MiB file holds written out, a name or number counting one for every two of its bytes"))
    }

    /// How scenario YAML is composed: with no implicit tags. Yams' default resolver tags each
    /// plain scalar as a boolean, number, null or timestamp by regular expression, and compiling
    /// those expressions (ICU's regex engine, once per process) was a tenth of a small run's
    /// start-up; the tags were never read.
    static let resolver = Resolver.basic
}

/// Counts the bytes a decoder takes from an iterator.
private struct CountingIterator<Base: IteratorProtocol<UInt8>>: IteratorProtocol {
    var base: Base
    var count: Int

    mutating func next() -> UInt8? {
        guard let byte = base.next() else { return nil }
        count += 1
        return byte
    }
}

extension ScenarioError {
    /// A syntax error at the position libyaml reported, without echoing the input.
    init(yaml error: YamlError, file: String) {
        switch error {
        case .scanner(let context, let problem, let mark, _), .parser(let context, let problem, let mark, _),
             .composer(let context, let problem, let mark, _):
            // The reader's own words, not the input: kept whole (cut at 60 characters, "found
            // character that cannot start any token" lost what said a tab was the trouble).
            let detail = context.map { "\($0.text) " } ?? ""
            let said = problem.contains("Maximum nesting level reached")
                ? "the file nests deeper than the YAML reader allows" : detail + problem
            self.init(file: file, line: mark.line, column: mark.column, path: "", kind: .syntax(said.excerpt(upTo: 240)))
        case .duplicatedKeysInMapping(let duplicates, let context):
            let key = duplicates.first ?? ""
            let (line, column) = YAMLEvents.firstRepeatedKey(in: context.text).map { ($0.line, $0.column) }
                ?? (max(context.mark.line, 1), max(context.mark.column, 1))
            self.init(file: file, line: line, column: column, path: "", kind: .invalidValue("key '\(key.excerpt)' appears twice"))
        default:
            self.init(file: file, line: 1, column: 1, path: "", kind: .syntax("the YAML could not be read"))
        }
    }
}
