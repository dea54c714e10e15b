import Yams

extension YAMLCursor {
    /// The node as one of an enumeration's S3 spellings (`Enabled`, `STANDARD_IA`, `AES256`, …).
    func choice<Choice: RawRepresentable & CaseIterable>(_: Choice.Type) throws(ScenarioError) -> Choice where Choice.RawValue == String {
        let text = try string()
        guard let value = Choice(rawValue: text) else {
            let names = Choice.allCases.map(\.rawValue)
            throw error(.invalidValue("expected one of \(names.joined(separator: ", ")), got '\(text.excerpt)'"
                + (Suggestion.closest(to: text, among: names).map { "; did you mean '\($0)'?" } ?? "")))
        }
        return value
    }

    /// The node as a mapping of names to strings, any names allowed (user metadata).
    func stringMapping() throws(ScenarioError) -> [String: String] {
        guard case .mapping(let mapping) = node else {
            throw error(.wrongType(expected: "a mapping", found: kindDescription))
        }
        var result: [String: String] = [:]
        for (keyNode, valueNode) in mapping {
            let name = try YAMLCursor(node: keyNode, file: file, path: path).string()
            guard result[name] == nil else {
                throw YAMLCursor(node: keyNode, file: file, path: path).error(.invalidValue("key '\(name.excerpt)' appears twice"))
            }
            result[name] = try child(valueNode, name).string()
        }
        return result
    }
}
