import Foundation
import Simulator
import Reports

extension ScenarioLoader {
    /// Loads the operation scenario at `path` strictly: every unknown key, wrong type, unknown
    /// operation or reference to no earlier step is an error naming the file, line and column.
    public static func loadOperationScenario(path: String) throws(ScenarioError) -> OperationScenario {
        try operationScenario(from: ScenarioDocument.load(path: path))
    }

    /// Parses operation-scenario `text`, reporting positions against `file`.
    public static func parseOperationScenario(_ text: String, file: String) throws(ScenarioError) -> OperationScenario {
        try operationScenario(from: ScenarioDocument.parse(text, file: file))
    }

    static func operationScenario(from document: ScenarioDocument) throws(ScenarioError) -> OperationScenario {
        // A world or an experiment given to `orrery ops` was refused at its first key as unknown.
        if !document.keys.contains("operations") {
            throw document.root.error(.invalidValue("an operation scenario lists 'operations:' (orrery ops runs only those); this file has none — run a world or an experiment with `orrery run`"))
        }
        let top = try document.sections(ScenarioSchema.operationFile)
        let section = try parseOperationsSection(try top.required("operations"), in: OperationStepParser.operationFile)
        return OperationScenario(name: document.name, file: document.file, seed: document.seed ?? ScenarioSchema.defaultSeed, steps: section.steps)
    }
}

/// Turns the items of `operations:` into steps, one at a time, keeping track of the labels
/// (`as:`) defined so far so that `$label` references can be checked where they are written.
struct OperationStepParser {
    /// Operations written as a bare word, with no fields.
    static let bareOperations = ScenarioSchema.bareOperations
    /// Every operation, in the order the README lists them.
    static let operations = ScenarioSchema.operationByName.keys

    /// What the file holding the steps is, as its limits' messages name it: ``operationFile``
    /// or "a world" (``ScenarioLoader/parseOperationsSection(_:in:)``).
    var file = Self.operationFile
    /// An operation scenario (`orrery ops`), as messages name it.
    static let operationFile = "an operation scenario"

    var labels = OperationLabels()
    /// 1-based index of the step being parsed.
    var index = 0
    /// The bytes of the bodies made so far.
    var bodyBytes = 0
    /// The bytes copies may have written so far (``chargeCopy(at:)``).
    var copiedBytes = 0
    /// The virtual seconds the `wait` steps so far add up to.
    var waitedSeconds = 0.0
    /// The buckets known so far, by how each looks (``YAMLCursor/lookAlikeForm(of:)``): the
    /// world's store's, then each one a `create_bucket` step names.
    private var knownBuckets: [String: String] = [:]

    /// Knows `names`, the world's store's buckets (distinct, look-alikes too: ``ScenarioLoader/parseStoreSection(_:)``),
    /// which steps may name from the first.
    mutating func know(buckets names: [String]) {
        for name in names { knownBuckets[YAMLCursor.lookAlikeForm(of: name)] = name }
    }

    mutating func parse(_ item: YAMLCursor) throws(ScenarioError) -> OperationScenario.Step {
        index += 1
        if let word = item.text {
            guard Self.bareOperations.contains(word) else {
                let hint = Self.operations.contains(word) ? "'\(word.excerpt)' needs its fields, e.g. {\(word): …}" : unknown(word)
                throw item.error(.invalidValue(hint))
            }
            let operation: ObjectStoreOperation = word == "list_buckets" ? .listBuckets : .runLifecycle
            return step(word, item, label: nil, { _ in operation })
        }
        let mapping = try item.mapping(ScenarioSchema.operationByName)
        guard mapping.entries.count == 1, let entry = mapping.entries.first else {
            throw item.error(.invalidValue("a step names exactly one operation"))
        }
        let value = entry.value
        if Self.bareOperations.contains(entry.key) {
            throw entry.keyCursor.error(.invalidValue("'\(entry.key)' takes no fields: write it as a bare '- \(entry.key)'"))
        }
        switch entry.key {
        case "wait":
            let wait = try value.duration()
            waitedSeconds += wait.seconds
            guard waitedSeconds <= YAMLCursor.maximumSeconds else {
                throw value.error(.invalidValue("the waits add up to more than 100 years of virtual time (\(NumberFormat.integer(Int(YAMLCursor.maximumSeconds))) s), the longest a run may last"))
            }
            return OperationScenario.Step(name: "wait", line: item.line, column: item.column, label: nil, partNumber: nil,
                                          action: .wait(wait))
        case "create_bucket", "delete_bucket", "get_bucket_versioning", "delete_bucket_lifecycle":
            return try bucketStep(entry.key, value, item)
        case "put_bucket_versioning", "put_bucket_encryption", "put_bucket_lifecycle":
            return try bucketConfigurationStep(entry.key, value, item)
        case "put", "get", "head", "delete", "copy":
            return try objectStep(entry.key, value, item)
        case "list", "list_versions":
            return try listingStep(entry.key, value, item)
        default:
            return try multipartStep(entry.key, value, item)
        }
    }

    /// A request step at `item`'s position.
    func step(_ name: String, _ item: YAMLCursor, label: String?, partNumber: Int? = nil,
              _ build: @escaping @Sendable (OperationResults) throws(OperationRunError) -> ObjectStoreOperation) -> OperationScenario.Step {
        OperationScenario.Step(name: name, line: item.line, column: item.column, label: label, partNumber: partNumber, action: .request(build))
    }

    /// Defines the step's `as:` label, if it has one.
    mutating func label(_ fields: YAMLMapping, operation: String, partNumber: Int? = nil) throws(ScenarioError) -> String? {
        guard let cursor = fields["as"] else { return nil }
        return try labels.define(cursor, step: index, operation: operation, partNumber: partNumber)
    }

    /// The bucket `cursor` names. A step may name a bucket no one created (S3 answers it
    /// NoSuchBucket, as a file may mean), but not a look-alike of a known one in other code
    /// points (fullwidth 'ｐhotos' for 'photos'): names match by bytes, as the log's topics, and
    /// the look-alike is refused naming what differs. `creates` adds it to the known buckets.
    mutating func bucket(_ cursor: YAMLCursor, creates: Bool = false) throws(ScenarioError) -> String {
        let name = try cursor.string()
        let form = YAMLCursor.lookAlikeForm(of: name)
        if let known = knownBuckets[form] {
            guard known.utf8.elementsEqual(name.utf8) else {
                throw cursor.unknownLookAlike(name, among: [known], kind: "bucket") ?? cursor.error(.invalidValue("unknown bucket '\(name.excerpt)'"))
            }
        } else if creates {
            knownBuckets[form] = name
        }
        return name
    }

    private func unknown(_ word: String) -> String {
        "unknown operation '\(word.excerpt)'" + (Suggestion.closest(to: word, among: Self.operations).map { "; did you mean '\($0)'?" } ?? "")
    }
}
