import Foundation
import Testing

/// Through the real binary: a sweep's and a merge's `report.md` and `failures.csv` show a file
/// name, a description and a shard's problem holding control characters as the terminal's replay
/// command shows the file — one shell word, `$'evil\x1B[31m\nFAKE.yaml'` — so no escape sequence,
/// NUL, DEL, C1 or line break of theirs reaches the report raw; the replay commands, for any shell
/// (dash reads no `$'…'`), spell the escape by `printf` and keep the line break inside their
/// quotes, in a fenced block in `report.md` and a quoted cell in `failures.csv`; and
/// `merge --out ''` is refused as every other command refuses it.
struct SweepReportEscapesControlCharactersTests {
    static let hostileName = "evil\u{1B}[31m\nFAKE.yaml"

    /// ESC, NUL, DEL, NEL (a line break: a space, as any line break of a description) and CSI (C1).
    static let scenario = OutputSafetyCommandTests.scenario
        .replacingOccurrences(of: "name: small\n", with: "name: small\ndescription: \"a\\eb\\0c\\x7Fd\\x85e\\x9Bf\"\n")
        .replacingOccurrences(of: "requests: 200", with: "requests: 50")
        .replacingOccurrences(of: "success_ratio >= 0.9", with: "p99 < 1ms")

    /// Any control character but the line feeds that end the report's own lines.
    static func rawControls(_ text: String) -> [UInt32] {
        text.unicodeScalars.filter { $0 != "\n" && $0.properties.generalCategory == .control }.map(\.value)
    }

    @Test func aSweepWritesAHostileFileNameAndDescriptionEscaped() throws {
        let dir = try OrreryProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Self.scenario.write(to: dir.appendingPathComponent(Self.hostileName), atomically: true, encoding: .utf8)
        let outcome = try OrreryProcess.run(["sweep", Self.hostileName, "--seeds", "1..2", "--out", "S", "--quiet"], in: dir)
        #expect(outcome.status == 1, "\(outcome.standardError)")
        let markdown = try String(contentsOf: dir.appendingPathComponent("S/small/report.md"), encoding: .utf8)
        let failures = try String(contentsOf: dir.appendingPathComponent("S/small/failures.csv"), encoding: .utf8)
        #expect(markdown.hasPrefix("""
            # Sweep: small

            $'a\\\\x1Bb\\\\x00c\\\\x7Fd e\\\\xC2\\\\x9Bf'

            `$'evil\\x1B[31m\\nFAKE.yaml'`, seeds 1..2 (2), 1 variant, 2 worlds.
            """), "\(markdown)")
        #expect(markdown.contains("""
            - seed 1: expectation 'p99 < 1ms' failed — in the block below:

            ```sh
            orrery run 'evil'"$(printf '\\033')"'[31m
            FAKE.yaml' --seed 1
            ```

            - seed 2: expectation 'p99 < 1ms' failed — in the block below:

            ```sh
            orrery run 'evil'"$(printf '\\033')"'[31m
            FAKE.yaml' --seed 2
            ```


            """), "\(markdown)")
        #expect(failures == """
            variant,label,seed,reasons,replay
            1,as written,1,expectation 'p99 < 1ms' failed,"orrery run 'evil'""$(printf '\\033')""'[31m
            FAKE.yaml' --seed 1"
            1,as written,2,expectation 'p99 < 1ms' failed,"orrery run 'evil'""$(printf '\\033')""'[31m
            FAKE.yaml' --seed 2"

            """)
        for name in ["report.md", "failures.csv", "metrics.csv", "expectations.csv", "comparisons.csv"] {
            let text = try String(contentsOf: dir.appendingPathComponent("S/small/\(name)"), encoding: .utf8)
            #expect(Self.rawControls(text).isEmpty, "\(name): \(Self.rawControls(text))")
        }
    }

    /// A record's problems are read from a shard, where anything may have written them.
    @Test func aMergeWritesATamperedShardsProblemEscaped() throws {
        let dir = try ReportFolderReplacedWholeTests.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        for shard in ["1/2", "2/2"] {
            #expect(try OrreryProcess.run(["sweep", "small.yaml", "--seeds", "1..2", "--shard", shard, "--out", "SH", "--quiet"], in: dir).status == 1)
        }
        let worlds = dir.appendingPathComponent("SH/small/shard-1-of-2/worlds.jsonl")
        let original = try String(contentsOf: worlds, encoding: .utf8)
        #expect(original.contains("\"passed\":false,\"position\":0,\"problems\":[],"))
        try original.replacingOccurrences(of: "\"problems\":[]", with: "\"problems\":[\"\\u001b[31mHACK\\n\"]")
            .write(to: worlds, atomically: true, encoding: .utf8)
        let merged = try OrreryProcess.run(["merge", "SH/small", "--out", "M"], in: dir)
        #expect(merged.status == 1, "\(merged.standardError)")
        let markdown = try String(contentsOf: dir.appendingPathComponent("M/small/report.md"), encoding: .utf8)
        let failures = try String(contentsOf: dir.appendingPathComponent("M/small/failures.csv"), encoding: .utf8)
        #expect(markdown.contains("\n- seed 1: $'\\x1B[31mHACK\\n'; expectation 'p99 < 1ms' failed — `orrery run small.yaml --seed 1`\n"), "\(markdown)")
        #expect(failures == """
            variant,label,seed,reasons,replay
            1,as written,1,$'\\x1B[31mHACK\\n'; expectation 'p99 < 1ms' failed,orrery run small.yaml --seed 1
            1,as written,2,expectation 'p99 < 1ms' failed,orrery run small.yaml --seed 2

            """)
        #expect(Self.rawControls(markdown).isEmpty && Self.rawControls(failures).isEmpty)
    }

    /// `merge … --out ''` wrote `<name>/` into the working directory.
    @Test func mergeRefusesAnEmptyOutAsEveryCommandDoes() throws {
        let dir = try ReportFolderReplacedWholeTests.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        for shard in ["1/2", "2/2"] {
            #expect(try OrreryProcess.run(["sweep", "small.yaml", "--seeds", "1..2", "--shard", shard, "--out", "SH", "--quiet"], in: dir).status == 1)
        }
        let before = try FileTree(dir)
        let merge = try OrreryProcess.run(["merge", "SH/small", "--out", ""], in: dir)
        #expect(merge.status == 2)
        #expect(merge.standardOutput == "")
        #expect(merge.standardError.hasPrefix("error: --out must name a directory\nUsage: orrery merge "), "\(merge.standardError)")
        #expect(try FileTree(dir) == before)
        for command in [["run", "small.yaml"], ["sweep", "small.yaml", "--seeds", "1..2"], ["shrink", "small.yaml"], ["experiment", "a1"]] {
            let outcome = try OrreryProcess.run(command + ["--out", ""], in: dir)
            #expect(outcome.status == 2, "\(command)")
            #expect(outcome.standardError.hasPrefix("error: --out must name a directory\nUsage: orrery \(command[0]) "), "\(outcome.standardError)")
        }
        #expect(try FileTree(dir) == before)
    }
}
