import Foundation
import Testing

/// `orrery report DIR`: the page for a results folder, and bad input that writes nothing.
struct ReportCommandTests {
    @Test func writesIndexHTMLIntoTheFolder() throws {
        let dir = try OrreryProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let results = dir.appendingPathComponent("results")
        try FileManager.default.createDirectory(at: results.appendingPathComponent("a1"), withIntermediateDirectories: true)
        try "# A-1\n\n| n |\n| -: |\n| 3 |\n".write(to: results.appendingPathComponent("a1/report.md"), atomically: true, encoding: .utf8)
        let outcome = try OrreryProcess.run(["report", "results"], in: dir)
        #expect(outcome.status == 0, "\(outcome.standardError)")
        #expect(outcome.standardOutput == "wrote results/index.html: 1 report\n")
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
    /// `--out pages/` wrote a file named `pages`; an existing directory or an empty path is no
    /// page either. Each is refused before anything is read or written.
    @Test(arguments: ["pages/", "existing", ""])
    func anOutThatIsADirectoryIsRefused(out: String) throws {
        let dir = try OrreryProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("results/a1"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("existing"), withIntermediateDirectories: true)
        try "# A-1\n".write(to: dir.appendingPathComponent("results/a1/report.md"), atomically: true, encoding: .utf8)
        let outcome = try OrreryProcess.run(["report", "results", "--out", out], in: dir)
        #expect(outcome.status == 2)
        #expect(outcome.standardError.hasPrefix(out.isEmpty ? "error: --out must name a file (got an empty path)"
            : "error: --out '\(out)' names a directory; give the page's file, e.g. \(out.hasSuffix("/") ? out : out + "/")index.html"), "\(outcome.standardError)")
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("pages").path))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.appendingPathComponent("existing").path).isEmpty)
    }

    /// A page named as one of the folder's reports replaced it; a path too long for the system
    /// made its directories before failing. Both are refused with nothing written.
    @Test func aPageThatWouldReplaceAReportOrCannotBeWrittenIsRefused() throws {
        let dir = try OrreryProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("results/a1"), withIntermediateDirectories: true)
        try "# A-1\n".write(to: dir.appendingPathComponent("results/a1/report.md"), atomically: true, encoding: .utf8)
        let replacing = try OrreryProcess.run(["report", "results", "--out", "results/a1/report.md"], in: dir)
        #expect(replacing.status == 2)
        #expect(replacing.standardError == "error: --out 'results/a1/report.md' is a report of the folder the page shows; name the page otherwise, e.g. index.html\n")
        #expect(try String(contentsOf: dir.appendingPathComponent("results/a1/report.md"), encoding: .utf8) == "# A-1\n")
        let deep = (0..<21).map { _ in String(repeating: "d", count: 200) }.joined(separator: "/")
        let tooLong = try OrreryProcess.run(["report", "results", "--out", "deep/\(deep)/index.html"], in: dir)
        #expect(tooLong.status == 2)
        #expect(tooLong.standardError.hasPrefix("error: --out 'deep/") && tooLong.standardError.contains("is too long"), "\(tooLong.standardError)")
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("deep").path))
    }

    /// A report.md linked to a file outside the folder is refused (one linked to /etc/hostname
    /// was pasted into the page); a link to a report inside the folder is followed.
    @Test func aReportLinkedFromOutsideTheFolderIsRefused() throws {
        let dir = try OrreryProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("results/inside"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("results/outside"), withIntermediateDirectories: true)
        try "# Secret\n".write(to: dir.appendingPathComponent("secret.md"), atomically: true, encoding: .utf8)
        try "# Inside\n".write(to: dir.appendingPathComponent("results/inside/report.md"), atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: dir.appendingPathComponent("results/report.md").path, withDestinationPath: "inside/report.md")
        let inside = try OrreryProcess.run(["report", "results"], in: dir)
        #expect(inside.status == 0, "\(inside.standardError)")
        try FileManager.default.createSymbolicLink(atPath: dir.appendingPathComponent("results/outside/report.md").path, withDestinationPath: "../../secret.md")
        try FileManager.default.removeItem(at: dir.appendingPathComponent("results/index.html"))
        let outside = try OrreryProcess.run(["report", "results"], in: dir)
        #expect(outside.status == 2)
        #expect(outside.standardError.hasSuffix("outside/report.md: a symbolic link to a file outside the results folder\n"), "\(outside.standardError)")
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("results/index.html").path))
    }

    /// A 20 MB `report.md` took 32 s and 470 MB to render; past 16 MiB it is left unread at once,
    /// as an oversized report.json is: refusing it refused the whole page, now its section says so.
    @Test func aReportOverSixteenMebibytesIsLeftUnreadAtOnce() throws {
        let dir = try OrreryProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("results/big"), withIntermediateDirectories: true)
        let row = "| a | b |\n"
        try ("# Big\n\n| x | y |\n| - | - |\n" + String(repeating: row, count: (16 << 20) / row.utf8.count + 1))
            .write(to: dir.appendingPathComponent("results/big/report.md"), atomically: true, encoding: .utf8)
        let outcome = try OrreryProcess.run(["report", "results"], in: dir)
        #expect(outcome.status == 0)
        // 27 bytes of heading and table head, then 1,677,722 rows of 10 bytes.
        #expect(outcome.standardError == "warning: results/big/report.md is 16,777,247 bytes, over the 16,777,216 the page reads; the page shows only its files\n", "\(outcome.standardError)")
        let page = try String(contentsOf: dir.appendingPathComponent("results/index.html"), encoding: .utf8)
        #expect(page.contains("report not shown: report.md is 16,777,247 bytes, over the 16,777,216 the page reads (open it from the files below)"))
    }

    /// A report.md that is a device or a FIFO is refused as what it is (it was blamed on
    /// permissions; a FIFO read whole would wait for ever).
    @Test func aReportThatIsNoRegularFileIsRefusedAsSuch() throws {
        let dir = try OrreryProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("results/sub"), withIntermediateDirectories: true)
        try "# Top\n".write(to: dir.appendingPathComponent("results/report.md"), atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: dir.appendingPathComponent("results/sub/report.md").path, withDestinationPath: "/dev/zero")
        let outcome = try OrreryProcess.run(["report", "results"], in: dir)
        #expect(outcome.status == 2)
        #expect(outcome.standardError.hasSuffix("sub/report.md: not a regular file (a device, a pipe or a socket)\n"), "\(outcome.standardError)")
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("results/index.html").path))
    }

    /// A chart is inlined only from inside the results folder: a symbolic link in it to a file
    /// outside was followed and pasted into the page.
    @Test func aChartLinkedFromOutsideTheFolderIsNotInlined() throws {
        let dir = try OrreryProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let results = dir.appendingPathComponent("results")
        try FileManager.default.createDirectory(at: results.appendingPathComponent("a1"), withIntermediateDirectories: true)
        try "<svg width=\"1\" height=\"1\"><title>outside-marker</title></svg>".write(to: dir.appendingPathComponent("outside.svg"), atomically: true, encoding: .utf8)
        try "<svg width=\"1\" height=\"1\"><title>inside-marker</title></svg>".write(to: results.appendingPathComponent("a1/inside.svg"), atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(at: results.appendingPathComponent("a1/linked.svg"), withDestinationURL: dir.appendingPathComponent("outside.svg"))
        try "# A-1\n\n![inside](inside.svg)\n\n![linked](linked.svg)\n".write(to: results.appendingPathComponent("a1/report.md"), atomically: true, encoding: .utf8)
        let outcome = try OrreryProcess.run(["report", "results"], in: dir)
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let html = try String(contentsOf: results.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(html.contains("<title>inside-marker</title>"))
        #expect(!html.contains("outside-marker"))
        #expect(html.contains("linked.svg"))
    }
}
