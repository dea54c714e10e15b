import Foundation
import Testing
@testable import Reports

@Suite("index.html for a results folder")
struct HTMLResultsPageTests {
    static let chart = """
        <?xml version="1.0" encoding="UTF-8"?>
        <svg xmlns="http://www.w3.org/2000/svg" width="8" height="4" viewBox="0 0 8 4"><title>chart</title><rect x="0" y="0" width="8" height="4"/></svg>

        """

    /// A small results folder: two reports beside each other, one nested in another, a folder
    /// without a report, a hidden file and charts that can and cannot be inlined.
    static func makeResults() throws -> ScratchDirectory {
        let scratch = try ScratchDirectory()
        let files: [String: String] = [
            "alpha/report.md": "# Alpha & <co>\n\nSome *text*, [the data](data.csv).\n\n![chart](chart.svg)\n\n## Why\n",
            "alpha/report.json": #"{"passed": true, "checks": [{"holds": true}, {"holds": true}]}"#,
            "alpha/chart.svg": chart,
            "alpha/data.csv": "a,b\n1,2\n",
            "alpha/sub/timeline.svg": chart,
            "alpha/.hidden": "x",
            "beta/report.md": "# Beta\n\n## Why\n\n![unsafe](bad.svg)\n",
            "beta/bad.svg": "<svg><rect id=\"r\"/></svg>",
            "beta/nested/report.md": "# Nested\n",
            "gamma/notes.txt": "no report here\n",
        ]
        for (path, contents) in files {
            try AtomicFileWriter.write(contents, to: scratch.url.appendingPathComponent(path))
        }
        return scratch
    }

    func page(_ scratch: ScratchDirectory) throws -> ResultsPage {
        try ResultsPage(directory: scratch.url, output: scratch.url.appendingPathComponent("index.html"))
    }

    @Test("one section per folder with a report.md, in path order, each listed in the contents")
    func sections() throws {
        let scratch = try Self.makeResults()
        defer { scratch.remove() }
        let html = try page(scratch).html
        #expect(try page(scratch).reportCount == 3)
        #expect(html.components(separatedBy: "<section ").count - 1 == 3)
        let order = ["<section id=\"alpha\">", "<section id=\"beta\">", "<section id=\"beta-nested\">"].map { html.range(of: $0)?.lowerBound }
        #expect(order.allSatisfy { $0 != nil } && order == order.sorted { $0! < $1! })
        #expect(html.contains("<tr><td><a href=\"#alpha\">Alpha &amp; &lt;co&gt;</a></td><td><code>alpha/</code></td><td><span class=\"verdict verdict-pass\">passed</span> <span class=\"verdict verdict-pass\">expectations: 2 of 2 hold</span></td></tr>"))
        #expect(html.contains("<tr><td><a href=\"#beta-nested\">Nested</a></td><td><code>beta/nested/</code></td><td><span class=\"none\">—</span></td></tr>"))
        #expect(!html.contains("gamma"))
    }

