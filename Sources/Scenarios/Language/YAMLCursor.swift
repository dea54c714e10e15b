import Yams
import Reports

/// A position in a composed YAML document: the node, where it is in the file, and its dotted
/// path from the root. Every accessor either returns a typed value or throws a ``ScenarioError``
/// that points at this node's line and column.
struct YAMLCursor {
    let node: Node
    let file: String
    let path: String

    var line: Int { node.mark?.line ?? 0 }
    var column: Int { node.mark?.column ?? 0 }

    func error(_ kind: ScenarioError.Kind) -> ScenarioError {
        ScenarioError(file: file, line: line, column: column, path: path, kind: kind)
    }

    func child(_ node: Node, _ component: String) -> YAMLCursor {
        YAMLCursor(node: node, file: file, path: path.isEmpty ? component : "\(path).\(component)")
    }

    /// What the node is, for "expected X, found Y" messages.
    var kindDescription: String {
        switch node {
        case .mapping: return "a mapping"
        case .sequence: return "a list"
        case .scalar(let scalar): return isNull ? "nothing" : "'\(scalar.string.excerpt)'"
        default: return "an alias"
        }
    }

    var isNull: Bool {
        if case .scalar(let scalar) = node {
            // A `switch`, not an array's `contains`: this runs for every value a file holds.
            guard scalar.style == .plain else { return false }
            switch scalar.string {
            case "", "~", "null", "Null", "NULL": return true
            default: return false
            }
        }
        return false
    }

    // MARK: Structure

    /// The node as a mapping whose keys are `shape`'s: the one way the loader closes a mapping,
    /// so the keys it accepts are the keys `orrery schema` lists.
    func mapping(_ shape: SchemaObject) throws(ScenarioError) -> YAMLMapping {
        try mapping(allowed: shape.keys)
    }

    /// The node as a mapping with any keys, for a caller that only looks a value up (the mapping
    /// is read again, closed, where it is loaded) or checks the keys itself.
    func openMapping() throws(ScenarioError) -> YAMLMapping {
        try mapping(allowed: nil)
    }

    /// The node as a mapping whose keys must all be in `allowed` (in the schema's order); nil
    /// allows any key.
    private func mapping(allowed: [String]?) throws(ScenarioError) -> YAMLMapping {
        guard case .mapping(let mapping) = node else {
            throw error(.wrongType(expected: "a mapping", found: kindDescription))
        }
        try checkTag()
        var entries: [(key: String, keyCursor: YAMLCursor, value: YAMLCursor)] = []
        // A set, not a search of the entries so far: a file of 200,000 keys (2.4 MB) took
        // minutes to be told its first key is unknown.
        var seen = Set<String>()
        for (keyNode, valueNode) in mapping {
            let keyCursor = YAMLCursor(node: keyNode, file: file, path: path)
            try keyCursor.checkTag()
            guard case .scalar(let scalar) = keyNode else {
                throw keyCursor.error(.wrongType(expected: "a key", found: keyCursor.kindDescription))
            }
            let key = scalar.string
            if let allowed, !allowed.contains(key) {
                throw keyCursor.error(.unknownKey(key.excerpt, suggestion: Suggestion.closest(to: key, among: allowed)))
            }
            guard seen.insert(key).inserted else {
                throw keyCursor.error(.invalidValue("key '\(key.excerpt)' appears twice"))
            }
            let valueCursor = child(valueNode, key)
            try valueCursor.checkTag()
            entries.append((key, keyCursor, valueCursor))
        }
        return YAMLMapping(cursor: self, entries: entries)
    }

    /// The node as a list of cursors.
    func list() throws(ScenarioError) -> [YAMLCursor] {
        guard case .sequence(let sequence) = node else {
            throw error(.wrongType(expected: "a list", found: kindDescription))
        }
        try checkTag()
        var items: [YAMLCursor] = []
        items.reserveCapacity(sequence.count)
        for (offset, element) in sequence.enumerated() {
            let item = child(element, "[\(offset)]")
            try item.checkTag()
            items.append(item)
        }
        return items
    }

