import Foundation
import Testing

/// `orrery report` reads a report's `report.json` only for its verdicts. A world of many virtual
/// days writes a figure a second into it (40 days, 24 MB), which the 16 MiB bound on what the
/// page reads refused, and with it the whole results page: such a file is now left unread and
/// the page says so.
struct ReportOversizeJSONTests {
    @Test func aReportJSONOverTheLimitIsLeftUnreadAndThePageStillWritten() throws {
        let dir = try OrreryProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let folder = dir.appendingPathComponent("results/long")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try "# Long\n\nPASS\n".write(to: folder.appendingPathComponent("report.md"), atomically: true, encoding: .utf8)
        let size = (16 << 20) + 1
        let json = "{\"passed\": true, \"pad\": \"" + String(repeating: "x", count: size - 27) + "\"}"
        #expect(json.utf8.count == size)
        try json.write(to: folder.appendingPathComponent("report.json"), atomically: true, encoding: .utf8)
        let outcome = try OrreryProcess.run(["report", "results"], in: dir)
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let page = try String(contentsOf: dir.appendingPathComponent("results/index.html"), encoding: .utf8)
        #expect(page.contains("verdicts not read: report.json is 16,777,217 bytes, over the 16,777,216 the page reads (the report below states them)"))
    }
}
