import Foundation
import Testing
@testable import Scenarios

/// Every setting a scenario file may hold is named in README, so a new key cannot go
/// undocumented: 33 of the schema's names (chaos lengths, the store's error rates and client
/// backoff, the operations' fields, `call_timeout`, `progress_slice`, …) appeared nowhere in it.
/// A name counts where it stands as a whole word (`delay` inside `base_delay` does not).
struct ReadmeNamesEverySettingTests {
    /// Every property name of the generated schema (`orrery schema`), at any depth.
    static func settingNames() throws -> Set<String> {
        let schema = try JSONSerialization.jsonObject(with: Data(ScenarioSchema.jsonText.utf8))
        var names = Set<String>()
        func walk(_ node: Any) {
            if let object = node as? [String: Any] {
                if let properties = object["properties"] as? [String: Any] { names.formUnion(properties.keys) }
                object.values.forEach(walk)
            } else if let list = node as? [Any] {
                list.forEach(walk)
            }
        }
        walk(schema)
        return names
    }

    /// README's words: runs of ASCII letters, digits and `_`, as setting names are written.
    static func readmeWords() throws -> Set<String> {
        let readme = try String(contentsOf: packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let isWordByte = { (byte: UInt8) in byte == UInt8(ascii: "_") || (byte < 0x80 && (Character(UnicodeScalar(byte)).isLetter || Character(UnicodeScalar(byte)).isNumber)) }
        return Set(readme.utf8.split(whereSeparator: { !isWordByte($0) }).map { String(decoding: $0, as: UTF8.self) })
    }

    @Test func everySchemaSettingIsNamedInReadme() throws {
        let names = try Self.settingNames()
        #expect(names.count >= 400, "\(names.count)")
        #expect(names.isSuperset(of: ["pause_length", "worker_downtime", "lab_chaos", "base_delay", "if_none_match", "progress_slice"]))
        let words = try Self.readmeWords()
        #expect(names.subtracting(words).sorted() == [])
    }
}
