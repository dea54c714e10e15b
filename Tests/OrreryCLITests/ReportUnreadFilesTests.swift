import Foundation
import Testing

/// `orrery report` on a report folder whose `report.json` cannot be read showed no verdicts
/// without a word, and a `report.md` over the page's 16 MiB refused the whole page. Each is now
/// left unread, noted in its report's section and warned of in one line on stderr; the page is
/// written (exit 0), as for an oversized `report.json`.
struct ReportUnreadFilesTests {
    /// A results folder with one report `a` whose `report.md` and `report.json` are given.
    static func folder(markdown: String = "# A\n\nok\n", json: String?) throws -> URL {
        let dir = try OrreryProcess.temporaryDirectory()
        let folder = dir.appendingPathComponent("results/a")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try markdown.write(to: folder.appendingPathComponent("report.md"), atomically: true, encoding: .utf8)
        if let json { try json.write(to: folder.appendingPathComponent("report.json"), atomically: true, encoding: .utf8) }
        return dir
    }

    @Test(arguments: [
        ("not json", "could not be read: it is not JSON at byte offset 0"),
        ("{\"passed\": true", "could not be read: it is not JSON at byte offset 15"),
        ("[true]", "could not be read: it is JSON but not an object"),
        ("{\"passed\": \"yes\"}", "could not be read: its \"passed\" is not true or false"),
        ("{\"checks\": [{\"holds\": 1}]}", "could not be read: its \"checks\" is not a list of objects each with \"holds\": true or false"),
        ("{\"claims\": [{\"claim\": \"x\"}]}", "could not be read: its \"claims\" is not a list of objects each with \"holds\": true or false, or each with a \"verdict\" text"),
    ])
    func aMalformedReportJSONIsNotedOnThePageAndWarnedOf(json: String, reason: String) throws {
        let dir = try Self.folder(json: json)
        defer { try? FileManager.default.removeItem(at: dir) }
        let outcome = try OrreryProcess.run(["report", "results"], in: dir)
        #expect(outcome.status == 0, "\(outcome.standardError)")
        #expect(outcome.standardOutput == "wrote results/index.html: 1 report\n")
        #expect(outcome.standardError == "warning: results/a/report.json \(reason); the page shows no verdicts for it\n", "\(outcome.standardError)")
        let page = try String(contentsOf: dir.appendingPathComponent("results/index.html"), encoding: .utf8)
        let escaped = "verdicts not read: report.json \(reason) (the report below states them)".replacingOccurrences(of: "\"", with: "&quot;")
        #expect(page.contains(escaped), "\(page)")
    }

    /// An experiment's report records no verdicts (A-1's report.json has none of the fields), and
    /// the experiments list their own `variants`: neither is a malformed file.
    @Test func aReportJSONWithoutVerdictsIsNotWarnedOf() throws {
        for json in ["{\"schema\": \"orrery.a1/1\", \"counts\": [1, 2]}", "{\"variants\": [{\"name\": \"x\", \"p99\": 1}]}"] {
            let dir = try Self.folder(json: json)
            defer { try? FileManager.default.removeItem(at: dir) }
            let outcome = try OrreryProcess.run(["report", "results"], in: dir)
            #expect(outcome.status == 0)
            #expect(outcome.standardError.isEmpty, "\(outcome.standardError)")
            let page = try String(contentsOf: dir.appendingPathComponent("results/index.html"), encoding: .utf8)
            #expect(!page.contains("not read"))
        }
    }

    /// The committed results folder reads without a warning.
    @Test func theCommittedResultsReadWithoutAWarning() throws {
        let dir = try OrreryProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let outcome = try OrreryProcess.run(["report", "results", "--out", dir.appendingPathComponent("index.html").path])
        #expect(outcome.status == 0)
        #expect(outcome.standardError.isEmpty, "\(outcome.standardError)")
    }

    /// A `report.md` over the limit the page reads (RegularFile.reportLimit, the one limit for
    /// both files) is left unread rather than refusing the page; its section links its files.
    @Test func aReportMarkdownOverTheLimitIsLeftUnreadAndThePageStillWritten() throws {
        let size = (16 << 20) + 1
        let markdown = "# Big\n\n" + String(repeating: "x", count: size - 8) + "\n"
        #expect(markdown.utf8.count == size)
        let dir = try Self.folder(markdown: markdown, json: "{\"passed\": true}")
        defer { try? FileManager.default.removeItem(at: dir) }
        try "# Small\n".write(to: dir.appendingPathComponent("results/report.md"), atomically: true, encoding: .utf8)
        let outcome = try OrreryProcess.run(["report", "results"], in: dir)
        #expect(outcome.status == 0, "\(outcome.standardError)")
        #expect(outcome.standardOutput == "wrote results/index.html: 2 reports\n")
        #expect(outcome.standardError == "warning: results/a/report.md is 16,777,217 bytes, over the 16,777,216 the page reads; the page shows only its files\n", "\(outcome.standardError)")
        let page = try String(contentsOf: dir.appendingPathComponent("results/index.html"), encoding: .utf8)
        #expect(page.contains("report not shown: report.md is 16,777,217 bytes, over the 16,777,216 the page reads (open it from the files below)"))
        #expect(page.contains("<span class=\"verdict verdict-pass\">passed</span>"))
        #expect(page.contains("<a href=\"a/report.md\">report.md</a>"))
        #expect(page.contains("Small"))
    }

    /// The oversized `report.json` the page already noted is warned of on stderr too.
    @Test func anOversizedReportJSONIsWarnedOf() throws {
        let size = (16 << 20) + 1
        let json = "{\"passed\": true, \"pad\": \"" + String(repeating: "x", count: size - 27) + "\"}"
        let dir = try Self.folder(json: json)
        defer { try? FileManager.default.removeItem(at: dir) }
        let outcome = try OrreryProcess.run(["report", "results"], in: dir)
        #expect(outcome.status == 0)
        #expect(outcome.standardError == "warning: results/a/report.json is 16,777,217 bytes, over the 16,777,216 the page reads; the page shows no verdicts for it\n", "\(outcome.standardError)")
    }
}
