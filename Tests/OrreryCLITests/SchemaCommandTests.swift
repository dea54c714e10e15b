import Foundation
import Testing

/// `orrery schema`: prints the committed `orrery.schema.json`, or writes it with `--out`.
struct SchemaCommandTests {
    static var committed: String {
        get throws { try String(contentsOf: OrreryProcess.packageRoot.appendingPathComponent("orrery.schema.json"), encoding: .utf8) }
    }

    @Test func printsTheCommittedSchema() throws {
        let outcome = try OrreryProcess.run(["schema"])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        #expect(outcome.standardOutput == (try Self.committed), "run `swift run orrery schema --out orrery.schema.json`")
    }

    @Test func writesTheSchemaToAFileAndNothingElse() throws {
        let dir = try OrreryProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let outcome = try OrreryProcess.run(["schema", "--out", "nested/orrery.schema.json"], in: dir)
        #expect(outcome.status == 0, "\(outcome.standardError)")
        #expect(outcome.standardOutput.isEmpty)
        #expect(try String(contentsOf: dir.appendingPathComponent("nested/orrery.schema.json"), encoding: .utf8) == (try Self.committed))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.appendingPathComponent("nested").path) == ["orrery.schema.json"])
    }

    @Test func anEmptyOutputPathIsBadInput() throws {
        let outcome = try OrreryProcess.run(["schema", "--out", ""])
        #expect(outcome.status == 2)
        #expect(outcome.standardError.contains("--out must name a file"))
    }

    /// A directory where the file goes is refused before writing, as an error like every other.
    @Test func aDirectoryAsTheOutputIsBadInput() throws {
        let dir = try OrreryProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("taken"), withIntermediateDirectories: true)
        let outcome = try OrreryProcess.run(["schema", "--out", "taken"], in: dir)
        #expect(outcome.status == 2)
        #expect(outcome.standardError == "error: --out 'taken': is a directory, not a file\n")
    }
}