    /// Refuses a node with an explicit YAML tag other than its kind's own (`!!int 5`, `!!binary`,
    /// `!!python/object`, `!custom`): the loader reads every value from its text, so a tag would be
    /// silently ignored (`!!float 5` read as the integer 5). `!!str`, `!!map` and `!!seq` are what
    /// an untagged node already is, and `!!str 5` is read as the number 5 where one is expected —
    /// after composing, the YAML reader cannot tell that tag from none.
    func checkTag() throws(ScenarioError) {
        let tag: String, own: Tag.Name
        switch node {
        case .scalar(let scalar): (tag, own) = (scalar.tag.description, .str)
        case .mapping(let mapping): (tag, own) = (mapping.tag.description, .map)
        case .sequence(let sequence): (tag, own) = (sequence.tag.description, .seq)
        default: return
        }
        // An untagged node keeps the implicit tag (empty) until something resolves it; `!` is the
        // non-specific tag, which makes a scalar a string.
        guard ![Tag.Name.implicit.rawValue, Tag.Name.nonSpecific.rawValue, own.rawValue].contains(tag) else { return }
        throw error(.invalidValue("YAML tags are not read here: write the value without '\(Self.shorthand(tag).excerpt)'"))
    }

    /// `!!int` for `tag:yaml.org,2002:int`; any other tag as written.
    private static func shorthand(_ tag: String) -> String {
        let prefix = "tag:yaml.org,2002:"
        return tag.hasPrefix(prefix) ? "!!" + tag.dropFirst(prefix.count) : tag
    }

    /// The node as a list of at most `most` items (`what` names them in the error).
    func list(atMost most: Int, of what: String) throws(ScenarioError) -> [YAMLCursor] {
        let items = try list()
        guard items.count <= most else { throw error(.invalidValue("at most \(NumberFormat.integer(most)) \(what), got \(NumberFormat.integer(items.count))")) }
        return items
    }

    // MARK: Scalars

    /// The node as a plain string.
    func string() throws(ScenarioError) -> String {
        guard case .scalar(let scalar) = node, !isNull else {
            throw error(.wrongType(expected: "a string", found: kindDescription))
        }
        return scalar.string
    }

    /// The node as the name of something the world holds (a server, a producer, a topic, a job, a
    /// variant): ``printableText(_:)`` of at least one character. Two kinds of name follow
    /// another rule on purpose: an A-3 operation's `hostnames` may be empty (the original
    /// balancer takes any text and answers an empty one with its error, which the experiment
    /// shows), and a queue's topics, clients and groups take Kafka's topic characters
    /// (`ScenarioLoader.queueName`).
    func name() throws(ScenarioError) -> String {
        let text = try printableText("a name")
        guard !text.isEmpty else { throw error(.invalidValue("a name must not be empty")) }
        return text
    }

    /// The node as text that shows as it is, at most ``maximumNameBytes`` long, since it is
    /// printed in reports, CSV cells and charts (a NUL written as `"s\0"` reached them raw);
    /// `what` ("a name", "a hostname") says in the refusal what it is (``checkShownName(_:_:)``).
    func printableText(_ what: String) throws(ScenarioError) -> String {
        let text = try string()
        try checkShownName(text, what)
        return text
    }

    /// The node as an integer.
    func int() throws(ScenarioError) -> Int {
        let text = try scalarText(expected: "an integer")
        try refuseLeadingZero(text)
        guard let value = DecimalText.integer(text[...]) else {
            throw error(.wrongType(expected: "an integer", found: kindDescription))
        }
        return value
    }

    /// The node as an integer; one written in digits alone that no `Int` holds
    /// (`9223372036854775808`) is out of the setting's range, said by `bounds` (given whether
    /// it is negative), not "not an integer".
    private func int(orBeyond bounds: (_ negative: Bool) -> String) throws(ScenarioError) -> Int {
        do {
            return try int()
        } catch {
            guard case .wrongType = error.kind, case .scalar(let scalar) = node, scalar.style == .plain || scalar.style == .any,
                  let text = text?.trimmingSpaces, let first = text.first else { throw error }
            let digits = first == "-" || first == "+" ? text.dropFirst() : text[...]
            guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { throw error }
            throw self.error(.invalidValue("\(bounds(first == "-")), got \(text.excerpt)"))
        }
    }

    /// The node as an unsigned 64-bit integer (a seed): 0 … 18446744073709551615.
    func uint64() throws(ScenarioError) -> UInt64 {
        let text = try scalarText(expected: "an integer from 0 to \(UInt64.max)")
        try refuseLeadingZero(text)
        guard let value = DecimalText.unsigned64(text[...]) else {
            throw error(.wrongType(expected: "an integer from 0 to \(UInt64.max)", found: kindDescription))
        }
        return value
    }

    /// The node as an integer in `range`. Outside it, the message names both ends, grouped
    /// (`must be 1 … 1,000,000, got 0`): every integer setting with a range is refused in these words.
    func int(in range: ClosedRange<Int>) throws(ScenarioError) -> Int {
        let bounds = "must be \(NumberFormat.integer(range.lowerBound)) … \(NumberFormat.integer(range.upperBound))"
        let value = try int(orBeyond: { _ in bounds })
        guard range.contains(value) else {
            throw error(.invalidValue("\(bounds), got \(NumberFormat.integer(value))"))
        }
        return value
    }

