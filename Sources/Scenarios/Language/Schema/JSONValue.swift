import Simulator

/// A JSON value whose objects keep their keys in the order they were built, printed the same way
/// on every machine: two-space indentation, one member or element per line, a newline at the end.
/// `orrery schema` writes the schema with it, so the committed file can be compared byte for byte.
enum JSONValue: Equatable {
    case object([(key: String, value: JSONValue)])
    case array([JSONValue])
    case string(String)
    case integer(Int)
    case unsigned(UInt64)
    case number(Double)
    case boolean(Bool)

    static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.object(let a), .object(let b)): a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        case (.array(let a), .array(let b)): a == b
        case (.string(let a), .string(let b)): a == b
        case (.integer(let a), .integer(let b)): a == b
        case (.unsigned(let a), .unsigned(let b)): a == b
        case (.number(let a), .number(let b)): a == b
        case (.boolean(let a), .boolean(let b)): a == b
        default: false
        }
    }

    /// The value as a document: printed, with a final newline.
    var document: String {
        var out = ""
        write(into: &out, indent: "")
        return out + "\n"
    }

    /// The members of an object (empty for any other value).
    var members: [(key: String, value: JSONValue)] {
        if case .object(let members) = self { return members }
        return []
    }

    /// The member called `key`, if this is an object that has one.
    subscript(key: String) -> JSONValue? {
        members.first { $0.key == key }?.value
    }

    private func write(into out: inout String, indent: String) {
        let inner = indent + "  "
        switch self {
        case .object(let members):
            guard !members.isEmpty else { out += "{}"; return }
            out += "{\n"
            for (index, member) in members.enumerated() {
                out += inner + JSONText.quote(member.key) + ": "
                member.value.write(into: &out, indent: inner)
                out += index == members.count - 1 ? "\n" : ",\n"
            }
            out += indent + "}"
        case .array(let elements):
            guard !elements.isEmpty else { out += "[]"; return }
            if let line = Self.oneLine(elements) { out += line; return }
            out += "[\n"
            for (index, element) in elements.enumerated() {
                out += inner
                element.write(into: &out, indent: inner)
                out += index == elements.count - 1 ? "\n" : ",\n"
            }
            out += indent + "]"
        case .string(let text): out += JSONText.quote(text)
        case .integer(let value): out += String(value)
        case .unsigned(let value): out += String(value)
        case .number(let value): out += NumberText.plain(value)
        case .boolean(let value): out += value ? "true" : "false"
        }
    }

    /// A list of scalars short enough to read on one line (`["a1", "a2"]`), or nil.
    private static func oneLine(_ elements: [JSONValue]) -> String? {
        var parts: [String] = []
        for element in elements {
            switch element {
            case .object, .array: return nil
            default:
                var text = ""
                element.write(into: &text, indent: "")
                parts.append(text)
            }
        }
        let line = "[" + parts.joined(separator: ", ") + "]"
        return line.count <= maximumLineLength ? line : nil
    }

    /// The longest list written on one line.
    private static let maximumLineLength = 100
}
