import Foundation
import Testing
@testable import Reports

@Suite("ReportBundle")
struct ReportBundleTests {
    @Test("writes every file below the output directory")
    func writesAll() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        var bundle = ReportBundle()
        bundle.add("a1/report.md", "# A-1\n")
        bundle.add("a1/requests.csv", "server,requests\n")
        bundle.add("index.md", data: Data("index\n".utf8))
        let written = try bundle.write(to: scratch.url.appendingPathComponent("results"))
        #expect(written.map(\.lastPathComponent) == ["report.md", "requests.csv", "index.md"])
        #expect(try scratch.contents() == ["results", "results/a1", "results/a1/report.md", "results/a1/requests.csv", "results/index.md"])
        #expect(try String(contentsOf: written[0], encoding: .utf8) == "# A-1\n")
    }

    @Test("rejects a path that is not a plain relative path, and writes nothing", arguments: [
        "", "/etc/passwd", "../outside.md", "a/../../b.md", "a//b.md", "a/./b.md", "a/", "a\\b.md", "tab\there.md",
        String(repeating: "x", count: 256),
    ])
    func rejectsBadPaths(path: String) throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let bundle = ReportBundle([ReportFile(path: "good.md", contents: "ok"), ReportFile(path: path, contents: "bad")])
        #expect {
            try bundle.write(to: scratch.url)
        } throws: { error in
            if case .invalidPath(path, _) = error as? ReportWriteError { return true }
            return false
        }
        #expect(try scratch.contents().isEmpty)
    }

    @Test("rejects paths that collide, also only by letter case or as file and directory", arguments: [
        ("a.md", "a.md"), ("Report.md", "report.md"), ("a1", "a1/report.md"), ("a1/x/y.svg", "a1/x"),
    ])
    func rejectsConflicts(first: String, second: String) throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let bundle = ReportBundle([ReportFile(path: first, contents: "1"), ReportFile(path: second, contents: "2")])
        #expect(throws: ReportWriteError.conflictingPaths(first, second)) {
            try bundle.write(to: scratch.url)
        }
        #expect(try scratch.contents().isEmpty)
    }

    @Test("checks the disk before writing: a directory in a file's place stops the whole bundle")
    func checksDiskFirst() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        try FileManager.default.createDirectory(at: scratch.url.appendingPathComponent("a1/chart.svg"), withIntermediateDirectories: true)
        let bundle = ReportBundle([ReportFile(path: "a1/report.md", contents: "1"), ReportFile(path: "a1/chart.svg", contents: "2")])
        #expect(throws: ReportWriteError.self) {
            try bundle.write(to: scratch.url)
        }
        #expect(try scratch.contents() == ["a1", "a1/chart.svg"])
    }

    @Test("checks the disk before writing: a file in a directory's place stops the whole bundle")
    func checksParentsFirst() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        try "file".write(to: scratch.url.appendingPathComponent("a2"), atomically: false, encoding: .utf8)
        let bundle = ReportBundle([ReportFile(path: "a1/report.md", contents: "1"), ReportFile(path: "a2/chart.svg", contents: "2")])
        #expect(throws: ReportWriteError.self) {
            try bundle.write(to: scratch.url)
        }
        #expect(try scratch.contents() == ["a2"])
    }
}
