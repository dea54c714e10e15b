import Foundation
import Testing

/// Files the loader once took and the run then failed on, or ran with nothing in them: now bad
/// input (exit 2) at their line, with nothing written.
struct RefusedAtLoadCommandTests {
    static let traffic = "run: {requests: 10}\nservers: [{name: s}]\nworkload: {type: closed_loop, users: 1}\n"

    /// `...yaml` was named `..`, validated, and failed at run time writing `../report.md`.
    @Test func aFileNamedDotsIsBadInputAndWritesNothing() throws {
        let directory = try OrreryProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try Self.traffic.write(to: directory.appendingPathComponent("...yaml"), atomically: true, encoding: .utf8)
        let out = directory.appendingPathComponent("out")
        for arguments in [["validate", "...yaml"], ["run", "...yaml", "--out", out.path]] {
            let outcome = try OrreryProcess.run(arguments, in: directory)
            #expect(outcome.status == 2, "\(arguments)")
            #expect(outcome.standardError.contains("...yaml:1:1: error: this file has no 'name:', so its name is its file name without the extension, '..', and a scenario's name must not start with '.'; add a 'name:' key"),
                    "\(outcome.standardError)")
        }
        #expect(!FileManager.default.fileExists(atPath: out.path))
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("report.md").path))
    }

    /// `operations:` alone ran an empty world that passed (digest 6f72726572792121).
    @Test func anEmptyOperationsSectionIsBadInput() throws {
        let directory = try OrreryProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try "name: empty\noperations:\n".write(to: directory.appendingPathComponent("empty.yaml"), atomically: true, encoding: .utf8)
        for command in ["run", "ops"] {
            let outcome = try OrreryProcess.run([command, "empty.yaml", "--out", directory.appendingPathComponent("out").path], in: directory)
            #expect(outcome.status == 2, "\(command)")
            #expect(outcome.standardError.contains("empty.yaml:2:1: error: 'operations' has no value; give the section its contents, or remove the key (at operations)"),
                    "\(command): \(outcome.standardError)")
            #expect(!outcome.standardOutput.contains("PASS"))
        }
    }
}
