import Foundation
import Reports
import Yams

/// One value of a scenario file replaced from the command line — `--set balancer.strategy=least_conn`,
/// or one value of a sweep's `--vary` — addressed by its key path: mapping keys and list indexes
/// joined by dots (`servers.0.count`, `workload.rate`). The value is read as YAML, so
/// `{median: 2ms, sigma: 0.5}` replaces a whole mapping, and it is checked by the same loader as
/// the file: an impossible value is an error at the position of the value it replaces, saying
/// which option set it.
public struct ScenarioOverride: Sendable, Equatable, CustomStringConvertible {
    /// The key path as the user wrote it.
    public let path: String
    /// The YAML text of the new value.
    public let value: String

    /// The longest key path and value the command line may give.
    static let maximumLength = 1_000

    /// An override of `path` by `value`; the path is split and checked when applied.
    public init(path: String, value: String) {
        self.path = path
        self.value = value
    }

    /// Reads `PATH=VALUE`.
    ///
    /// - Throws: a message saying what is wrong when there is no `=`, the path is empty or a part
    ///   of it is empty, or either side is longer than ``maximumLength`` characters.
    public init(parsing argument: String) throws(OverrideProblem) {
        guard let equals = argument.firstIndex(of: "=") else {
            throw OverrideProblem("expected PATH=VALUE (e.g. balancer.strategy=least_conn), got '\(argument.excerpt)'")
        }
        try self.init(checkingPath: String(argument[..<equals]), value: String(argument[argument.index(after: equals)...]))
    }

    /// Reads `PATH=V1,V2,…` (a sweep's `--vary`): one override per value. Commas inside brackets,
    /// braces or quoted values belong to the value (`workload.service_time={median: 1ms, sigma: 0.5},2ms`;
    /// ``VaryList/splitValues(_:)`` says where a quote opens one).
    public static func parseVariants(_ argument: String) throws(OverrideProblem) -> [ScenarioOverride] {
        guard let equals = argument.firstIndex(of: "=") else {
            throw OverrideProblem("expected PATH=V1,V2,… (e.g. balancer.strategy=round_robin,least_conn), got '\(argument.excerpt)'")
        }
        let path = String(argument[..<equals])
        let values = VaryList.splitValues(argument[argument.index(after: equals)...])
        // Before any work per value: a sweep has at most so many variants in all.
        guard values.count <= SweepPlan.maximumVariants else {
            throw OverrideProblem("a sweep has at most \(NumberFormat.integer(SweepPlan.maximumVariants)) variants; '\(path.excerpt)' lists \(NumberFormat.integer(values.count)) values; vary fewer values, or sweep in parts")
        }
        var overrides: [ScenarioOverride] = []
        var seen: [String: String] = [:]
        let kind = ScenarioSchema.fieldKind(at: path)
        for value in values {
            let key = Self.sameValueKey(value, as: kind)
            if let earlier = seen[key] {
                let spelled = earlier == value ? "" : " (as '\(earlier.excerpt)')"
                throw OverrideProblem("'\(path.excerpt)' lists the value '\(value.excerpt)' twice\(spelled)")
            }
            seen[key] = value
            overrides.append(try ScenarioOverride(checkingPath: path, value: value))
        }
        return overrides
    }