    @Test("a report's section, exact: title, verdicts, sorted file links, rewritten links, inlined chart")
    func sectionBytes() throws {
        let scratch = try Self.makeResults()
        defer { scratch.remove() }
        let html = try page(scratch).html
        let start = try #require(html.range(of: "<section id=\"alpha\">"))
        let end = try #require(html.range(of: "</section>", range: start.upperBound..<html.endIndex))
        #expect(String(html[start.lowerBound..<end.upperBound]) == """
            <section id="alpha">
            <h2 id="alpha-alpha-co">Alpha &amp; &lt;co&gt;</h2>
            <div class="report-meta">
            <p class="verdicts"><span class="verdict verdict-pass">passed</span> <span class="verdict verdict-pass">expectations: 2 of 2 hold</span></p>
            <p class="files">Files in <code>alpha/</code>: <a href="alpha/chart.svg">chart.svg</a> <a href="alpha/data.csv">data.csv</a> <a href="alpha/report.json">report.json</a> <a href="alpha/report.md">report.md</a> <a href="alpha/sub/timeline.svg">sub/timeline.svg</a></p>
            </div>
            <p>Some <em>text</em>, <a href="alpha/data.csv">the data</a>.</p>
            <figure class="chart">
            <svg width="8" height="4" viewBox="0 0 8 4"><title>chart</title><rect x="0" y="0" width="8" height="4"/></svg>
            <figcaption><a href="alpha/chart.svg">chart</a></figcaption>
            </figure>
            <h3 id="alpha-why">Why</h3>
            <p class="back"><a href="#contents">↑ Contents</a></p>
            </section>
            """)
    }

    @Test("nested reports keep their own files; unsafe SVG is linked with <img>; ids never repeat")
    func nestingAndFallback() throws {
        let scratch = try Self.makeResults()
        defer { scratch.remove() }
        let html = try page(scratch).html
        #expect(html.contains("<p class=\"files\">Files in <code>beta/</code>: <a href=\"beta/bad.svg\">bad.svg</a> <a href=\"beta/report.md\">report.md</a></p>"))
        #expect(html.contains("<figure><img src=\"beta/bad.svg\" alt=\"unsafe\"></figure>"))
        #expect(html.contains("<h3 id=\"beta-why\">Why</h3>"))
        let ids = html.components(separatedBy: " id=\"").dropFirst().map { $0.prefix { $0 != "\"" } }
        #expect(ids.count == Set(ids).count)
    }

    @Test("the page is self-contained: no script, no external URL")
    func selfContained() throws {
        let scratch = try Self.makeResults()
        defer { scratch.remove() }
        let html = try page(scratch).html
        #expect(!html.contains("<script"))
        #expect(!html.contains("http://") && !html.contains("https://"))
        #expect(html.hasPrefix("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">"))
        #expect(html.hasSuffix("</main>\n</body>\n</html>\n"))
    }

    @Test("the same folder gives the same bytes, also once index.html has been written into it")
    func deterministic() throws {
        let scratch = try Self.makeResults()
        defer { scratch.remove() }
        let first = try page(scratch).html
        try AtomicFileWriter.write(first, to: scratch.url.appendingPathComponent("index.html"))
        #expect(try page(scratch).html == first)
    }

    @Test("a page written elsewhere links back into the results folder")
    func elsewhere() throws {
        let scratch = try Self.makeResults()
        defer { scratch.remove() }
        let html = try ResultsPage(directory: scratch.url, output: scratch.url.appendingPathComponent("site/page.html")).html
        #expect(html.contains("<a href=\"../alpha/data.csv\">the data</a>"))
        #expect(ResultsPage.relativeBase(from: URL(fileURLWithPath: "/tmp/page"), to: URL(fileURLWithPath: "/tmp/results")) == "../results/")
        #expect(ResultsPage.relativeBase(from: URL(fileURLWithPath: "/r"), to: URL(fileURLWithPath: "/r")) == "")
    }

    @Test("a missing folder, a file, or a folder without any report.md is bad input")
    func badInput() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let missing = scratch.url.appendingPathComponent("missing")
        #expect(throws: ResultsPageError.missingDirectory(missing.path)) {
            try ResultsPage(directory: missing, output: missing.appendingPathComponent("index.html"))
        }
        #expect(throws: ResultsPageError.noReports(scratch.url.standardizedFileURL.path)) {
            try ResultsPage(directory: scratch.url, output: scratch.url.appendingPathComponent("index.html"))
        }
        let file = scratch.url.appendingPathComponent("file.md")
        try AtomicFileWriter.write("# x\n", to: file)
        #expect(throws: ResultsPageError.notADirectory(file.path)) {
            try ResultsPage(directory: file, output: scratch.url.appendingPathComponent("index.html"))
        }
    }
}
