import Foundation

/// Deterministic JSON: sorted keys, pretty-printed, no escaped slashes, trailing newline.
public enum JSONReport {
    public static func encode(_ value: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(value) else {
            preconditionFailure("report documents contain only finite numbers and strings")
        }
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}
