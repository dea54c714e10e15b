import Foundation
@testable import Reports
import Testing

/// A run stopped by SIGTERM while its `--trace` is staged — the `.orrery-write-….tmp` file beside
/// the trace exists, not yet renamed — leaves neither that temporary nor the report's staged
/// files, nor the `trace/` and `out/` folders it made for them (``StagedTemporaries``).
struct SignalDuringTraceStagingTests {
    /// About 16 MB of JSON lines: the trace's temporary exists for the time it takes to write.
    static let scenario = SignalCleanupCommandTests.scenario.replacingOccurrences(of: "requests: 300", with: "requests: 100000")

    enum Attempt: Equatable { case signalled, missedTheTemporary, signalledDuringCommit }

    /// Starts the run, watches `trace/` until the temporary is there, stops the process there
    /// (SIGSTOP: nothing moves while the test looks) and sends SIGTERM if the trace was not yet
    /// renamed into place; otherwise lets it go on, and says why this attempt did not count.
    private func attempt(in directory: URL) throws -> Attempt {
        let process = Process()
        process.executableURL = OrreryProcess.executable
        process.arguments = ["run", "tiny.yaml", "--trace", "trace/t.jsonl", "--out", "out", "--quiet"]
        process.currentDirectoryURL = directory
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let traceFolder = directory.appendingPathComponent("trace").path
        while process.isRunning {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: traceFolder)) ?? []
            if names.contains(where: { $0.hasPrefix(".orrery-write-") }) {
                kill(process.processIdentifier, SIGSTOP)
                // Stopped: the listing now is what the signal will find.
                let stopped = (try? FileManager.default.contentsOfDirectory(atPath: traceFolder)) ?? []
                let outcome: Attempt = stopped.contains("t.jsonl") || !stopped.contains(where: { $0.hasPrefix(".orrery-write-") })
                    ? .signalledDuringCommit : .signalled
                kill(process.processIdentifier, SIGTERM)
                kill(process.processIdentifier, SIGCONT)
                process.waitUntilExit()
                #expect(process.terminationReason == .uncaughtSignal)
                #expect(process.terminationStatus == SIGTERM)
                // A signal during the commit waits for it: the files are then all in place.
                return FileManager.default.fileExists(atPath: traceFolder + "/t.jsonl") ? .signalledDuringCommit : outcome
            }
            usleep(100)
        }
        process.waitUntilExit()
        return .missedTheTemporary
    }

    @Test func sigtermWhileTheTraceIsStagedRemovesItAndTheFoldersTheRunMade() throws {
        // SIGTERM ignored by this test process would be ignored by the run too.
        guard !CommitSignals.isIgnored(SIGTERM) else { return }
        // The temporary exists for tens of milliseconds; an attempt that looked too late (the run
        // had finished, or its commit had begun) is made again, at most five times.
        for _ in 1...5 {
            let directory = try OrreryProcess.temporaryDirectory()
            defer { try? FileManager.default.removeItem(at: directory) }
            try Self.scenario.write(to: directory.appendingPathComponent("tiny.yaml"), atomically: true, encoding: .utf8)
            guard try attempt(in: directory) == .signalled else { continue }
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["tiny.yaml"])
            return
        }
        Issue.record("in five runs the trace's temporary was never seen before the commit")
    }
}
