/// A mapping whose keys have been checked against the schema.
struct YAMLMapping {
    let cursor: YAMLCursor
    let entries: [(key: String, keyCursor: YAMLCursor, value: YAMLCursor)]

    /// The value under `key`, if present (a null value counts as absent).
    subscript(key: String) -> YAMLCursor? {
        entries.first { $0.key == key && !$0.value.isNull }?.value
    }

    /// The value under `key`, or an error at the mapping when it is missing.
    func required(_ key: String) throws(ScenarioError) -> YAMLCursor {
        guard let value = self[key] else { throw cursor.error(.missingKey(key)) }
        return value
    }

    /// The keys present, in file order.
    var keys: [String] { entries.map(\.key) }
}
