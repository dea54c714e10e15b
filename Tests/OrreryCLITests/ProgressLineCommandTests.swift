import Foundation
import Testing

/// On a terminal the progress line (stderr) is erased before a result line (stdout) is written:
/// `run` and `experiment` printed theirs after it, `… 2.3 s elapsedPASS crash-and-restart …`.
/// The command runs under `script`, which gives it a terminal and copies what it shows.
@Suite(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script")))
struct ProgressLineCommandTests {
    /// What a terminal shows for `arguments`, with the progress line drawn at once.
    static func onATerminal(_ arguments: [String]) throws -> String {
        let command = ([OrreryProcess.executable.path] + arguments).map { "'\($0)'" }.joined(separator: " ")
        let outcome = try OrreryProcess.run(["-qec", command, "/dev/null"], environment: ["ORRERY_PROGRESS_DELAY": "0"],
                                            program: URL(fileURLWithPath: "/usr/bin/script"))
        #expect(outcome.status == 0, "\(outcome.standardOutput)")
        return outcome.standardOutput
    }

    @Test(arguments: [
        (["run", "scenarios/crash-and-restart.yaml"], "PASS crash-and-restart seed 7 digest 39f2659a4a961f46: 16,427/17,810 requests succeeded, p99 51.551 ms"),
        (["experiment", "a1"], "a1: wrote "),
    ])
    func theResultLineStartsOnAClearedLine(arguments: [String], result: String) throws {
        let dir = try OrreryProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let shown = try Self.onATerminal(arguments + ["--out", dir.path])
        let at = try #require(shown.range(of: result))
        // The progress line was drawn (the delay is 0), and erased right before the result.
        #expect(shown[..<at.lowerBound].contains(" s elapsed"))
        #expect(shown[..<at.lowerBound].hasSuffix("\r\u{1B}[2K"))
        #expect(!shown.contains("elapsed\(result)"))
    }
}