    /// What a `--vary` value is to the field it sets, so that two spellings of one value are one
    /// variant and two values are two: read as the key's field reads it (``FieldKind``, from the
    /// schema the loader closes its mappings with, ``ScenarioSchema/fieldKind(at:)``).
    ///
    /// - a duration by its exact value, read by the loader's own reader, a bare number being
    ///   seconds and a quoted duration the duration (`1`, `1s`, `1000ms`, `"1s"` are one;
    ///   `100000000.000000001s` and `100000000s` are two, as they are to the loader);
    /// - a size by its whole bytes (`1024`, `1KiB`, `1024B`, `"1KiB"`);
    /// - a number by its exact digits (``VaryValueReadings/exactNumber(_:)``: `1`, `01`, `1.0`,
    ///   `1_0e-1` are one; as `Double`s `100000000.000000001` and `100000000` were one);
    /// - a percentage as that number, with or without its `%`;
    /// - a boolean as the loader reads its words (`true`, `yes`, `on`);
    /// - anything else, and every value of a key whose kind cannot be told, by the text a text
    ///   field reads (``VaryValueReadings/text(_:)``: `a` and `'a'` are one name, `1s` and
    ///   `1000ms` two — every value was read as a number, a duration and a size whatever the
    ///   field, so `servers.0.name=1s,1000ms` was refused as one value twice).
    ///
    /// A value the field cannot read as its kind (`1s` for a count) is keyed by its text, and the
    /// sweep's load with each value says why it is none (`SweepCommand.repeatedValues`).
    static func sameValueKey(_ value: String, as kind: FieldKind?) -> String {
        let text = VaryValueReadings.text(value) ?? value
        switch kind {
        case .duration:
            let cursor = YAMLCursor(node: .scalar(.init(Self.unquotedUnitValue(value))), file: "--vary", path: "")
            if case .whole(let attoseconds)? = try? cursor.durationParts().exact { return "duration \(attoseconds)" }
        case .size:
            let cursor = YAMLCursor(node: .scalar(.init(Self.unquotedUnitValue(value))), file: "--vary", path: "")
            if let bytes = try? cursor.byteCount() { return "bytes \(bytes)" }
        case .number:
            if let number = VaryValueReadings.exactNumber(value[...]) { return "number \(number)" }
        case .percentage:
            let trimmed = text.trimmingSpaces
            let number = trimmed.hasSuffix("%") ? String(trimmed.dropLast()).trimmingSpaces : trimmed
            if let exact = VaryValueReadings.exactNumber(number[...]) { return "percentage \(exact)" }
        case .flag:
            // A quoted word is text to the loader's reader of booleans, and refused.
            let cursor = YAMLCursor(node: .scalar(.init(value)), file: "--vary", path: "")
            if value.first != "'", value.first != "\"", let flag = try? cursor.bool() { return "flag \(flag)" }
        case .text, nil:
            break
        }
        return "text " + text
    }

    /// `value` without the quotes around it when what they hold is a duration or a size with its
    /// unit (`"1s"`, `'1KiB'`), which the loader reads as it reads the value unquoted; any other
    /// value as it is (a quoted number is text).
    private static func unquotedUnitValue(_ value: String) -> String {
        guard value.count >= 2, let quote = value.first, quote == "\"" || quote == "'", value.last == quote,
              !value.dropFirst().dropLast().contains(where: { $0 == quote || $0 == "\\" }) else { return value }
        let inner = String(value.dropFirst().dropLast())
        guard DecimalText.number(inner[...]) == nil else { return value }
        let cursor = YAMLCursor(node: .scalar(.init(inner)), file: "--vary", path: "")
        return (try? cursor.durationParts()) != nil || (try? cursor.byteCount()) != nil ? inner : value
    }

    private init(checkingPath path: String, value: String) throws(OverrideProblem) {
        guard path.count <= Self.maximumLength, value.count <= Self.maximumLength else {
            throw OverrideProblem("a key path or value has at most \(NumberFormat.integer(Self.maximumLength)) characters")
        }
        guard !path.isEmpty, !path.split(separator: ".", omittingEmptySubsequences: false).contains(where: \.isEmpty) else {
            throw OverrideProblem("'\(path.excerpt)' is not a key path: keys and list indexes joined by dots, e.g. servers.0.count")
        }
        guard !value.isEmpty else { throw OverrideProblem("'\(path.excerpt)' needs a value after '='") }
        self.init(path: path, value: value)
    }

    /// `PATH=VALUE`, as the command line takes it.
    public var description: String { "\(path)=\(value)" }

    /// The key path's parts.
    var components: [String] { path.split(separator: ".", omittingEmptySubsequences: false).map(String.init) }
}

/// Why a `--set` or `--vary` argument cannot be read.
public struct OverrideProblem: Error, Sendable, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}

