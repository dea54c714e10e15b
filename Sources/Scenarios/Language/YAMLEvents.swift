internal import CYaml
import Reports

/// libyaml's events for a text, in order: what the checks that must run before Yams composes a
/// document read (``YAMLAliasKeys``), and the positions a composed document does not keep — an
/// alias has none of its own (``YAMLAliasBudget``), and Yams reports a repeated key at its first
/// occurrence (``ScenarioError/init(yaml:file:)``). Reading them costs what the text costs.
enum YAMLEvents {
    /// One event, as the readers need it.
    struct Event {
        enum Kind { case scalar, alias, sequenceStart, mappingStart, sequenceEnd, mappingEnd, other }
        let kind: Kind
        /// 1-based line and column of its start.
        let line: Int
        let column: Int
        /// A scalar's value, or an alias's anchor name.
        let text: String?
        /// A scalar's, list's or mapping's anchor.
        let anchor: String?
        /// A scalar's length in bytes.
        let bytes: Int
    }

    /// Calls `body` with each event of `text` until it returns false or the stream ends. Returns
    /// false when libyaml could not read the text (composing it says why). Without `withText`, an
    /// event carries no scalar value or anchor name (`text` and `anchor` are nil).
    @discardableResult
    static func scan(_ text: String, withText: Bool = true, _ body: (Event) -> Bool) -> Bool {
        var text = text
        return text.withUTF8 { buffer in
            var parser = yaml_parser_t()
            guard yaml_parser_initialize(&parser) == 1 else { return false }
            defer { yaml_parser_delete(&parser) }
            yaml_parser_set_encoding(&parser, YAML_UTF8_ENCODING)
            yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
            var event = yaml_event_t()
            while yaml_parser_parse(&parser, &event) == 1 {
                defer { yaml_event_delete(&event) }
                if event.type == YAML_STREAM_END_EVENT { return true }
                guard body(Event(event, withText: withText)) else { return true }
            }
            return false
        }
    }
}

extension YAMLEvents.Event {
    fileprivate init(_ event: yaml_event_t, withText: Bool) {
        var text: String?, anchor: String?, bytes = 0
        switch event.type {
        case YAML_SCALAR_EVENT:
            kind = .scalar
            bytes = event.data.scalar.length
            if withText {
                text = Self.string(event.data.scalar.value, length: bytes)
                anchor = Self.string(event.data.scalar.anchor)
            }
        case YAML_ALIAS_EVENT:
            kind = .alias
            if withText { text = Self.string(event.data.alias.anchor) }
        case YAML_SEQUENCE_START_EVENT:
            kind = .sequenceStart
            if withText { anchor = Self.string(event.data.sequence_start.anchor) }
        case YAML_MAPPING_START_EVENT:
            kind = .mappingStart
            if withText { anchor = Self.string(event.data.mapping_start.anchor) }
        case YAML_SEQUENCE_END_EVENT: kind = .sequenceEnd
        case YAML_MAPPING_END_EVENT: kind = .mappingEnd
        default: kind = .other
        }
        (line, column) = (Int(event.start_mark.line) + 1, Int(event.start_mark.column) + 1)
        (self.text, self.anchor, self.bytes) = (text, anchor, bytes)
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

extension YAMLEvents {
    /// The first key of `text` that repeats a name already a key of the same mapping — the one
    /// Yams refused, which it reports at the first occurrence — with its 1-based line and column.
    /// Names compare as Yams compares them, by their value (`"se\x65d"` repeats `seed`), an alias
    /// of a name as that name; keys that are lists or mappings are not compared.
    static func firstRepeatedKey(in text: String) -> (key: String, line: Int, column: Int)? {
        struct Frame {
            let isMapping: Bool
            var atKey = true
            var keys: Set<String> = []
        }
        var frames: [Frame] = []
        var names: [String: String] = [:]
        var repeated: (String, Int, Int)?
        /// A node ended in the innermost open mapping or list; `key` is its value when it is a name.
        func ended(_ key: String?, line: Int, column: Int) {
            guard let top = frames.indices.last, frames[top].isMapping else { return }
            if frames[top].atKey, let key, !frames[top].keys.insert(key).inserted { repeated = (key, line, column) }
            frames[top].atKey.toggle()
        }
        scan(text) { event in
            switch event.kind {
            case .scalar:
                if let anchor = event.anchor { names[anchor] = event.text ?? "" }
                ended(event.text, line: event.line, column: event.column)
            case .alias:
                ended(event.text.flatMap { names[$0] }, line: event.line, column: event.column)
            case .sequenceStart, .mappingStart:
                frames.append(Frame(isMapping: event.kind == .mappingStart))
            case .sequenceEnd, .mappingEnd:
                _ = frames.popLast()
                ended(nil, line: event.line, column: event.column)
            case .other:
                break
            }
            return repeated == nil
        }
        return repeated
    }
}

extension YAMLEvents {
    /// The most nodes a scenario's text may hold — scalars, aliases, lists and mappings, keys
    /// included: 8,388,608, as many as a 16 MiB file holds written out at two bytes a value
    /// (`[0,0,…]`), the same bound as the values its aliases may add (``YAMLAliasBudget``).
    /// Composed, a node costs Yams about 150 bytes: a 16 MiB file of `{?},` — three nodes in four
    /// bytes, 12.6 million — took 1.9 GB to be told its key is unknown.
    static let maximumNodes = RegularFile.scenarioLimit / 2

    /// Whether `text` is long enough to hold more than `limit` nodes. A node takes about a byte
    /// at the least (`{?}` is three in three bytes): a text under a quarter of the limit's bytes
    /// cannot hold more, and is not read twice.
    static func mayHoldMoreNodes(_ text: String, than limit: Int) -> Bool {
        text.utf8.count > limit / 4
    }

    /// The 1-based line and column of the node of `text` past `limit`, or nil when it has at most
    /// `limit` (or is not YAML: composing it says why). Counting needs no scalar's text: none is
    /// copied out of libyaml's events.
    static func nodePastLimit(in text: String, limit: Int = maximumNodes) -> (line: Int, column: Int)? {
        guard mayHoldMoreNodes(text, than: limit) else { return nil }
        var tally = NodeTally(limit: limit)
        scan(text, withText: false) { tally.count($0) }
        return tally.past
    }

    /// The nodes counted so far in a document's events, and where the one past `limit` is: one
    /// rule for ``nodePastLimit(in:limit:)`` and for ``YAMLAliasKeys/beforeComposing(_:nodeLimit:)``,
    /// which counts in the same reading as its key check.
    struct NodeTally {
        let limit: Int
        private var nodes = 0
        /// The 1-based line and column of the node past `limit`, once counted.
        private(set) var past: (line: Int, column: Int)?

        init(limit: Int) { self.limit = limit }

        /// Counts `event` if it is a node; false (stop reading) once the node past the limit is found.
        mutating func count(_ event: Event) -> Bool {
            switch event.kind {
            case .scalar, .alias, .sequenceStart, .mappingStart: nodes += 1
            default: return true
            }
            guard nodes > limit else { return true }
            past = (event.line, event.column)
            return false
        }
    }
}
