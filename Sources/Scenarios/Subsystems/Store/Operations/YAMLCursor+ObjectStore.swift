import Simulator
import Yams

extension YAMLCursor {
    /// The node as one of an enumeration's spellings (S3's `Enabled`, `STANDARD_IA`, `AES256`, a
    /// partition's `drop`, …); a bad one is refused as "`lead` one of …", with a suggestion.
    func choice<Choice: RawRepresentable & CaseIterable>(_: Choice.Type, lead: String = "expected") throws(ScenarioError) -> Choice where Choice.RawValue == String {
        let text = try string()
        guard let value = Choice(rawValue: text) else {
            let names = Choice.allCases.map(\.rawValue)
            throw error(.invalidValue("\(lead) one of \(names.joined(separator: ", ")), got '\(text.excerpt)'"
                + (Suggestion.closest(to: text, among: names).map { "; did you mean '\($0)'?" } ?? "")))
        }
        return value
    }

    /// A storm's `code`: one S3 answers with 500 or 503 (``ScenarioSchema/stormCodes``). A bad code
    /// is told exactly those three, not every S3 code, where `choice` listed about 28 and the file
    /// was then refused again for the one it picked from them.
    func stormCode() throws(ScenarioError) -> S3ErrorCode {
        let text = try string()
        let names = ScenarioSchema.stormCodes
        guard names.contains(text), let code = S3ErrorCode(rawValue: text) else {
            let status = S3ErrorCode(rawValue: text).map { " (S3 answers it with \($0.httpStatus))" } ?? ""
            throw error(.invalidValue("a storm fails requests with a 500 or 503 code: expected one of \(names.joined(separator: ", ")), got '\(text.excerpt)'\(status)"
                + (Suggestion.closest(to: text, among: names).map { "; did you mean '\($0)'?" } ?? "")))
        }
        return code
    }

    /// The node as a mapping of names to strings, any names allowed (user metadata).
    func stringMapping() throws(ScenarioError) -> [String: String] {
        var result: [String: String] = [:]
        for entry in try openMapping().entries { result[entry.key] = try entry.value.string() }
        return result
    }
}
