/// The shape of one value of the scenario language: what the loader accepts at that place in a
/// file. The loader closes every mapping with the keys of a ``SchemaObject`` (see
/// ``YAMLCursor/mapping(_:)``), and `orrery schema` renders the same values as a JSON Schema, so
/// the keys a file may use and the keys the schema lists are one list.
public indirect enum SchemaNode: Sendable, Equatable {
    /// A mapping whose keys are exactly the object's properties; any other key is refused.
    case object(SchemaObject)
    /// A list of `element`, with between `minimum` and `maximum` items (nil: no bound).
    case list(of: SchemaNode, minimum: Int? = nil, maximum: Int? = nil)
    /// Text. Without a pattern, any scalar: the loader reads `2024` or `true` as text too. With
    /// `pattern` (an ECMA-262 regular expression, searched as JSON Schema does: anchor it to match
    /// the whole text), a string that matches it.
    case text(pattern: String? = nil)
    /// One of these words.
    case words([String])
    /// Exactly this word (an experiment's name).
    case word(String)
    /// A whole number between `minimum` and `maximum` (nil: no bound).
    case integer(minimum: Int?, maximum: Int?)
    /// A whole number from 0 to 2⁶⁴ − 1 (a seed).
    case unsigned64
    /// A number: at least `minimum`, above `exclusiveMinimum`, at most `maximum` (nil: no bound).
    case number(minimum: Double? = nil, exclusiveMinimum: Double? = nil, maximum: Double? = nil)
    /// A number with nothing after the point, however it is written: `256`, `256.0` and `1e3`,
    /// which a YAML 1.2 reader hands a schema as floats and the loader reads as whole sizes
    /// (`multipleOf: 1`; JSON Schema's `integer` would do, but `scripts/check-schema.sh` keeps
    /// `integer` to what its reader resolved as one, as the loader's counts do).
    case wholeNumber(minimum: Int, maximum: Int)
    /// `true` or `false` as YAML writes them.
    case boolean
    /// A mapping of any names to text (an object's user metadata).
    case textMap
    /// Any of these shapes.
    case anyOf([SchemaNode])
    /// A mapping discriminated by the word under `key`: `cases` pairs each word with the shape the
    /// mapping has then (an experiment file by its `experiment:`).
    case discriminated(by: String, cases: [DiscriminatedCase])
    /// `present` when the mapping has any of `keys`, `absent` otherwise (how ``ScenarioFile``
    /// tells a single MapReduce job from a world).
    case whenAnyKey([String], present: SchemaNode, absent: SchemaNode)
    /// A shape shared by several places, written once under `$defs` with `summary` as its
    /// description.
    case named(String, summary: String, SchemaNode)
    /// Any value: the loader reads nothing from it (`jump:` of a placement).
    case anything
    /// Exactly `true`: a key that is a bare switch (`heal: true`), where `false` or no value
    /// would read as the switch being off.
    case literalTrue
    /// No value: a key the loader knows only to say how to write it instead (a bare operation
    /// written as a mapping).
    case nothing
}

/// One alternative of ``SchemaNode/discriminated(by:cases:)``.
public struct DiscriminatedCase: Sendable, Equatable {
    /// The word under the discriminating key.
    public let word: String
    /// The mapping's shape for that word.
    public let shape: SchemaNode

    /// The alternative for `word`.
    public init(_ word: String, _ shape: SchemaNode) {
        self.word = word
        self.shape = shape
    }
}

/// One key of a ``SchemaObject``: its name, the shape of its value, whether it must be present,
/// and a line for editors' hover text.
public struct SchemaProperty: Sendable, Equatable {
    /// The key.
    public let name: String
    /// The shape of its value.
    public let shape: SchemaNode
    /// Whether the mapping must have it.
    public let isRequired: Bool
    /// What it sets, in a line.
    public let summary: String?
    /// What it is when the mapping leaves it out, if the loader gives it a value: rendered as
    /// JSON Schema's `default` (unless derived) and listed in README's table of defaults.
    public let defaultValue: SchemaDefault?

