import Foundation

/// `index.html` for a results directory: one self-contained page with every report in it.
///
/// The page has a table of contents — each report's title, folder and verdicts — and then each
/// report rendered in its own `<section>`, its charts inline and links to every raw file of its
/// folder. Its style is inline, it runs no script and names no external URL, so it opens from
/// disk without a network. It depends only on the files' contents, sorted by path, with no
/// timestamp: made twice from the same folder it is the same bytes, so it can be committed and
/// checked by regenerating it.
///
/// ```swift
/// let page = try ResultsPage(directory: URL(fileURLWithPath: "results"),
///                            output: URL(fileURLWithPath: "results/index.html"))
/// try AtomicFileWriter.write(page.html, to: URL(fileURLWithPath: "results/index.html"))
/// ```
public struct ResultsPage: Sendable, Equatable {
    /// The whole page.
    public let html: String
    /// How many reports, one section each, the page shows.
    public let reportCount: Int
    /// One line per file the page could not use — a `report.json` over the size limit or
    /// malformed, a `report.md` over the size limit — naming it and why
    /// (`results/long/report.json could not be read: it is not JSON at byte offset 0; the page shows no verdicts
    /// for it`), for the
    /// command to warn of; the page itself notes each in its report's section.
    public let warnings: [String]

    /// Reads `directory` and makes the page that will be written to `output`; links are
    /// relative to `output`'s folder, and `output` itself is left out of the lists of files.
    ///
    /// - Throws: ``ResultsPageError`` when `directory` is missing, not a directory, unreadable,
    ///   or holds no `report.md`.
    public init(directory: URL, output: URL) throws(ResultsPageError) {
        let folder = try ResultsFolder(root: directory, excluding: output)
        let base = Self.relativeBase(from: output.standardizedFileURL.deletingLastPathComponent(), to: folder.root)
        html = ResultsPageLayout(folder: folder, base: base).html()
        reportCount = folder.reports.count
        warnings = folder.reports.flatMap { report in
            let folderPath = report.path.isEmpty ? directory.relativePath : directory.relativePath + "/" + report.path
            return UnreadFile.all(in: report).map { "\(folderPath)/\($0.name) \($0.reason); \($0.consequence)" }
        }
    }

    /// The path from folder `from` to folder `to`, ending in `/`, or "" when they are the same:
    /// `../results/` from `/tmp/page` to `/tmp/results`.
    static func relativeBase(from: URL, to: URL) -> String {
        let start = from.standardizedFileURL.pathComponents, target = to.standardizedFileURL.pathComponents
        var common = 0
        while common < start.count, common < target.count, start[common] == target[common] { common += 1 }
        let components = Array(repeating: "..", count: start.count - common) + target[common...]
        return components.map { $0 + "/" }.joined()
    }
}

/// Lays out the page for a folder that has been read: header, contents, one section per report.
struct ResultsPageLayout {
    /// What is shown.
    var folder: ResultsFolder
    /// The path from the page's folder to the results directory, ending in `/` or empty.
    var base: String

    /// One report on the page: its section's id and its Markdown's blocks.
    struct Section {
        var report: ResultsFolder.Report
        var id: String
        var blocks: [MarkdownBlock]
    }

    /// The page.
    func html() -> String {
        var anchors = HeadingAnchors()
        let contentsID = anchors.claim("contents")
        // Each report's Markdown is parsed once, for its title in the contents and its section.
        let sections = folder.reports.map { report in
            Section(report: report, id: anchors.claim(sectionName(of: report)), blocks: MarkdownBlockParser.parse(report.markdown))
        }
        let name = folder.root.lastPathComponent
        var page = """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(HTMLText.escape(name)) — Orrery results</title>
            <style>
            \(ResultsPageStyle.css)
            </style>
            </head>
            <body>
            <main>
            <header>
            <h1>Orrery results: <code>\(HTMLText.escape(name))/</code></h1>
            <p class="lead">\(sections.count) \(sections.count == 1 ? "report" : "reports"), each with its verdicts, tables and charts, and links to the raw files beside it. Made by <code>orrery report</code> from the files alone, so it is regenerated rather than edited.</p>
            </header>

            """
        page += contents(sections, id: contentsID)
        for section in sections {
            page += self.section(section, anchors: &anchors, contentsID: contentsID)
        }
        page += "</main>\n</body>\n</html>\n"
        return page
    }

