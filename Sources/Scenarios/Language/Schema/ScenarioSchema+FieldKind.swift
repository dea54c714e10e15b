/// How the loader reads the value at a key path, told from the schema the loader closes its
/// mappings with, so that `--vary` compares two values as that field reads them
/// (``ScenarioOverride/parseVariants(_:)``): `1s,1000ms` is one duration but two names.
enum FieldKind: Sendable, Hashable {
    /// A duration (``SchemaNode/duration`` and its bounded forms): a bare number is seconds.
    case duration
    /// A size in bytes (``SchemaNode/byteCount`` and its bounded forms).
    case size
    /// A number, whole or not.
    case number
    /// A percentage, `50` or `50%` (``SchemaNode/percentage``).
    case percentage
    /// A boolean, `true`/`yes`/`on` or `false`/`no`/`off` (``SchemaNode/flag``).
    case flag
    /// Text: a name, a word of an enumeration, free text — the scalar as YAML reads it.
    case text
}

extension ScenarioSchema {
    /// The kind of value at `path` (keys and list indexes joined by dots) in any scenario file,
    /// or nil when it cannot be told: a path the schema does not know, one leading to a mapping
    /// or a list, or one whose places read different kinds (a scenario's `name`, text that may
    /// be written as a number or a boolean; a key of two kinds of file that read it differently).
    static func fieldKind(at path: String) -> FieldKind? {
        let components = path.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        let kinds = Set(nodes(at: components[...], in: root).flatMap(scalarKinds))
        return kinds.count == 1 ? kinds.first : nil
    }

    /// The shapes `components` lead to from `node`: several where the path runs through a choice
    /// of shapes (any kind of file, any alternative of `anyOf`).
    private static func nodes(at components: ArraySlice<String>, in node: SchemaNode) -> [SchemaNode] {
        guard let component = components.first else { return [node] }
        let rest = components.dropFirst()
        switch node {
        case .object(let object):
            return object[component].map { nodes(at: rest, in: $0.shape) } ?? []
        case .list(let element, _, _):
            let isIndex = !component.isEmpty && component.utf8.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
            return isIndex ? nodes(at: rest, in: element) : []
        case .textMap:
            return rest.isEmpty ? [.anyText] : []
        case .named(_, _, let inner):
            return nodes(at: components, in: inner)
        case .anyOf(let shapes):
            return shapes.flatMap { nodes(at: components, in: $0) }
        case .discriminated(_, let cases):
            return cases.flatMap { nodes(at: components, in: $0.shape) }
        case .whenAnyKey(_, let present, let absent):
            return nodes(at: components, in: present) + nodes(at: components, in: absent)
        case .anything:
            return [.anything]
        case .text, .words, .word, .integer, .unsigned64, .number, .wholeNumber, .boolean, .literalTrue, .nothing:
            return []
        }
    }

    /// The kinds a scalar written where `node` is may be read as: none for a mapping or a list,
    /// several for a choice of scalars the loader reads alike only as text.
    private static func scalarKinds(_ node: SchemaNode) -> Set<FieldKind> {
        if let kind = unitKind(node) { return [kind] }
        switch node {
        case .text, .words, .word, .anything: return [.text]
        case .integer, .unsigned64, .number, .wholeNumber: return [.number]
        case .boolean, .literalTrue: return [.flag]
        case .named(_, _, let inner): return scalarKinds(inner)
        case .anyOf(let shapes): return shapes.reduce(into: []) { $0.formUnion(scalarKinds($1)) }
        case .discriminated(_, let cases): return cases.reduce(into: []) { $0.formUnion(scalarKinds($1.shape)) }
        case .whenAnyKey(_, let present, let absent): return scalarKinds(present).union(scalarKinds(absent))
        case .object, .list, .textMap, .nothing: return []
        }
    }

    /// The kind of a value written as a number or as text with a unit (a duration, a size, a
    /// percentage, a boolean's words): a choice of a number and a text pattern, told by the
    /// pattern of the shapes that define each kind — the bounded forms (`duration(atMost:)`,
    /// `byteCount(atMost:)`) share their patterns — so that the number is read as that kind
    /// rather than as a second kind.
    private static func unitKind(_ node: SchemaNode) -> FieldKind? {
        switch node {
        case .named(_, _, let inner): return unitKind(inner)
        case .anyOf(let shapes):
            for case .text(let pattern?) in shapes {
                if let kind = unitPatterns.first(where: { $0.pattern == pattern })?.kind { return kind }
            }
            return nil
        default: return nil
        }
    }

    /// The text pattern of each shape that reads a number with a unit, and its kind.
    private static let unitPatterns: [(pattern: String, kind: FieldKind)] = [
        (SchemaNode.duration, FieldKind.duration), (.positiveDuration, .duration), (.period, .duration), (failTimeout, .duration),
        (.byteCount, .size), (.positiveByteCount, .size), (.percentage, .percentage), (.flag, .flag),
    ].flatMap { shape, kind in textPatterns(shape).map { ($0, kind) } }

    private static func textPatterns(_ node: SchemaNode) -> [String] {
        switch node {
        case .named(_, _, let inner): return textPatterns(inner)
        case .anyOf(let shapes): return shapes.flatMap(textPatterns)
        case .text(let pattern?): return [pattern]
        default: return []
        }
    }
}
