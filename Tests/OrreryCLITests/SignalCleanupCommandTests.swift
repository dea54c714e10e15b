import Foundation
@testable import Reports
import Testing

/// Ctrl-C, SIGTERM and SIGHUP through the real binary: a signal ends a sweep without leaving its
/// `worlds.jsonl.partial` (the handler removes every file staged and not yet renamed, the
/// `.orrery-write-….tmp` files beside a `--trace` too) or the folders it made and left empty
/// (only those: one that was there before stays), and a signal the process started with
/// ignored — `nohup`'s SIGHUP, the SIGINT a script's background job ignores — stays ignored.
/// Each signal is sent once `worlds.jsonl.partial` exists, so it finds the sweep under way.
struct SignalCleanupCommandTests {
    /// Small enough for a debug build: 20 seeds take half a second.
    static let scenario = """
        name: tiny-sweep
        seed: 1
        run: {requests: 300}
        network: {latency: 0.5ms}
        servers:
          - {name: s, count: 2, slots: 2, queue: 50, service_time: {exponential: 2ms}}
        workload: {type: closed_loop, users: 8, timeout: 1s}
        """

    /// Starts `orrery sweep tiny.yaml --seeds 1..seeds` in `directory` through `/bin/sh`, with
    /// `ignoring` set to ignored first (`trap '' …`, which `exec` keeps), and waits until
    /// `out/tiny-sweep/worlds.jsonl.partial` exists.
    private func startSweep(in directory: URL, seeds: Int, ignoring: [String], out: String = "out") throws -> (Process, Pipe) {
        try Self.scenario.write(to: directory.appendingPathComponent("tiny.yaml"), atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        let trap = ignoring.isEmpty ? "" : "trap '' \(ignoring.joined(separator: " ")); "
        process.arguments = ["-c", trap + "exec \"$0\" sweep tiny.yaml --seeds 1..\(seeds) --out \(out) --quiet", OrreryProcess.executable.path]
        process.currentDirectoryURL = directory
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let partial = directory.appendingPathComponent("\(out)/tiny-sweep/worlds.jsonl.partial").path
        while !FileManager.default.fileExists(atPath: partial) {
            #expect(process.isRunning, "the sweep ended before its worlds.jsonl.partial was seen")
            guard process.isRunning else { break }
            usleep(1_000)
        }
        return (process, output)
    }

    @Test("SIGTERM, SIGINT and SIGHUP end a sweep and remove its worlds.jsonl.partial and the folders it made",
          arguments: [SIGTERM, SIGINT, SIGHUP])
    func signalRemovesPartial(signalNumber: Int32) throws {
        let directory = try OrreryProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        // A signal this test process was started with ignored (a background job's SIGINT) is
        // ignored by the sweep too, as the next test shows: nothing to end it with here.
        guard !CommitSignals.isIgnored(signalNumber) else { return }
        // Five thousand seeds: the sweep is still running when the signal comes (and ends on its
        // own, failing the test, if the signal did not end it).
        let (process, _) = try startSweep(in: directory, seeds: 5_000, ignoring: [])
        kill(process.processIdentifier, signalNumber)
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal)
        #expect(process.terminationStatus == signalNumber)
        // `out/` and `out/tiny-sweep/` were the sweep's own: gone with the partial file.
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["tiny.yaml"])
    }

    @Test("a signalled sweep leaves the folders that were there before it, empty as they were")
    func signalLeavesFoldersThatWereThere() throws {
        let directory = try OrreryProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        guard !CommitSignals.isIgnored(SIGTERM) else { return }
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("kept/tiny-sweep"), withIntermediateDirectories: true)
        let (process, _) = try startSweep(in: directory, seeds: 5_000, ignoring: [], out: "kept")
        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.appendingPathComponent("kept/tiny-sweep").path) == [])
    }

    @Test("a SIGHUP and a SIGINT ignored from the start stay ignored: the sweep finishes")
    func ignoredSignalsStayIgnored() throws {
        let directory = try OrreryProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let (process, output) = try startSweep(in: directory, seeds: 200, ignoring: ["HUP", "INT"])
        kill(process.processIdentifier, SIGHUP)
        kill(process.processIdentifier, SIGINT)
        let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationReason == .exit)
        #expect(process.terminationStatus == 0)
        #expect(printed == "sweep tiny-sweep: 200 worlds of 200 (1 variant × 200 seeds), 200 passed, 0 failed; wrote out/tiny-sweep/\n")
        let left = try FileManager.default.contentsOfDirectory(atPath: directory.appendingPathComponent("out/tiny-sweep").path).sorted()
        #expect(left == ["comparisons.csv", "expectations.csv", "failures.csv", "intervals.svg", "metrics.csv",
                         "report.json", "report.md", "sweep.json", "worlds.jsonl"])
    }
}
