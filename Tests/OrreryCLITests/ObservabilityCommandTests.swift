import Foundation
import Testing

/// `orrery run --trace … --metrics …` through the real binary: the same bytes from two processes,
/// bad options refused before anything is written, and a progress line only on a terminal.
struct ObservabilityCommandTests {
    @Test func aPerfettoTraceAndOpenMetricsAreTheSameFromTwoProcesses() throws {
        let dir = try OrreryProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        var files: [[Data]] = []
        for run in 1...2 {
            let trace = dir.appendingPathComponent("run\(run).perfetto.json"), metrics = dir.appendingPathComponent("run\(run).om")
            let outcome = try OrreryProcess.run(["run", "scenarios/crash-and-restart.yaml", "--out", dir.appendingPathComponent("r\(run)").path,
                                                 "--trace", trace.path, "--metrics", metrics.path], environment: ["SWIFT_DETERMINISTIC_HASHING": run == 1 ? "1" : "0"])
            #expect(outcome.status == 0, "\(outcome.standardError)")
            // Not a terminal: no progress line, nothing on stderr.
            #expect(outcome.standardError.isEmpty)
            files.append([try Data(contentsOf: trace), try Data(contentsOf: metrics)])
        }
        #expect(files[0] == files[1])
        let document = try JSONSerialization.jsonObject(with: files[0][0]) as! [String: Any]
        #expect((document["traceEvents"] as! [Any]).count > 10_000)
        #expect(String(decoding: files[0][1], as: UTF8.self).hasSuffix("# EOF\n"))
    }

    @Test(arguments: [
        (["--trace", "t.json", "--trace-window", "5s..2s", "--trace-format", "perfetto"], "--trace-window: FROM must be before TO"),
        (["--trace", "t.json", "--trace-window", "1s..2s"], "--trace-window applies to Perfetto traces"),
        (["--trace", "t.json", "--trace-format", "xml"], "--trace-format must be jsonl or perfetto, got 'xml'"),
        (["--trace", "t.perfetto.json", "--trace-max-events", "5"], "--trace-max-events must be 1,000 … 4,000,000, got 5"),
        // The former maximum: 50,000,000 events held 26 GB.
        (["--trace", "t.perfetto.json", "--trace-max-events", "50000000"], "--trace-max-events must be 1,000 … 4,000,000, got 50000000"),
        (["--trace", "t.jsonl", "--trace-max-events", "4000001"], "--trace-max-events must be 1,000 … 4,000,000, got 4000001"),
        (["--trace-max-events", "1000"], "--trace-format, --trace-window and --trace-max-events need --trace FILE"),
        (["--trace", "t.perfetto.json", "--trace-window", "3000s..3001s"], "--trace-window starts at 3,000.000 s, after crash-and-restart's time limit ("),
        (["--metrics", "m.om", "--metrics-interval", "0s"], "--metrics-interval must be at least 1ms"),
        // A value that starts with '-' is the option's value, refused for what it says (it was
        // read as another option, and reported as a missing value).
        (["--trace", "t.perfetto.json", "--trace-window", "-5s..2s"], "--trace-window: "),
        (["--trace", "t.perfetto.json", "--trace-max-events", "-5"], "--trace-max-events must be 1,000 … 4,000,000, got -5"),
        (["--metrics", "m.om", "--metrics-interval", "-1s"], "--metrics-interval"),
        (["--metrics", "m.om", "--metrics-interval", "soon"], "--metrics-interval: expected a duration such as 250ms or 2s"),
        (["--metrics-interval", "1s"], "--metrics-interval needs --metrics FILE"),
        (["--trace", "same.om", "--metrics", "same.om"], "--trace and --metrics name the same file 'same.om'"),
    ])
    func aBadObservationOptionIsRefusedAndNothingIsWritten(arguments: [String], message: String) throws {
        let dir = try OrreryProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let absolute = arguments.map { $0.hasSuffix(".json") || $0.hasSuffix(".om") ? dir.appendingPathComponent($0).path : $0 }
        let outcome = try OrreryProcess.run(["run", "scenarios/crash-and-restart.yaml", "--out", dir.appendingPathComponent("reports").path] + absolute)
        #expect(outcome.status == 2)
        #expect(outcome.standardError.contains(message.replacingOccurrences(of: "'same.om'", with: "'\(dir.appendingPathComponent("same.om").path)'")), "\(outcome.standardError)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty)
    }