    /// A key the mapping may omit, and the value the loader gives it then (`default`, taken from
    /// the loader's own constant).
    public static func optional(_ name: String, _ shape: SchemaNode, _ summary: String? = nil, default defaultValue: SchemaDefault? = nil) -> SchemaProperty {
        SchemaProperty(name: name, shape: shape, isRequired: false, summary: summary, defaultValue: defaultValue)
    }

    /// A key the mapping must have.
    public static func required(_ name: String, _ shape: SchemaNode, _ summary: String? = nil) -> SchemaProperty {
        SchemaProperty(name: name, shape: shape, isRequired: true, summary: summary, defaultValue: nil)
    }
}

/// A closed mapping: its keys in the order the documentation lists them (the loader's
/// "did you mean" suggestions search them in this order), and the rules on which of them go
/// together.
public struct SchemaObject: Sendable, Equatable {
    /// A rule over some of the keys.
    public enum Rule: Sendable, Equatable {
        /// Exactly one of the keys is present (a fault's action, a distribution's family).
        case exactlyOne([String])
        /// At least one of the keys is present.
        case atLeastOne([String])
        /// Not both of two keys (a `balancer` or a `gateway`).
        case notBoth(String, String)
        /// `required` must be present when `key` is the word `word` (a closed loop's `users`).
        case requiredWhen(String, key: String, is: String)
        /// `required` must be present when `key` is (a `slow` fault's `factor`).
        case requiredWith(String, key: String)
        /// None of `keys` when `key` is the word `word`: the settings another kind reads (an open
        /// loop's `users`), which the loader refuses (``KindSettings/refuseForeign(in:kind:)``).
        case absentWhen([String], key: String, is: String)
        /// Each setting only beside one of the keys that read it (a `factor` only on a `slow`
        /// fault): the settings of a mapping whose kind is the key it has, as a fault's action.
        case onlyBeside([OwnedSetting])
    }

    /// A setting and the keys that read it, for ``Rule/onlyBeside(_:)``.
    public struct OwnedSetting: Sendable, Equatable {
        /// The setting (`factor`).
        public let key: String
        /// The keys beside which it is read (`slow`).
        public let owners: [String]

        public init(_ key: String, owners: [String]) {
            self.key = key
            self.owners = owners
        }
    }

    /// Its keys, in documentation order.
    public let properties: [SchemaProperty]
    /// Which keys go together.
    public let rules: [Rule]
    /// The name and description under which an object several places share is written once in
    /// `$defs`, or nil to write it where it is used.
    public let definition: (name: String, summary: String)?

    /// An object with `properties` and `rules`, shared as `definition` if one is given.
    public init(_ properties: [SchemaProperty], rules: [Rule] = [], definition: (name: String, summary: String)? = nil) {
        self.properties = properties
        self.rules = rules
        self.definition = definition
    }

    public static func == (lhs: SchemaObject, rhs: SchemaObject) -> Bool {
        lhs.properties == rhs.properties && lhs.rules == rhs.rules
            && lhs.definition?.name == rhs.definition?.name && lhs.definition?.summary == rhs.definition?.summary
    }

    /// The keys the mapping may have, in order: what the loader passes to
    /// ``YAMLCursor/mapping(_:)``.
    public var keys: [String] { properties.map(\.name) }

    /// The property called `name`.
    public subscript(name: String) -> SchemaProperty? {
        properties.first { $0.name == name }
    }

    /// The same object with `more` properties after its own (and no shared definition).
    public func adding(_ more: [SchemaProperty], rules moreRules: [Rule] = []) -> SchemaObject {
        SchemaObject(properties + more, rules: rules + moreRules)
    }

    /// The same object, written once in `$defs` as `name` with `summary` as its description.
    public func shared(as name: String, _ summary: String) -> SchemaObject {
        SchemaObject(properties, rules: rules, definition: (name, summary))
    }
}
