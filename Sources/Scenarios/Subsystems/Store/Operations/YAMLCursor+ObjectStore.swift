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
        var result: [String: String] = [:]
        for entry in try openMapping().entries { result[entry.key] = try entry.value.string() }
        return result
    }
}
