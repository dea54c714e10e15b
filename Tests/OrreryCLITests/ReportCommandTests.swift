import Foundation
import Testing

/// `orrery report DIR`: the page for a results folder, and bad input that writes nothing.
@Suite struct ReportCommandTests {
    @Test func writesIndexHTMLIntoTheFolder() throws {
        let dir = try OrreryProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let results = dir.appendingPathComponent("results")
        try FileManager.default.createDirectory(at: results.appendingPathComponent("a1"), withIntermediateDirectories: true)
        try "# A-1\n\n| n |\n| -: |\n| 3 |\n".write(to: results.appendingPathComponent("a1/report.md"), atomically: true, encoding: .utf8)
        let outcome = try OrreryProcess.run(["report", "results"], in: dir)
        #expect(outcome.status == 0, "\(outcome.standardError)")
        #expect(outcome.standardOutput == "wrote results/index.html: 1 report(s)\n")
        let html = try String(contentsOf: results.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(html.contains("<section id=\"a1\">"))
        #expect(html.contains("<a href=\"a1/report.md\">report.md</a>"))

        let again = try OrreryProcess.run(["report", "results", "--out", "copy/page.html"], in: dir)
        #expect(again.status == 0, "\(again.standardError)")
        let copy = try String(contentsOf: dir.appendingPathComponent("copy/page.html"), encoding: .utf8)
        #expect(copy.contains("<a href=\"../results/a1/report.md\">report.md</a>"))
    }

    @Test(arguments: ["missing", "empty", "file"])
    func badInputExitsTwoAndWritesNothing(kind: String) throws {
        let dir = try OrreryProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        switch kind {
        case "empty": try FileManager.default.createDirectory(at: dir.appendingPathComponent("target/no-report"), withIntermediateDirectories: true)
        case "file": try "# not a folder\n".write(to: dir.appendingPathComponent("target"), atomically: true, encoding: .utf8)
        default: break
        }
        let expected = ["missing": "no such directory", "empty": "no report.md in", "file": "not a directory"][kind]!
        for arguments in [["report", "target"], ["report", "target", "--out", "out/index.html"]] {
            let outcome = try OrreryProcess.run(arguments, in: dir)
            #expect(outcome.status == 2)
            #expect(outcome.standardError.hasPrefix("error: ") && outcome.standardError.contains(expected), "\(outcome.standardError)")
            #expect(outcome.standardOutput.isEmpty)
        }
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("target/index.html").path))
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("out").path))
    }
}
