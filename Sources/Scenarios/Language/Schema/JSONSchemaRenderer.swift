/// Turns ``SchemaNode``s into JSON Schema (draft 2020-12) keywords, collecting every
/// ``SchemaNode/named(_:summary:_:)`` shape once under `$defs` and referring to it elsewhere.
struct JSONSchemaRenderer {
    /// The JSON types a YAML scalar the loader reads as text may take once a YAML library has
    /// resolved it: `name: 2024` is a number to an editor, and still a name to the loader.
    static let scalarTypes: JSONValue = .array([.string("string"), .string("number"), .string("boolean")])

    /// The shared shapes met so far, by name.
    private(set) var definitions: [String: JSONValue] = [:]

    /// `$defs`, sorted by name.
    var definitionsObject: JSONValue {
        .object(definitions.keys.sorted().map { ($0, definitions[$0]!) })
    }

    /// The keywords of `node`.
    mutating func render(_ node: SchemaNode) -> JSONValue {
        switch node {
        case .object(let object):
            guard let definition = object.definition else { return render(object) }
            return define(definition.name, summary: definition.summary, render(object))
        case .list(let element, let minimum, let maximum):
            var members: [(key: String, value: JSONValue)] = [("type", .string("array")), ("items", render(element))]
            if let minimum { members.append(("minItems", .integer(minimum))) }
            if let maximum { members.append(("maxItems", .integer(maximum))) }
            return .object(members)
        case .text(let pattern):
            guard let pattern else { return .object([("type", Self.scalarTypes)]) }
            return .object([("type", .string("string")), ("pattern", .string(pattern))])
        case .words(let words):
            return .object([("enum", .array(words.map(JSONValue.string)))])
        case .word(let word):
            return .object([("const", .string(word))])
        case .integer(let minimum, let maximum):
            var members: [(key: String, value: JSONValue)] = [("type", .string("integer"))]
            if let minimum { members.append(("minimum", .integer(minimum))) }
            if let maximum { members.append(("maximum", .integer(maximum))) }
            return .object(members)
        case .unsigned64:
            return .object([("type", .string("integer")), ("minimum", .integer(0)), ("maximum", .unsigned(.max))])
        case .number(let minimum, let exclusiveMinimum, let maximum):
            var members: [(key: String, value: JSONValue)] = [("type", .string("number"))]
            if let minimum { members.append(("minimum", .number(minimum))) }
            if let exclusiveMinimum { members.append(("exclusiveMinimum", .number(exclusiveMinimum))) }
            if let maximum { members.append(("maximum", .number(maximum))) }
            return .object(members)
        case .wholeNumber(let minimum, let maximum):
            return .object([("type", .string("number")), ("multipleOf", .number(1)),
                            ("minimum", .number(Double(minimum))), ("maximum", .number(Double(maximum)))])
        case .boolean:
            return .object([("type", .string("boolean"))])
        case .textMap:
            return .object([("type", .string("object")), ("additionalProperties", .object([("type", Self.scalarTypes)]))])
        case .anyOf(let alternatives):
            return .object([("anyOf", .array(alternatives.map { render($0) }))])
        case .discriminated(let key, let cases):
            return .object([
                ("type", .string("object")),
                ("required", .array([.string(key)])),
                ("properties", .object([(key, .object([("enum", .array(cases.map { .string($0.word) }))]))])),
                ("allOf", .array(cases.map { alternative in
                    .object([
                        ("if", .object([("required", .array([.string(key)])), ("properties", .object([(key, .object([("const", .string(alternative.word))]))]))])),
                        ("then", render(alternative.shape)),
                    ])
                })),
            ])
        case .whenAnyKey(let keys, let present, let absent):
            return .object([("if", Self.anyPresent(keys)), ("then", render(present)), ("else", render(absent))])
        case .named(let name, let summary, let shape):
            return define(name, summary: summary, render(shape))
        case .anything:
            return .boolean(true)
        case .literalTrue:
            return .object([("const", .boolean(true))])
        case .nothing:
            return .boolean(false)
        }
    }

