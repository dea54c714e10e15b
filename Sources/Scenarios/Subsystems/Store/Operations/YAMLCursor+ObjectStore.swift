import Reports
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

    /// A storm's `code`: the name of one of the S3 errors answered with HTTP 500 or 503
    /// (``ScenarioSchema/stormCodes``). A bad code is told exactly those three with their
    /// statuses, not every S3 code, where `choice` listed about 28 and the file was then refused
    /// again for the one it picked from them; an HTTP status (`503`) is told the names that
    /// answer with it, where the message said "500 or 503" and then refused 503.
    func stormCode() throws(ScenarioError) -> S3ErrorCode {
        let text = try string()
        let names = ScenarioSchema.stormCodes
        guard names.contains(text), let code = S3ErrorCode(rawValue: text) else {
            let codes = names.compactMap(S3ErrorCode.init(rawValue:))
            let listed = codes.map { "\($0.rawValue) (\(NumberFormat.integer($0.httpStatus, grouping: false)))" }
            let status = S3ErrorCode(rawValue: text).map { " (S3 answers it with \(NumberFormat.integer($0.httpStatus, grouping: false)))" } ?? ""
            let answering = codes.filter { NumberFormat.integer($0.httpStatus, grouping: false) == text }.map(\.rawValue)
            let hint = answering.isEmpty
                ? Suggestion.closest(to: text, among: names).map { "; did you mean '\($0)'?" } ?? ""
                : "; HTTP \(text) is \(answering.joined(separator: " or "))"
            throw error(.invalidValue("a storm's code names an S3 error answered with 500 or 503, one of \(listed.joined(separator: ", ")); got '\(text.excerpt)'\(status)\(hint)"))
        }
        return code
    }

    /// The node as a mapping of names to strings (user metadata). A name is an HTTP header token
    /// (RFC 9110 `tchar`: ASCII letters, digits and ``metadataNameSymbols``), since S3 carries it
    /// as the header `x-amz-meta-<name>`; `""`, `a:b c` and the Kelvin sign U+212A were accepted.
    /// Two names S3 would read as one are refused: it lowercases metadata names, so `Owner` and
    /// `OWNER` would store one `owner` whose value depended on which the store read last. A
    /// refusal names the key in its path (`metadata.a b`, `metadata.""` for an empty one), where it
    /// named only the mapping.
    func stringMapping() throws(ScenarioError) -> [String: String] {
        var result: [String: String] = [:]
        var lowered: [String: String] = [:]
        for entry in try openMapping().entries {
            let key = child(entry.keyCursor.node, entry.key.isEmpty ? "\"\"" : entry.key.excerpt)
            let outside = entry.key.unicodeScalars.first { !Self.isMetadataNameScalar($0) }
            guard !entry.key.isEmpty, outside == nil else {
                throw key.error(.invalidValue(
                    "a metadata name is an HTTP header token, as S3 sends it in the header x-amz-meta-<name>: at least one of the ASCII letters, digits and \(Self.metadataNameSymbols), got '\(entry.key.excerpt)'"
                        + (outside.map { " (\($0.codePoint))" } ?? "")))
            }
            if let earlier = lowered[entry.key.lowercased()] {
                throw key.error(.invalidValue("metadata names '\(earlier.excerpt)' and '\(entry.key.excerpt)' are one name to S3, which lowercases them; keep one"))
            }
            lowered[entry.key.lowercased()] = entry.key
            result[entry.key] = try entry.value.string()
        }
        return result
    }

    /// The symbols an HTTP header token may hold besides ASCII letters and digits (RFC 9110 `tchar`).
    static let metadataNameSymbols = "!#$%&'*+-.^_`|~"

    /// Whether `scalar` may stand in an HTTP header token.
    private static func isMetadataNameScalar(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || metadataNameSymbols.unicodeScalars.contains(scalar))
    }
}