    /// Both formats stop at `--trace-max-events` and say so: a JSON-lines trace had no limit at all.
    @Test(arguments: ["t.jsonl", "t.perfetto.json"])
    func aTraceStopsAtItsEventLimitAndSaysSo(_ name: String) throws {
        let dir = try OrreryProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let trace = dir.appendingPathComponent(name)
        let outcome = try OrreryProcess.run(["run", "scenarios/crash-and-restart.yaml", "--out", dir.appendingPathComponent("r").path,
                                             "--trace", trace.path, "--trace-max-events", "1000"])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let text = try String(contentsOf: trace, encoding: .utf8)
        if name.hasSuffix(".jsonl") {
            let lines = text.split(separator: "\n")
            #expect(lines.count == 1_001)
            #expect(lines.last?.contains("\"kind\":\"trace_cut_off\",\"event_limit\":1000,\"omitted_events\":") == true, "\(lines.last ?? "")")
        } else {
            let document = try JSONSerialization.jsonObject(with: Data(text.utf8)) as! [String: Any]
            #expect((document["otherData"] as! [String: Any])["cut_off_at_us"] != nil)
        }
    }

    @Test func anExperimentFileHasNoTraceOfItsOwn() throws {
        let dir = try OrreryProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let outcome = try OrreryProcess.run(["run", "scenarios/a1.yaml", "--out", dir.path, "--trace", dir.appendingPathComponent("a1.perfetto.json").path])
        #expect(outcome.status == 2)
        #expect(outcome.standardError.contains("error: --trace and --metrics show one world; scenarios/a1.yaml is an experiment file"), "\(outcome.standardError)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty)
    }

    /// An experiment's report is written in every format: `--format` chooses a world's files, and
    /// with an experiment file it is refused, as `--trace` is, where it was silently ignored (R1);
    /// every format named is no choice, and runs.
    @Test func anExperimentFileTakesNoFormatChoice() throws {
        let dir = try OrreryProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let outcome = try OrreryProcess.run(["run", "scenarios/a1.yaml", "--out", dir.path, "--format", "md"])
        #expect(outcome.status == 2)
        #expect(outcome.standardError == "error: --format chooses a world's report files; scenarios/a1.yaml is an experiment file, whose report is written in every format (leave --format out)\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty)
        #expect(try OrreryProcess.run(["run", "scenarios/a1.yaml", "--out", dir.path, "--format", "csv,json,md", "--quiet"]).status == 0)
    }

    /// Sampling seed 004's 600 s every millisecond would hold 600,000 samples of every series at
    /// once (gigabytes of text): refused before the run, with the interval that would do.
    @Test func aMetricsIntervalTooShortForTheRunIsRefusedBeforeItRuns() throws {
        let dir = try OrreryProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let outcome = try OrreryProcess.run(["run", "scenarios/seed-004-web-platform.yaml", "--out", dir.appendingPathComponent("reports").path,
                                             "--metrics", dir.appendingPathComponent("m.om").path, "--metrics-interval", "1ms"])
        #expect(outcome.status == 2)
        // 7 ms, not the 6 ms its samples per series allow: its series' total (5 × 10⁶ samples) binds harder.
        #expect(outcome.standardError.contains("error: --metrics-interval 1ms gives about 600,000 samples per series over seed-004-web-platform's 600 s of virtual time; at most 100,000: use an interval of at least 7ms"), "\(outcome.standardError)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty)
    }