    /// `rendered` written under `$defs` as `name`, and a reference to it.
    private mutating func define(_ name: String, summary: String, _ rendered: JSONValue) -> JSONValue {
        let definition = JSONValue.object([("description", .string(summary))] + rendered.members)
        if let existing = definitions[name] {
            precondition(existing == definition, "two different shapes are both called '\(name)'")
        }
        definitions[name] = definition
        return .object([("$ref", .string("#/$defs/\(name)"))])
    }

    /// A closed object: `additionalProperties: false`, as the loader refuses unknown keys. Each
    /// property carries its description and, when the loader gives it a value when left out, that
    /// value as `default` (an annotation: validators do not fill it in).
    ///
    /// An optional key's value is never `null`: the loader reads a key with no value as absent,
    /// but an empty value is almost always an edit in progress, which an editor should point at.
    private mutating func render(_ object: SchemaObject) -> JSONValue {
        var properties: [(key: String, value: JSONValue)] = []
        for property in object.properties {
            let shape = render(property.shape)
            var annotations: [(key: String, value: JSONValue)] = []
            if let summary = property.summary { annotations.append(("description", .string(summary))) }
            if let value = property.defaultValue?.json { annotations.append(("default", value)) }
            guard !annotations.isEmpty, case .object(let members) = shape else {
                properties.append((property.name, shape))
                continue
            }
            properties.append((property.name, .object(annotations + members)))
        }
        var members: [(key: String, value: JSONValue)] = [("type", .string("object")), ("properties", .object(properties))]
        let required = object.properties.filter(\.isRequired).map { JSONValue.string($0.name) }
        if !required.isEmpty { members.append(("required", .array(required))) }
        members.append(("additionalProperties", .boolean(false)))
        let rules = object.rules.map(Self.render)
        if rules.count == 1 {
            members += rules[0].members
        } else if !rules.isEmpty {
            members.append(("allOf", .array(rules)))
        }
        return .object(members)
    }

    private static func render(_ rule: SchemaObject.Rule) -> JSONValue {
        switch rule {
        case .exactlyOne(let keys): .object([("oneOf", .array(keys.map(requiring)))])
        case .atLeastOne(let keys): .object([("anyOf", .array(keys.map(requiring)))])
        case .notBoth(let first, let second): .object([("not", .object([("required", .array([.string(first), .string(second)]))]))])
        case .requiredWhen(let required, let key, let word):
            .object([
                ("if", holding(key, is: word)),
                ("then", requiring(required)),
            ])
        case .requiredWith(let required, let key):
            .object([("if", requiring(key)), ("then", requiring(required))])
        case .absentWhen(let keys, let key, let word):
            // A property whose schema is `false` must be absent: editors point at that key.
            .object([
                ("if", holding(key, is: word)),
                ("then", .object([("properties", .object(keys.map { ($0, JSONValue.boolean(false)) }))])),
            ])
        case .onlyBeside(let settings):
            .object([("dependentSchemas", .object(settings.map { ($0.key, anyPresent($0.owners)) }))])
        }
    }

    /// A condition that holds when an object has `key` and it is the word `word`.
    private static func holding(_ key: String, is word: String) -> JSONValue {
        .object([("required", .array([.string(key)])), ("properties", .object([(key, .object([("const", .string(word))]))]))])
    }

    /// `{"required": [key]}`.
    private static func requiring(_ key: String) -> JSONValue {
        .object([("required", .array([.string(key)]))])
    }

    /// A condition that holds when an object has any of `keys`.
    private static func anyPresent(_ keys: [String]) -> JSONValue {
        keys.count == 1 ? requiring(keys[0]) : .object([("anyOf", .array(keys.map(requiring)))])
    }
}
