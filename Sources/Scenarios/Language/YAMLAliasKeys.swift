internal import CYaml
import Reports

/// Finds, before a document is composed, a mapping key holding an alias of a list or mapping.
///
/// Yams checks a mapping's keys for repeats while it composes, hashing each key whole — an alias
/// as its anchor's whole node, expanded. A key `? *big` whose anchor nests lists of aliases
/// (`&a [x, x, …]`, `&b [*a, *a, …]`, …) is hashed as billions of values inside `Yams.compose`,
/// before ``YAMLAliasBudget`` can count them: a 329-byte file took 96 s to be refused. No key
/// of a scenario is anything but a name (``YAMLCursor`` refuses a list or mapping as a key), so
/// such a key is refused here, at the alias, from libyaml's events — which cost what the text
/// costs, and are only read when the text has a `*`. A list or mapping written out as a key
/// costs what its text costs, and an alias of a name is a name: both are left to the loader.
struct YAMLAliasKeys {
    /// A key holding an alias of a list or mapping: where the alias is, what it names.
    struct Found: Equatable {
        /// 1-based line and column of the alias.
        let line: Int
        let column: Int
        /// The alias's anchor name, without its `*`.
        let name: String
        /// "a list" or "a mapping".
        let names: String
        /// The dotted path of the mapping whose key holds it, as ``YAMLCursor`` writes paths.
        let path: String

        /// What the loader says of it: what it says of any key that is not a name.
        var problem: ScenarioError.Kind {
            .wrongType(expected: "a key", found: "'*\(name.excerpt)', an alias of \(names)")
        }
    }

    private enum Kind { case scalar, list, mapping }

    /// An open list or mapping: where the walk is in it.
    private struct Frame {
        let isMapping: Bool
        /// Its anchor, registered once it ends (as Yams registers it).
        let anchor: String?
        /// A mapping: whether the next node is a key. A list: unused.
        var atKey = true
        /// A mapping: the last key read when it was a name. A list: the next index.
        var key: String?
        var index = 0
    }

    private var frames: [Frame] = []
    private var anchors: [String: Kind] = [:]
    /// The depth of the frame whose key is a list or mapping being read, if any.
    private var keyDepth: Int?

    /// The first key of `text` holding an alias of a list or mapping, or nil (also when the text
    /// is not YAML: composing it reports that).
    static func first(in text: String) -> Found? {
        guard text.utf8.contains(UInt8(ascii: "*")) else { return nil }
        var text = text
        var walk = YAMLAliasKeys()
        return text.withUTF8 { buffer in walk.scan(buffer) }
    }

    private mutating func scan(_ buffer: UnsafeBufferPointer<UInt8>) -> Found? {
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else { return nil }
        defer { yaml_parser_delete(&parser) }
        yaml_parser_set_encoding(&parser, YAML_UTF8_ENCODING)
        yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
        var event = yaml_event_t()
        while yaml_parser_parse(&parser, &event) == 1 {
            defer { yaml_event_delete(&event) }
            switch event.type {
            case YAML_STREAM_END_EVENT:
                return nil
            case YAML_SCALAR_EVENT:
                let value = Self.string(event.data.scalar.value, length: event.data.scalar.length)
                register(Self.string(event.data.scalar.anchor), as: .scalar)
                ended(name: value)
            case YAML_ALIAS_EVENT:
                let name = Self.string(event.data.alias.anchor) ?? ""
                guard let kind = anchors[name] else { return nil }
                if kind != .scalar, keyDepth != nil || frames.last.map({ $0.isMapping && $0.atKey }) == true {
                    return Found(line: Int(event.start_mark.line) + 1, column: Int(event.start_mark.column) + 1,
                                 name: name, names: kind == .list ? "a list" : "a mapping", path: path)
                }
                ended(name: nil)
            case YAML_SEQUENCE_START_EVENT:
                opened(isMapping: false, anchor: Self.string(event.data.sequence_start.anchor))
            case YAML_MAPPING_START_EVENT:
                opened(isMapping: true, anchor: Self.string(event.data.mapping_start.anchor))
            case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
                guard let frame = frames.popLast() else { return nil }
                if keyDepth == frames.count { keyDepth = nil }
                register(frame.anchor, as: frame.isMapping ? .mapping : .list)
                ended(name: nil)
            default:
                continue
            }
        }
        return nil
    }

    private mutating func opened(isMapping: Bool, anchor: String?) {
        if keyDepth == nil, let top = frames.last, top.isMapping, top.atKey { keyDepth = frames.count }
        frames.append(Frame(isMapping: isMapping, anchor: anchor))
    }

    /// A node ended in the innermost open list or mapping; `name` is its text when it is a scalar.
    private mutating func ended(name: String?) {
        guard !frames.isEmpty else { return }
        let top = frames.count - 1
        if frames[top].isMapping {
            if frames[top].atKey { frames[top].key = name }
            frames[top].atKey.toggle()
        } else {
            frames[top].index += 1
        }
    }

    private mutating func register(_ anchor: String?, as kind: Kind) {
        if let anchor { anchors[anchor] = kind }
    }

    /// The path of the mapping whose key is being read: the keys and indices of the frames
    /// around it, up to the first mapping reading a key.
    private var path: String {
        var components: [String] = []
        for frame in frames {
            if frame.isMapping {
                guard !frame.atKey, let key = frame.key else { break }
                components.append(key)
            } else {
                components.append("[\(frame.index)]")
            }
        }
        return components.joined(separator: ".")
    }

    private static func string(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
        guard let pointer else { return nil }
        return String(cString: pointer)
    }

    private static func string(_ pointer: UnsafeMutablePointer<yaml_char_t>?, length: Int) -> String? {
        guard let pointer else { return nil }
        return String(decoding: UnsafeBufferPointer(start: pointer, count: length), as: UTF8.self)
    }
}
