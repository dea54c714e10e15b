import Foundation

/// Deterministic JSON from `Encodable` values, from one encoder setup: keys sorted, slashes not
/// escaped (`results/a/b`, not `results\/a\/b`). A report document is pretty-printed with a final
/// newline (``encode(_:)``); a line of a JSON-lines file (`worlds.jsonl`, `results.jsonl`) is
/// compact (``line(_:)``). Strings are escaped as ``JSONEncoder`` escapes them, which is how
/// `JSONText.quote` writes the JSON Orrery writes by hand.
public enum JSONReport {
    /// `value` as a document: pretty-printed, with a final newline.
    public static func encode(_ value: some Encodable) -> String {
        encoded(value, layout: .prettyPrinted) + "\n"
    }

    /// `value` on one line, without a line break: a line of a JSON-lines file.
    public static func line(_ value: some Encodable) -> String {
        encoded(value, layout: [])
    }

    private static func encoded(_ value: some Encodable, layout: JSONEncoder.OutputFormatting) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = layout.union([.sortedKeys, .withoutEscapingSlashes])
        guard let data = try? encoder.encode(value) else {
            preconditionFailure("report documents and lines contain only finite numbers, strings and booleans")
        }
        return String(decoding: data, as: UTF8.self)
    }
}
