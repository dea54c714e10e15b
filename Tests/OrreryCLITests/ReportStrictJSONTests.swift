import Foundation
import Testing

/// `orrery report` reads `report.json` strictly: a key given twice or invalid UTF-8, which
/// Foundation's decoder read as valid, is left unread like any malformed file — noted in its
/// section, one `warning:` line, the page written. And a folder the walk finds below DIR, not
/// one of the command line, is escaped on the terminal as the command line's paths are.
struct ReportStrictJSONTests {
    /// A results folder `results` in a fresh directory, with one report `a` whose `report.json`
    /// holds `json`.
    static func folder(json: [UInt8]) throws -> URL {
        let dir = try OrreryProcess.temporaryDirectory()
        let folder = dir.appendingPathComponent("results/a")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try "# A\n\nok\n".write(to: folder.appendingPathComponent("report.md"), atomically: true, encoding: .utf8)
        try Data(json).write(to: folder.appendingPathComponent("report.json"))
        return dir
    }

    @Test(arguments: [
        // The decoder read this as passed.
        (Array(#"{"passed": true, "passed": false}"#.utf8), #"its key "passed" is repeated in one object at byte offset 17"#),
        // And this: the invalid byte (7) is in a field it skips.
        (Array(#"{"x": ""#.utf8) + [0xC0, 0xAF] + Array(#"", "passed": true}"#.utf8), "it is not UTF-8 at byte offset 7"),
        ([0xEF, 0xBB, 0xBF] + Array(#"{"passed": true}"#.utf8), "it begins with a byte order mark, which JSON text must not"),
        (Array(#"{"\ud800": 1, "passed": true}"#.utf8), #"it has an unpaired surrogate escape \ud800 at byte offset 2"#),
        (Array(#"{"passed": true,}"#.utf8), "it is not JSON at byte offset 16"),
    ] as [([UInt8], String)])
    func aReportJSONThatIsNotStrictJSONIsNotedAndWarnedOf(json: [UInt8], reason: String) throws {
        let dir = try Self.folder(json: json)
        defer { try? FileManager.default.removeItem(at: dir) }
        let outcome = try OrreryProcess.run(["report", "results"], in: dir)
        #expect(outcome.status == 0, "\(outcome.standardError)")
        #expect(outcome.standardOutput == "wrote results/index.html: 1 report\n")
        #expect(outcome.standardError == "warning: results/a/report.json could not be read: \(reason); the page shows no verdicts for it\n",
                "\(outcome.standardError)")
        let page = try String(contentsOf: dir.appendingPathComponent("results/index.html"), encoding: .utf8)
        let note = "verdicts not read: report.json could not be read: \(reason) (the report below states them)"
        #expect(page.contains(note.replacingOccurrences(of: "\"", with: "&quot;")), "\(page)")
        #expect(!page.contains("<span class=\"verdict verdict-pass\">"))
    }

    /// 100,000 `[` are refused as too deep, not by a crash: the page is written.
    @Test func aReportJSONNestedTooDeepIsNotedAndThePageWritten() throws {
        let dir = try Self.folder(json: Array(repeating: UInt8(ascii: "["), count: 100_000))
        defer { try? FileManager.default.removeItem(at: dir) }
        let outcome = try OrreryProcess.run(["report", "results"], in: dir)
        #expect(outcome.status == 0, "\(outcome.standardError)")
        #expect(outcome.standardError == "warning: results/a/report.json could not be read: it nests arrays and objects more than 512 deep at byte offset 512; the page shows no verdicts for it\n",
                "\(outcome.standardError)")
    }

    /// A folder `x⏎PASS y` found below DIR whose `report.md` is a directory: the refusal named
    /// it with a raw line feed, forging a line `PASS y/report.md: it is a directory`.
    @Test func aFolderFoundByTheWalkIsEscapedInAnError() throws {
        let dir = try OrreryProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("results/x\nPASS y/report.md"), withIntermediateDirectories: true)
        try "# Top\n".write(to: dir.appendingPathComponent("results/report.md"), atomically: true, encoding: .utf8)
        let outcome = try OrreryProcess.run(["report", "results"], in: dir)
        #expect(outcome.status == 2)
        #expect(outcome.standardError.hasPrefix("error: cannot read /"), "\(outcome.standardError)")
        #expect(outcome.standardError.hasSuffix("/results/x\\u{A}PASS y/report.md: it is a directory\n"), "\(outcome.standardError)")
        #expect(outcome.standardError.filter { $0 == "\n" }.count == 1, "\(outcome.standardError)")
    }

    /// `--out` naming, through a hard link, a file of a folder `x⏎y` found by the walk.
    @Test func aFileFoundByTheWalkIsEscapedInARefusedOut() throws {
        let dir = try OrreryProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let folder = dir.appendingPathComponent("results/x\ny")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try "# X\n".write(to: folder.appendingPathComponent("report.md"), atomically: true, encoding: .utf8)
        try "n\n1\n".write(to: folder.appendingPathComponent("data.csv"), atomically: true, encoding: .utf8)
        try FileManager.default.linkItem(at: folder.appendingPathComponent("data.csv"), to: dir.appendingPathComponent("page.html"))
        let outcome = try OrreryProcess.run(["report", "results", "--out", "page.html"], in: dir)
        #expect(outcome.status == 2)
        #expect(outcome.standardError == "error: --out 'page.html' would overwrite the input file 'results/x\\u{A}y/data.csv', a file the page shows; name the page otherwise, e.g. index.html\n",
                "\(outcome.standardError)")
        #expect(try String(contentsOf: folder.appendingPathComponent("data.csv"), encoding: .utf8) == "n\n1\n")
    }

    /// A line feed from the command line is escaped in a refusal the same way.
    @Test func aCommandLineFolderIsEscapedAsBefore() throws {
        let dir = try OrreryProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("r\nx/sub"), withIntermediateDirectories: true)
        let outcome = try OrreryProcess.run(["report", "r\nx"], in: dir)
        #expect(outcome.status == 2)
        #expect(outcome.standardError.hasPrefix("error: no report.md in /") && outcome.standardError.hasSuffix("/r\\u{A}x or any folder below it: nothing to put on the page\n"),
                "\(outcome.standardError)")
    }
}