    /// The samples of every series together are bounded too: 100 servers sampled every
    /// millisecond over 100 s asked for 2.7 GB at once and aborted. A run of fixed duration is
    /// refused before it runs (by the most series it can have, ``MetricsSeriesBound``, over its
    /// 100 s and its clients' 1 s timeout); one bounded by its requests, whose
    /// length is known only after, is refused after it with nothing written.
    @Test func allTheSeriesTogetherAreBounded() throws {
        let dir = try OrreryProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let world = { (run: String) in "name: many\nseed: 1\nrun: {\(run)}\nservers:\n  - {name: s, count: 100, slots: 1, service_time: 5ms}\nbalancer: {strategy: round_robin}\nworkload: {type: open_loop, rate: 1000, timeout: 1s}\n" }
        try world("duration: 100s").write(to: dir.appendingPathComponent("timed.yaml"), atomically: true, encoding: .utf8)
        try world("requests: 13000").write(to: dir.appendingPathComponent("counted.yaml"), atomically: true, encoding: .utf8)
        let timed = try OrreryProcess.run(["run", "timed.yaml", "--out", "reports", "--metrics", "m.om", "--metrics-interval", "1ms"], in: dir)
        #expect(timed.status == 2)
        #expect(timed.standardError == "error: --metrics-interval 1ms samples many's up to 921 series up to 101,002 times each over 101 s of virtual time, up to 9.3 × 10⁷ samples, more than the 5 × 10⁶ a metrics file may hold; use an interval of at least 19ms\n", "\(timed.standardError)")
        let counted = try OrreryProcess.run(["run", "counted.yaml", "--out", "reports", "--metrics", "m.om", "--metrics-interval", "1ms"], in: dir)
        #expect(counted.status == 2)
        #expect(counted.standardError.hasPrefix("error: --metrics: 401 series sampled "), "\(counted.standardError)")
        #expect(counted.standardError.contains("more than the 5 × 10⁶ a metrics file may hold; use a --metrics-interval of at least "))
        #expect(Set(try FileManager.default.contentsOfDirectory(atPath: dir.path)) == ["timed.yaml", "counted.yaml"])
        let sampled = try OrreryProcess.run(["run", "counted.yaml", "--out", "reports", "--metrics", "m.om", "--metrics-interval", "10ms", "--quiet"], in: dir)
        #expect(sampled.status == 0, "\(sampled.standardError)")
        #expect(try String(contentsOf: dir.appendingPathComponent("m.om"), encoding: .utf8).hasSuffix("# EOF\n"))
    }

    @Test func metricsNeedsOneFile() throws {
        let outcome = try OrreryProcess.run(["run", "scenarios/crash-and-restart.yaml", "scenarios/closed-loop.yaml", "--metrics", "/tmp/x.om"])
        #expect(outcome.status == 2)
        #expect(outcome.standardError.contains("--metrics needs exactly one scenario file (got 2)"))
    }

    /// Under a pseudo-terminal (util-linux `script`), a run shows its progress on stderr, and
    /// `--quiet` silences it. The delay before the line shows is set to 0, so that the test does
    /// not depend on the run lasting more than a second (it did not, once the engine got faster).
    @Test func progressShowsOnATerminalOnly() throws {
        let script = URL(fileURLWithPath: "/usr/bin/script")
        guard FileManager.default.isExecutableFile(atPath: script.path) else { return }
        let dir = try OrreryProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        func terminal(_ extra: String, out: String, delay: String = "0") throws -> String {
            let command = "ORRERY_PROGRESS_DELAY=\(delay) \(OrreryProcess.executable.path) run scenarios/seed-003-least-conn.yaml --out \(dir.path)/\(out) \(extra)"
            return try OrreryProcess.run(["-qec", command, "/dev/null"], program: script).standardOutput
        }
        // Drawn at once and then every quarter second: what the run has reported by then (virtual
        // time, events; their wording is RunProgressTests') depends on its speed, the line does not.
        let shown = try terminal("", out: "a")
        #expect(shown.contains(" s elapsed"), "\(shown)")
        #expect(shown.contains("\r\u{1B}[2K"))
        let quiet = try terminal("--quiet", out: "b")
        #expect(!quiet.contains("elapsed"), "\(quiet)")
        #expect(quiet.contains("seed-003-least-conn seed 3"))
        // An hour's delay: the run ends long before its line would show.
        let delayed = try terminal("", out: "c", delay: "3600")
        #expect(!delayed.contains("elapsed"), "\(delayed)")
        #expect(delayed.contains("seed-003-least-conn seed 3"))
        // The reports are the same either way.
        #expect(try Data(contentsOf: dir.appendingPathComponent("a/seed-003-least-conn/report.md"))
                == Data(contentsOf: dir.appendingPathComponent("b/seed-003-least-conn/report.md")))
    }

    /// A delay that is no number of seconds from 0 to 3,600 is refused before anything runs
    /// (it was silently replaced by a second).
    @Test(arguments: ["-1", "nan", "abc", "99999", "inf", ""])
    func aProgressDelayOutOfItsRangeIsRefused(delay: String) throws {
        let dir = try OrreryProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let outcome = try OrreryProcess.run(["run", "scenarios/closed-loop.yaml", "--out", dir.path + "/out"], environment: ["ORRERY_PROGRESS_DELAY": delay])
        #expect(outcome.status == 2)
        #expect(outcome.standardError == "error: ORRERY_PROGRESS_DELAY must be a number of seconds from 0 to 3,600, got \"\(delay)\"\n")
        #expect(!FileManager.default.fileExists(atPath: dir.path + "/out"))
    }
}
