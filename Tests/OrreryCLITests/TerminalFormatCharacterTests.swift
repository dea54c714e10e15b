import Foundation
import Testing

/// A right-to-left override (U+202E) in a file name reached the terminal as it was, reversing the
/// rest of the line (`a‮lmay.yaml` shows as `ayaml.yaml`), where a message quoting a scenario's
/// value escaped it. The terminal now escapes what messages escape: format characters and line
/// separators too, spelled as its control characters are (`\u{202E}`).
struct TerminalFormatCharacterTests {
    @Test func formatCharactersOfAPathAreEscaped() throws {
        let dir = try HostileCommandLineTests.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let missing = try OrreryProcess.run(["validate", "a\u{202E}lmay.yaml", "b\u{2028}c\u{200B}.yaml"], in: dir)
        #expect(missing.status == 2)
        #expect(missing.standardError == "a\\u{202E}lmay.yaml: error: cannot read the scenario file: no such file\n"
                + "b\\u{2028}c\\u{200B}.yaml: error: cannot read the scenario file: no such file\n", "\(missing.standardError)")
        let name = "ok\u{202E}x.yaml"
        try FileManager.default.copyItem(at: dir.appendingPathComponent("tiny.yaml"), to: dir.appendingPathComponent(name))
        let valid = try OrreryProcess.run(["validate", name], in: dir)
        #expect(valid.status == 0)
        #expect(valid.standardOutput.hasPrefix("ok\\u{202E}x.yaml: ok ("), "\(valid.standardOutput)")
    }
}
