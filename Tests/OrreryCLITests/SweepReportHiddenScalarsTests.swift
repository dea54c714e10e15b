import Foundation
import Testing

/// Through the real binary: a sweep's `report.md` and `failures.csv` show a file name holding a
/// right-to-left override (U+202E) and a description holding a zero-width space (U+200B) as they
/// show a control character — one shell word, the scalar spelled by its UTF-8 bytes — and the
/// replay commands spell it by `printf`: both reached the report raw, where the override
/// reversed what followed it on the reader's screen.
struct SweepReportHiddenScalarsTests {
    static let name = "evil\u{202E}lmay.yaml"

    @Test func aSweepWritesAnOverrideAndAZeroWidthSpaceEscaped() throws {
        let dir = try OrreryProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let scenario = SweepReportEscapesControlCharactersTests.scenario
            .replacingOccurrences(of: "description: \"a\\eb\\0c\\x7Fd\\x85e\\x9Bf\"\n", with: "description: \"a\\u200Bb\"\n")
        try scenario.write(to: dir.appendingPathComponent(Self.name), atomically: true, encoding: .utf8)
        let outcome = try OrreryProcess.run(["sweep", Self.name, "--seeds", "1", "--out", "S", "--quiet"], in: dir)
        #expect(outcome.status == 1, "\(outcome.standardError)")
        let markdown = try String(contentsOf: dir.appendingPathComponent("S/small/report.md"), encoding: .utf8)
        let failures = try String(contentsOf: dir.appendingPathComponent("S/small/failures.csv"), encoding: .utf8)
        #expect(markdown.hasPrefix("""
            # Sweep: small

            $'a\\\\xE2\\\\x80\\\\x8Bb'

            `$'evil\\xE2\\x80\\xAElmay.yaml'`, seeds 1 (1), 1 variant, 1 world.
            """), "\(markdown)")
        #expect(markdown.contains("- seed 1: expectation 'p99 < 1ms' failed — `orrery run 'evil'\"$(printf '\\342\\200\\256')\"'lmay.yaml' --seed 1`\n"), "\(markdown)")
        #expect(failures == """
            variant,label,seed,reasons,replay
            1,as written,1,expectation 'p99 < 1ms' failed,"orrery run 'evil'""$(printf '\\342\\200\\256')""'lmay.yaml' --seed 1"

            """, "\(failures)")
        #expect(!markdown.unicodeScalars.contains { $0 == "\u{202E}" || $0 == "\u{200B}" })
        #expect(!failures.unicodeScalars.contains { $0 == "\u{202E}" || $0 == "\u{200B}" })
    }
}
