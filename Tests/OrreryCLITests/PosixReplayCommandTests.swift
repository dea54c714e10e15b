import Foundation
import Testing

/// V's F3: a world's `report.json` and `report.md` keep a replay command that `/bin/sh` (dash,
/// which reads no `$'…'`) runs as it is — for a path with a line break, a `'`, a `$`, a backslash
/// and a leading `-` — to the run's digest; the terminal's failure line stays on one line.
struct PosixReplayCommandTests {
    static let folder = "-nl\nq'd$HOME\\b"

    /// Runs `command` with `/bin/sh -c` in `directory`, the built `orrery` first on the PATH.
    static func shell(_ command: String, in directory: URL) throws -> OrreryProcess.Outcome {
        let path = OrreryProcess.executable.deletingLastPathComponent().path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        return try OrreryProcess.run(["-c", command], in: directory, environment: ["PATH": path], program: URL(fileURLWithPath: "/bin/sh"))
    }

    /// The digest a run's headline prints (`PASS tiny-sweep seed 42 digest 0123456789abcdef: …`).
    static func digest(_ headline: String) -> String? {
        guard let range = headline.range(of: " digest ") else { return nil }
        return String(headline[range.upperBound...].prefix(16))
    }

    @Test func reportJSONAndMarkdownReplaysRunInDashToTheSameDigest() throws {
        let directory = try OrreryProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(at: directory.appendingPathComponent(Self.folder), withIntermediateDirectories: true)
        try SignalCleanupCommandTests.scenario.write(to: directory.appendingPathComponent(Self.folder + "/w.yaml"), atomically: true, encoding: .utf8)
        let first = try OrreryProcess.run(["run", "--seed", "42", "--out", "out", "--", Self.folder + "/w.yaml"], in: directory)
        #expect(first.status == 0, "\(first.standardError)")
        let digest = try #require(Self.digest(first.standardOutput))

        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: directory.appendingPathComponent("out/tiny-sweep/report.json"))) as? [String: Any]
        let replay = try #require(json?["replay"] as? String)
        #expect(replay == "orrery run './-nl\nq'\\''d$HOME\\b/w.yaml' --seed 42")
        #expect(json?["digest"] as? String == digest)

        let markdown = try String(contentsOf: directory.appendingPathComponent("out/tiny-sweep/report.md"), encoding: .utf8)
        #expect(markdown.contains("- replay: in the block below:\n\n```sh\n\(replay)\n```\n\n- digest: `\(digest)`\n"), "\(markdown)")

        let again = try Self.shell(replay, in: directory)
        #expect(again.status == 0, "\(again.standardError)")
        #expect(Self.digest(again.standardOutput) == digest)
    }

    @Test func aFailingRunsTerminalLineKeepsTheCommandOnOneLine() throws {
        let directory = try OrreryProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(at: directory.appendingPathComponent(Self.folder), withIntermediateDirectories: true)
        let failing = SignalCleanupCommandTests.scenario + "\nexpect: [\"p99 < 1us\"]\n"
        try failing.write(to: directory.appendingPathComponent(Self.folder + "/w.yaml"), atomically: true, encoding: .utf8)
        let outcome = try OrreryProcess.run(["run", "--seed", "42", "--out", "out", "--quiet", "--", Self.folder + "/w.yaml"], in: directory)
        #expect(outcome.status == 1)
        #expect(outcome.standardError.hasPrefix("seed 42: scenario 'tiny-sweep' failed; replay with: orrery run $'./-nl\\nq\\'d$HOME\\\\b/w.yaml' --seed 42\n"),
                "\(outcome.standardError)")
    }
}