    /// The table of contents: title, folder and verdicts of every report.
    func contents(_ sections: [Section], id: String) -> String {
        var html = "<nav id=\"\(id)\" aria-label=\"Contents\">\n<h2>Contents</h2>\n<div class=\"table-scroll\"><table>\n"
        html += "<thead>\n<tr><th>report</th><th>folder</th><th>verdicts</th></tr>\n</thead>\n<tbody>\n"
        for section in sections {
            let report = section.report
            html += "<tr><td><a href=\"#\(HTMLText.escape(section.id))\">\(HTMLText.escape(title(of: section)))</a></td>"
            html += "<td><code>\(HTMLText.escape(folderLabel(report)))</code></td>"
            html += "<td>\(verdicts(of: report))</td></tr>\n"
        }
        return html + "</tbody>\n</table></div>\n</nav>\n"
    }

    /// One report: its title, then its verdicts and files, then the rest of the report.
    func section(_ section: Section, anchors: inout HeadingAnchors, contentsID: String) -> String {
        let report = section.report, id = section.id
        let renderer = renderer(for: report, sectionID: id)
        var blocks = renderer.renderBlocks(section.blocks, anchors: &anchors)
        let meta = self.meta(report)
        if let first = blocks.first, first.hasPrefix("<h"), first.dropFirst(2).first?.isNumber == true {
            blocks.insert(meta, at: 1)
        } else {
            blocks.insert(meta, at: 0)
        }
        return "\n<section id=\"\(HTMLText.escape(id))\">\n" + blocks.joined()
            + "<p class=\"back\"><a href=\"#\(HTMLText.escape(contentsID))\">↑ Contents</a></p>\n</section>\n"
    }

    /// The box under a report's title: its verdicts, if it records any, and links to its files.
    func meta(_ report: ResultsFolder.Report) -> String {
        var html = "<div class=\"report-meta\">\n"
        if report.summary != nil {
            html += "<p class=\"verdicts\">\(verdicts(of: report))</p>\n"
        }
        for unread in UnreadFile.all(in: report) {
            html += "<p class=\"verdicts\"><span class=\"none\">\(HTMLText.escape(unread.pageNote))</span></p>\n"
        }
        let prefix = report.path.isEmpty ? "" : report.path + "/"
        let links = report.files.map { file in
            "<a href=\"\(HTMLText.escape(base + LinkResolver.percentEncoded(prefix + file)))\">\(HTMLText.escape(file))</a>"
        }
        html += "<p class=\"files\">Files in <code>\(HTMLText.escape(folderLabel(report)))</code>: \(links.joined(separator: " "))</p>\n"
        return html + "</div>\n"
    }

    /// A report's verdict summary as coloured phrases, or a dash when it records none.
    func verdicts(of report: ResultsFolder.Report) -> String {
        guard let summary = report.summary else { return "<span class=\"none\">—</span>" }
        return summary.parts.map { "<span class=\"verdict verdict-\($0.tone.rawValue)\">\(HTMLText.escape($0.text))</span>" }
            .joined(separator: " ")
    }

    /// The renderer for one report: headings one level down, ids prefixed with the section's,
    /// links relative to the page, and local SVG charts pasted in when ``SVGInliner`` allows.
    func renderer(for report: ResultsFolder.Report, sectionID: String) -> MarkdownHTMLRenderer {
        let directory = report.path.isEmpty ? folder.root : folder.root.appendingPathComponent(report.path, isDirectory: true)
        let root = folder.root
        var renderer = MarkdownHTMLRenderer()
        renderer.headingShift = 1
        renderer.idPrefix = sectionID + "-"
        renderer.links = LinkResolver(base: base + (report.path.isEmpty ? "" : LinkResolver.percentEncoded(report.path) + "/"),
                                      fragmentPrefix: sectionID + "-")
        let links = renderer.links
        renderer.standaloneImage = { source, alt in
            guard let markup = Self.inlineSVG(source, in: directory, root: root), let href = links.resolve(source) else { return nil }
            // The caption links the file itself: a wide chart shrunk to the column opens full size.
            return "<figure class=\"chart\">\n\(markup)\n<figcaption><a href=\"\(HTMLText.escape(href))\">\(HTMLText.escape(alt))</a></figcaption>\n</figure>"
        }
        return renderer
    }

