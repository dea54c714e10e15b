import Simulator

/// A string field of an operation step: written in the file, or `$label` — taken at run time
/// from the result of the earlier step labelled `label` (its version id, upload id, ETag or
/// continuation token, depending on the field).
enum OperationValue: Sendable, Equatable {
    /// Which field of a result a reference reads.
    enum ResultField: String, Sendable, Equatable {
        case versionId = "version id"
        case uploadId = "upload id"
        case eTag = "ETag"
        case nextMarker = "continuation token"
        case nextKeyMarker = "next key marker"
        case nextVersionIdMarker = "next version id marker"
        case nextUploadIdMarker = "next upload id marker"

        func value(of result: ObjectStoreOperationResult) -> String? {
            switch self {
            case .versionId: result.versionId
            case .uploadId: result.uploadId
            case .eTag: result.eTag
            case .nextMarker, .nextKeyMarker: result.nextMarker
            case .nextVersionIdMarker: result.nextVersionIdMarker
            case .nextUploadIdMarker: result.nextUploadIdMarker
            }
        }
    }

    case literal(String)
    case reference(String, ResultField)

    /// The value, reading references from `results`.
    func resolve(_ results: OperationResults) throws(OperationRunError) -> String {
        switch self {
        case .literal(let text):
            return text
        case .reference(let label, let field):
            guard let entry = results.entries[label] else {
                preconditionFailure("the loader checks that every reference names an earlier step")
            }
            guard let value = field.value(of: entry.result) else {
                throw .unresolved(reference: label, field: field.rawValue, definedBy: entry.step, status: entry.result.status)
            }
            return value
        }
    }
}

extension Optional where Wrapped == OperationValue {
    /// The value if present, reading references from `results`.
    func resolve(_ results: OperationResults) throws(OperationRunError) -> String? {
        guard let value = self else { return nil }
        return try value.resolve(results)
    }
}

/// The labels defined so far while a file is loaded, so a reference to a later or unknown step
/// is an error at its position.
struct OperationLabels {
    /// A defined label: the step's 1-based index, its operation, and the part number it uploads.
    struct Definition {
        let step: Int
        let operation: String
        let partNumber: Int?
    }

    private(set) var definitions: [String: Definition] = [:]

    /// Defines `label` (from the step's `as:` field).
    mutating func define(_ cursor: YAMLCursor, step: Int, operation: String, partNumber: Int?) throws(ScenarioError) -> String {
        let label = try cursor.string()
        guard !label.isEmpty, !label.hasPrefix("$") else {
            throw cursor.error(.invalidValue("a label is a plain name, such as v1 (refer to it later as $v1)"))
        }
        guard definitions[label] == nil else {
            throw cursor.error(.invalidValue("label '\(label)' is already defined by operation \(definitions[label]?.step ?? 0)"))
        }
        definitions[label] = Definition(step: step, operation: operation, partNumber: partNumber)
        return label
    }

    /// The field at `cursor`: a literal, or a reference to a label defined earlier.
    func value(_ cursor: YAMLCursor, _ field: OperationValue.ResultField) throws(ScenarioError) -> OperationValue {
        let text = try cursor.string()
        guard text.hasPrefix("$") else { return .literal(text) }
        let label = String(text.dropFirst())
        guard definitions[label] != nil else {
            let known = definitions.keys.sorted()
            throw cursor.error(.invalidValue("'\(text.excerpt)' refers to no earlier step"
                + (Suggestion.closest(to: label, among: known).map { "; did you mean '$\($0)'?" } ?? "")))
        }
        return .reference(label, field)
    }

    /// The optional field `key` of `fields`.
    func value(_ fields: YAMLMapping, _ key: String, _ field: OperationValue.ResultField) throws(ScenarioError) -> OperationValue? {
        guard let cursor = fields[key] else { return nil }
        return try value(cursor, field)
    }

    /// A paging marker of `listing` (`list_versions` or `list_multipart_uploads`), the optional
    /// field `key` of `fields`: `$label` of an earlier page of the same listing reads that page's
    /// next marker, as S3's `NextKeyMarker`, `NextVersionIdMarker` and `NextUploadIdMarker` are
    /// passed back to page on; a version or upload id marker may also name the step that made the
    /// version or upload (`otherwise`). A key marker has no other use for a reference, so `$label`
    /// of any other step is an error there.
    func marker(_ fields: YAMLMapping, _ key: String, of listing: String, next: OperationValue.ResultField,
                otherwise: OperationValue.ResultField?) throws(ScenarioError) -> OperationValue? {
        guard let cursor = fields[key] else { return nil }
        let value = try value(cursor, otherwise ?? next)
        guard case .reference(let label, _) = value, let definition = definitions[label] else { return value }
        if definition.operation == listing { return .reference(label, next) }
        guard otherwise != nil else {
            throw cursor.error(.invalidValue("'$\(label.excerpt)' is operation \(definition.step) (\(definition.operation)); \(key) reads the next key marker of an earlier \(listing)"))
        }
        return value
    }

    /// A completion's part: `$label` of an `upload_part` step, or `{part: N, etag: "…"}`.
    func part(_ cursor: YAMLCursor) throws(ScenarioError) -> (number: Int, eTag: OperationValue) {
        if let text = cursor.text, text.hasPrefix("$") {
            let label = String(text.dropFirst())
            guard let definition = definitions[label], let number = definition.partNumber else {
                throw cursor.error(.invalidValue("'\(text.excerpt)' is not the label of an earlier upload_part"))
            }
            return (number, .reference(label, .eTag))
        }
        let fields = try cursor.mapping(ScenarioSchema.completedPart)
        return (try fields.required("part").int(in: ScenarioSchema.s3Integer), try value(try fields.required("etag"), .eTag))
    }
}