extension ScenarioDocument {
    /// The document with every override applied in order, its common keys (name, seed) read
    /// again. A path that does not lead into the file (a list index out of range, a key under a
    /// scalar) is an error at the deepest node it reached; the last key of a path may be new.
    ///
    /// - Parameter option: how the overrides were given, for messages (`--set`, `--vary`).
    public func overriding(_ overrides: [ScenarioOverride], option: String) throws(ScenarioError) -> ScenarioDocument {
        guard !overrides.isEmpty else { return self }
        var node = root.node
        for override in overrides {
            let value = try Self.valueNode(override, option: option, in: node, file: file)
            try Self.replace(in: &node, at: override.components[...], walked: [], with: value, override: override, option: option, file: file)
        }
        return try ScenarioDocument(root: YAMLCursor(node: node, file: file, path: ""), file: file)
    }

    /// The override's value composed as YAML; one that is not YAML is an error at the place in
    /// the file it would replace, with YAML's reason and where in the value it is.
    private static func valueNode(_ override: ScenarioOverride, option: String, in document: Node,
                                  file: String) throws(ScenarioError) -> Node {
        let reason: String
        composing: do {
            if let key = YAMLAliasKeys.first(in: override.value) {
                let place = key.line > 1 ? "line \(key.line), column \(key.column)" : "character \(key.column)"
                reason = "has a key at \(place) of the value \(key.summary)"
                break composing
            }
            if let node = try Yams.compose(yaml: override.value, ScenarioDocument.resolver) {
                guard node.nodeCount(upTo: maximumValueNodes + 1) <= maximumValueNodes else {
                    reason = "holds more than \(NumberFormat.integer(maximumValueNodes)) values once its aliases are expanded (each alias repeats what its anchor names)"
                    break composing
                }
                return node
            }
            reason = "is not a YAML value: it is empty"
        } catch let error as YamlError {
            // The reader's words, placed in the value (which is one line on the command line).
            let read = ScenarioError(yaml: error, file: file)
            // A reader's error (a control character) has no line and column, only its offset.
            let column = if case .reader(_, let offset?, _, _) = error { offset + 1 } else { read.column }
            let place = read.line > 1 ? "at the end" : "at character \(column)"
            reason = "is not a YAML value: \(read.message) \(place) of the value"
        } catch {
            reason = "is not a YAML value: \(error)"
        }
        let (target, walked) = Self.deepestNode(in: document, at: override.components)
        throw YAMLCursor(node: target, file: file, path: walked.joined(separator: ".")).error(.invalidValue(
            "\(option) \(override.path.excerpt): the value '\(override.value.excerpt)' \(reason)"))
    }

    /// The node a key path leads to in `document`, or the deepest one on its way that exists,
    /// with the keys walked to it.
    private static func deepestNode(in document: Node, at components: [String]) -> (Node, [String]) {
        var node = document, walked: [String] = []
        for component in components {
            let child: Node?
            switch node {
            case .mapping(let mapping): child = mapping.first { $0.key.scalar?.string == component }?.value
            case .sequence(let sequence): child = Self.listIndex(component).flatMap { sequence.indices.contains($0) ? sequence[$0] : nil }
            default: child = nil
            }
            guard let child else { break }
            node = child
            walked.append(component)
        }
        return (node, walked)
    }