    /// The markup of the SVG file `source` names, relative to `directory`, when it is a local
    /// `.svg` inside the results directory that ``SVGInliner`` accepts; nil otherwise.
    static func inlineSVG(_ source: String, in directory: URL, root: URL) -> String? {
        guard LinkResolver.scheme(of: source) == nil, !source.hasPrefix("/"), !source.hasPrefix("#"),
              let path = source.removingPercentEncoding, path.lowercased().hasSuffix(".svg") else { return nil }
        // Symbolic links resolved: a link inside the folder to a file outside it was inlined.
        let url = directory.appendingPathComponent(path).standardizedFileURL.resolvingSymlinksInPath()
        guard ResultsFolder.relativePath(of: url, under: root.standardizedFileURL.resolvingSymlinksInPath()) != nil,
              let data = try? Data(contentsOf: url) else { return nil }
        return SVGInliner.inlineMarkup(String(decoding: data, as: UTF8.self))
    }

    /// A report's title: the text of its first heading, else its folder's name.
    func title(of section: Section) -> String {
        let report = section.report
        for block in section.blocks {
            if case let .heading(_, text) = block {
                return MarkdownInlineParser.parse(text).map(\.plainText).joined()
            }
        }
        return report.path.isEmpty ? folder.root.lastPathComponent : report.path
    }

    /// What a report's section id is made from: its folder's path with `/` read as `-`
    /// (`beta/nested` → `beta-nested`), or the results directory's name for a report at the top.
    func sectionName(of report: ResultsFolder.Report) -> String {
        report.path.isEmpty ? folder.root.lastPathComponent : report.path.replacing("/", with: "-")
    }

    /// A report's folder as shown: `a1/`, or `./` for the results directory itself.
    func folderLabel(_ report: ResultsFolder.Report) -> String {
        report.path.isEmpty ? "./" : report.path + "/"
    }
}

/// A file of a report folder that the page leaves unread, and why in one line: a `report.json`
/// over ``RegularFile/reportLimit`` or one ``VerdictSummary/read(_:)`` cannot read (it showed
/// no verdicts without a word), a `report.md` over the limit (it refused the whole page).
struct UnreadFile: Equatable {
    /// `report.json` or `report.md`.
    var name: String
    /// Why, following the name: "could not be read: it is not JSON at byte offset 0", "is 16,777,217 bytes, over
    /// the 16,777,216 the page reads".
    var reason: String

    var isJSON: Bool { name == "report.json" }

    /// What the page does without it, for the warning on stderr.
    var consequence: String { isJSON ? "the page shows no verdicts for it" : "the page shows only its files" }

    /// The note in the report's section.
    var pageNote: String {
        isJSON ? "verdicts not read: \(name) \(reason) (the report below states them)"
            : "report not shown: \(name) \(reason) (open it from the files below)"
    }

    /// Every file of `report` left unread, `report.md` first.
    static func all(in report: ResultsFolder.Report) -> [UnreadFile] {
        var unread: [UnreadFile] = []
        if let size = report.unreadMarkdownBytes { unread.append(UnreadFile(name: "report.md", reason: overLimit(size))) }
        if let size = report.unreadJSONBytes {
            unread.append(UnreadFile(name: "report.json", reason: overLimit(size)))
        } else if case .failure(let problem) = report.verdicts {
            unread.append(UnreadFile(name: "report.json", reason: "could not be read: \(problem)"))
        }
        return unread
    }

    private static func overLimit(_ size: Int) -> String {
        "is \(NumberFormat.integer(size)) bytes, over the \(NumberFormat.integer(RegularFile.reportLimit)) the page reads"
    }
}
