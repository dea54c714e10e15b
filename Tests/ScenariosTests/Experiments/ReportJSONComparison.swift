import Foundation
import Testing

/// report.json read as a program reads it, to check that a document moved to a shared type kept
/// every key it had with the same value: the old shape is encoded from the same result and both
/// are read by the same parser (Foundation's reader on Linux can be an ulp off, the same ulp for both).
enum ReportJSON {
    typealias Object = [String: Any]

    static func object(_ text: String) throws -> Object {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? Object)
    }

    static func objects(_ text: String) throws -> [Object] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [Object])
    }

    /// The keys of `old` that `new` lacks or holds with another value, sorted.
    static func changedKeys(from old: Object, to new: Object) -> [String] {
        old.keys.filter { key in text(new[key]) != text(old[key]) }.sorted()
    }

    /// A value written back as JSON, keys sorted: equal values read the same (a parsed `true` and
    /// a parsed `1` do not).
    private static func text(_ value: Any?) -> String? {
        guard let value, let data = try? JSONSerialization.data(withJSONObject: [value], options: [.sortedKeys]) else { return nil }
        return String(decoding: data, as: UTF8.self)
    }

    /// The keys `new` has that `old` does not.
    static func addedKeys(from old: Object, to new: Object) -> Set<String> {
        Set(new.keys).subtracting(old.keys)
    }
}

/// The comparison the experiments' JSON tests lean on sees a changed, a missing and an added key.
struct ReportJSONComparisonTests {
    @Test func aChangedOrMissingValueIsNamedAndAnAddedKeyIsListed() throws {
        let old = try ReportJSON.object(#"{"a": 1, "b": true, "c": [1.5, "x"], "d": null, "e": 2}"#)
        let new = try ReportJSON.object(#"{"a": 1, "b": 1, "c": [1.5, "y"], "d": null, "f": 3}"#)
        #expect(ReportJSON.changedKeys(from: old, to: new) == ["b", "c", "e"])
        #expect(ReportJSON.addedKeys(from: old, to: new) == ["f"])
        #expect(ReportJSON.changedKeys(from: old, to: old) == [])
    }
}
