import Reports

/// Finds, before a document is composed, a mapping key holding an alias of a list or mapping,
/// or aliases as keys that repeat more text than a file holds.
///
/// Yams checks a mapping's keys for repeats while it composes, hashing each key whole — an alias
/// as its anchor's whole node, expanded. A key `? *big` whose anchor nests lists of aliases
/// (`&a [x, x, …]`, `&b [*a, *a, …]`, …) is hashed as billions of values inside `Yams.compose`,
/// before ``YAMLAliasBudget`` can count them: a 329-byte file took 96 s to be refused. No key
/// of a scenario is anything but a name (``YAMLCursor`` refuses a list or mapping as a key), so
/// such a key is refused here, at the alias, from libyaml's events — which cost what the text
/// costs, and are only read when the text has a `*`. An alias of a name is a name, but hashing
/// it costs its length: a file of 1.2 million one-pair mappings whose keys alias one 8 MiB name
/// would have hashed 10 TB, so the names aliases repeat as keys may add up to at most
/// ``keyBytesLimit`` bytes. A list or mapping written out as a key costs what its text costs:
/// it is left to the loader.
struct YAMLAliasKeys {
    /// The most bytes of names the aliases used as keys may repeat: as many as a scenario file
    /// holds (16 MiB).
    static let keyBytesLimit = RegularFile.scenarioLimit

    /// A key refused: where the alias is and what it names.
    struct Found: Equatable {
        /// 1-based line and column of the alias.
        let line: Int
        let column: Int
        /// The alias's anchor name, without its `*`.
        let name: String
        /// "a list" or "a mapping"; nil for a name, refused for the bytes the keys' aliases repeat.
        let names: String?
        /// For a name: its bytes.
        let bytes: Int
        /// The dotted path of the mapping whose key holds it, as ``YAMLCursor`` writes paths.
        let path: String

        /// What the loader says of it: what it says of any key that is not a name, or why the
        /// name is refused.
        var problem: ScenarioError.Kind {
            guard let names else { return .invalidValue("the aliases used as keys in this file repeat \(detail)") }
            return .wrongType(expected: "a key", found: "'*\(name.excerpt)', an alias of \(names)")
        }

        /// The key as a `--set` value's message says it.
        var summary: String {
            guard let names else { return "whose aliases used as keys repeat \(detail)" }
            return "that is '*\(name.excerpt)', an alias of \(names) (a key is a name)"
        }

        private var detail: String {
            "more than \(NumberFormat.integer(YAMLAliasKeys.keyBytesLimit)) bytes of names (this '*\(name.excerpt)' repeats \(NumberFormat.integer(bytes)); the YAML reader compares keys whole)"
        }
    }

    private enum Kind: Equatable {
        case scalar(bytes: Int), list, mapping
    }

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
    /// The bytes of the names repeated by aliases used as keys (or in keys) so far.
    private var keyBytes = 0

    /// The first key of `text` holding an alias of a list or mapping, or the alias used as a key
    /// that takes the names they repeat past ``keyBytesLimit``; nil when there is none (also when
    /// the text is not YAML: composing it reports that).
    static func first(in text: String) -> Found? {
        guard text.utf8.contains(UInt8(ascii: "*")) else { return nil }
        var walk = YAMLAliasKeys()
        var found: Found?
        YAMLEvents.scan(text) { event in
            found = walk.read(event)
            return found == nil && !walk.stopped
        }
        return found
    }

    /// Whether the walk met something composing will refuse (an undefined alias, an unbalanced end).
    private var stopped = false

    private mutating func read(_ event: YAMLEvents.Event) -> Found? {
        switch event.kind {
        case .scalar:
            register(event.anchor, as: .scalar(bytes: event.bytes))
            ended(name: event.text)
        case .alias:
            let name = event.text ?? ""
            guard let kind = anchors[name] else { stopped = true; return nil }
            if keyDepth != nil || frames.last.map({ $0.isMapping && $0.atKey }) == true {
                switch kind {
                case .list, .mapping:
                    return Found(line: event.line, column: event.column, name: name, names: kind == .list ? "a list" : "a mapping", bytes: 0, path: path)
                case .scalar(let bytes):
                    keyBytes += bytes
                    if keyBytes > Self.keyBytesLimit {
                        return Found(line: event.line, column: event.column, name: name, names: nil, bytes: bytes, path: path)
                    }
                }
            }
            ended(name: nil)
        case .sequenceStart:
            opened(isMapping: false, anchor: event.anchor)
        case .mappingStart:
            opened(isMapping: true, anchor: event.anchor)
        case .sequenceEnd, .mappingEnd:
            guard let frame = frames.popLast() else { stopped = true; return nil }
            if keyDepth == frames.count { keyDepth = nil }
            register(frame.anchor, as: frame.isMapping ? .mapping : .list)
            ended(name: nil)
        case .other:
            break
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
}

extension YAMLAliasKeys {
    /// What must be refused before a document is composed, from one reading of its events: the
    /// node past ``YAMLEvents/maximumNodes`` (``YAMLEvents/nodePastLimit(in:limit:)``), which
    /// comes first, else the first key ``first(in:)`` refuses. Each reads the events of a large
    /// text, or of one with a `*`: a text that is both was read twice before composing (0.2–0.7 s
    /// at 16 MiB), now once.
    static func beforeComposing(_ text: String, nodeLimit limit: Int = YAMLEvents.maximumNodes) -> (nodePastLimit: (line: Int, column: Int)?, key: Found?) {
        guard YAMLEvents.mayHoldMoreNodes(text, than: limit), text.utf8.contains(UInt8(ascii: "*")) else {
            if let past = YAMLEvents.nodePastLimit(in: text, limit: limit) { return (past, nil) }
            return (nil, first(in: text))
        }
        var walk = YAMLAliasKeys()
        var found: Found?
        var walking = true
        var tally = YAMLEvents.NodeTally(limit: limit)
        YAMLEvents.scan(text) { event in
            if walking {
                found = walk.read(event)
                walking = found == nil && !walk.stopped
            }
            return tally.count(event)
        }
        return tally.past.map { ($0, nil) } ?? (nil, found)
    }
}