    /// A list index as a key path writes it: `0`, `12` — digits only, no sign, no leading zero.
    private static func listIndex(_ component: String) -> Int? {
        guard let first = component.utf8.first, component.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }),
              first != UInt8(ascii: "0") || component.utf8.count == 1 else { return nil }
        return Int(component)
    }

    private static func replace(in node: inout Node, at components: ArraySlice<String>, walked: [String], with value: Node,
                                override: ScenarioOverride, option: String, file: String) throws(ScenarioError) {
        guard let component = components.first else {
            node = value.marked(node.mark)
            return
        }
        let here = YAMLCursor(node: node, file: file, path: walked.joined(separator: "."))
        func failure(_ reason: String) -> ScenarioError {
            here.error(.invalidValue("\(option) \(override.path.excerpt): \(reason)"))
        }
        switch node {
        case .mapping(var mapping):
            if let index = mapping.firstIndex(where: { $0.key.scalar?.string == component }) {
                var child = mapping[index].value
                try replace(in: &child, at: components.dropFirst(), walked: walked + [component], with: value,
                            override: override, option: option, file: file)
                mapping[index] = (mapping[index].key, child)
            } else if components.count == 1 {
                // The new key is placed where its mapping is, so that an error about it (an
                // unknown key) has a position in the file.
                var pairs = Array(mapping)
                pairs.append((Node(component).marked(mapping.mark), value.marked(mapping.mark)))
                mapping = Node.Mapping(pairs, mapping.tag, mapping.style, mapping.mark, mapping.anchor)
            } else {
                throw failure("there is no key '\(component.excerpt)'\(walked.isEmpty ? " at the top of the file" : " under \(walked.joined(separator: "."))")")
            }
            node = .mapping(mapping)
        case .sequence(var sequence):
            guard let index = Self.listIndex(component), sequence.indices.contains(index) else {
                throw failure("'\(component.excerpt)' is not an index of this list of \(sequence.count) (0 … \(max(sequence.count - 1, 0)))")
            }
            var child = sequence[index]
            try replace(in: &child, at: components.dropFirst(), walked: walked + [component], with: value,
                        override: override, option: option, file: file)
            sequence[index] = child
            node = .sequence(sequence)
        default:
            throw failure("\(walked.isEmpty ? "the file" : walked.joined(separator: ".")) is a single value, with no '\(component.excerpt)' inside")
        }
    }
}

extension ScenarioError {
    /// The error with a note naming the override that set the value it is about, if one did.
    func mentioning(_ overrides: [ScenarioOverride], option: String) -> ScenarioError {
        let dotted = path.replacingOccurrences(of: ".[", with: ".").replacingOccurrences(of: "[", with: "").replacingOccurrences(of: "]", with: "")
        // The value an override set, or the key it set, named by an error about its mapping
        // (`unknown key 'nosuch'`, `missing required key 'name'` for a value YAML reads as null).
        let setHere = dotted.isEmpty ? nil : overrides.last { dotted == $0.path || dotted.hasPrefix($0.path + ".") }
        let keyed = overrides.last { override in
            override.components.dropLast().joined(separator: ".") == dotted && message.contains("'\(override.components.last ?? "")'")
        }
        guard let override = setHere ?? keyed else { return self }
        var noted = self
        noted.kind = .invalidValue("\(message) (the \(setHere == nil ? "key" : "value") comes from \(option) \(override.description.excerpt))")
        return noted
    }
}

extension ScenarioDocument {
    /// The most nodes an override's value may hold, its aliases expanded: a value has at most
    /// ``ScenarioOverride/maximumLength`` characters, so only aliases take it past this — a
    /// 288-character "billion laughs" of nine levels expands to 9⁹ nodes, and placing each at the
    /// file's position took every byte of memory.
    static let maximumValueNodes = 2_000
}

private extension Node {
    /// How many nodes this one holds, itself included, counting at most to `limit` (so that an
    /// alias-made tree of billions of nodes is counted in as many steps as the limit).
    func nodeCount(upTo limit: Int) -> Int {
        var count = 0
        func visit(_ node: Node) {
            guard count < limit else { return }
            count += 1
            switch node {
            case .mapping(let mapping):
                for (key, value) in mapping {
                    visit(key)
                    visit(value)
                    if count >= limit { return }
                }
            case .sequence(let sequence):
                for element in sequence {
                    visit(element)
                    if count >= limit { return }
                }
            default:
                break
            }
        }
        visit(self)
        return count
    }

    /// The node, and every node inside it, placed at `mark`: a value from the command line is
    /// reported at the place in the file it replaces.
    func marked(_ mark: Mark?) -> Node {
        switch self {
        case .scalar(var scalar):
            scalar.mark = mark
            return .scalar(scalar)
        case .mapping(var mapping):
            for index in mapping.indices {
                mapping[index] = (mapping[index].key.marked(mark), mapping[index].value.marked(mark))
            }
            mapping.mark = mark
            return .mapping(mapping)
        case .sequence(var sequence):
            for index in sequence.indices { sequence[index] = sequence[index].marked(mark) }
            sequence.mark = mark
            return .sequence(sequence)
        default:
            return self
        }
    }
}