    /// The node as a number in `range`, refused outside it in the words of ``int(in:)``.
    func double(in range: ClosedRange<Double>) throws(ScenarioError) -> Double {
        let value = try double()
        guard range.contains(value) else {
            let bound = { (value: Double) in NumberFormat.trimmed(value, maxDecimals: 6, grouping: true) }
            throw error(.invalidValue("must be \(bound(range.lowerBound)) … \(bound(range.upperBound)), got \(text?.excerpt ?? "")"))
        }
        return value
    }

    /// The largest count a file may give where no tighter range is documented.
    static let maximumCount = 1_000_000_000

    /// The node as an integer at least `minimum` and at most ``maximumCount``.
    /// Outside it, the message names both ends, as ``int(in:)`` writes them (`must be 1 …
    /// 1,000,000,000, got 0`): "must be at least 1" alone left the other to the README.
    func int(atLeast minimum: Int) throws(ScenarioError) -> Int {
        try int(in: minimum...Self.maximumCount)
    }

    /// The node as a number.
    func double() throws(ScenarioError) -> Double {
        let text = try scalarText(expected: "a number")
        try refuseLeadingZero(text)
        guard let value = DecimalText.number(text[...]) else {
            throw error(.wrongType(expected: "a number", found: kindDescription))
        }
        // −0 is 0: a storm at `rate: -0` was accepted and reported "at rate -0.0".
        return value == 0 ? 0 : value
    }

    /// The node as a non-negative number.
    func nonNegative() throws(ScenarioError) -> Double {
        let value = try double()
        guard value >= 0 else { throw error(.invalidValue("must not be negative, got \(text ?? "")")) }
        return value
    }

    /// The node as a strictly positive number.
    func positive() throws(ScenarioError) -> Double {
        let value = try double()
        guard value > 0 else { throw error(.invalidValue("must be greater than zero, got \(text ?? "")")) }
        return value
    }

    /// The largest factor (a speed, a slowdown, a burst multiplier) a file may give.
    static let maximumFactor = 1_000_000.0
    /// The largest rate per virtual second a file may give.
    static let maximumRate = 10_000_000.0

    /// The node as a factor (a speed, a slowdown, a burst multiplier): above zero, at most ``maximumFactor``.
    func positiveFactor() throws(ScenarioError) -> Double {
        let value = try positive()
        guard value <= Self.maximumFactor else { throw error(.invalidValue("a factor is at most \(NumberFormat.trimmed(Self.maximumFactor, maxDecimals: 6, grouping: true)), got \(text?.excerpt ?? "")")) }
        return value
    }

    /// The node as a rate per virtual second: above zero, at most ``maximumRate``.
    func positiveRate() throws(ScenarioError) -> Double {
        let value = try positive()
        guard value <= Self.maximumRate else { throw error(.invalidValue("a rate is at most \(NumberFormat.trimmed(Self.maximumRate, maxDecimals: 6, grouping: true)) per second, got \(text?.excerpt ?? "")")) }
        return value
    }

    /// The node as a probability in [0, 1].
    func probability() throws(ScenarioError) -> Double {
        let value = try double()
        guard (0...1).contains(value) else {
            throw error(.invalidValue("a probability must be between 0 and 1, got \(text ?? "")"))
        }
        return value
    }

    /// The node as a boolean (`true`/`false`/`yes`/`no`).
    func bool() throws(ScenarioError) -> Bool {
        switch try scalarText(expected: "true or false").lowercased() {
        case "true", "yes", "on": return true
        case "false", "no", "off": return false
        default: throw error(.wrongType(expected: "true or false", found: kindDescription))
        }
    }

    /// The scalar's text, if the node is a non-null scalar.
    var text: String? {
        if case .scalar(let scalar) = node, !isNull { return scalar.string }
        return nil
    }

    /// The text of a plain scalar, for a value the schema types as a number or a boolean: a
    /// quoted or block scalar is a string to YAML and to the schema (`count: "3"` was read as 3),
    /// so it is refused here as the schema refuses it. Durations and sizes are text and may be quoted.
    private func scalarText(expected: String) throws(ScenarioError) -> String {
        guard let text else { throw error(.wrongType(expected: expected, found: kindDescription)) }
        if case .scalar(let scalar) = node {
            let written: String? = switch scalar.style {
            case .singleQuoted, .doubleQuoted: "quoted"
            case .literal, .folded: "a block scalar"
            default: nil
            }
            if let written { throw error(.wrongType(expected: expected, found: "the string '\(text.excerpt)' (\(written))")) }
        }
        return text
    }
}
