/// Renders the Markdown subset of Orrery's reports as HTML: headings with ids, paragraphs, pipe
/// tables with their alignment, lists, code, quotes, emphasis, links and images.
///
/// Every piece of text is escaped with ``HTMLText/escape(_:)``; no markup in the Markdown
/// reaches the page except the `<br>` that ``MarkdownTable`` writes. Each block ends with a
/// line break, so the output is stable and easy to compare.
///
/// ```swift
/// var renderer = MarkdownHTMLRenderer()
/// renderer.headingShift = 1
/// renderer.render("# A-1\n\n| n |\n| -: |\n| 3 |\n")
/// // <h2 id="a-1">A-1</h2>
/// // <div class="table-scroll"><table>
/// // …
/// ```
public struct MarkdownHTMLRenderer {
    /// Added to every heading's level, up to `<h6>`: 1 turns a report's `#` title into an
    /// `<h2>` under the page's own `<h1>`.
    public var headingShift = 0
    /// Put in front of every heading's slug to make its id, so that the same heading in two
    /// reports on one page gets two ids.
    public var idPrefix = ""
    /// Where links and image sources point on the page.
    public var links = LinkResolver()
    /// The HTML for an image that stands alone in its paragraph, given its source as written and
    /// its alt text, or nil for the default `<figure><img …></figure>`. The page uses it to paste
    /// a chart's SVG in place.
    public var standaloneImage: (_ source: String, _ alt: String) -> String? = { _, _ in nil }

    /// A renderer with no heading shift, no id prefix and links as written.
    public init() {}

    /// `markdown` as HTML, its heading ids fresh.
    public func render(_ markdown: String) -> String {
        var anchors = HeadingAnchors()
        return render(markdown, anchors: &anchors)
    }

    /// `markdown` as HTML, taking its heading ids from `anchors` so that they are unique on the
    /// whole page.
    public func render(_ markdown: String, anchors: inout HeadingAnchors) -> String {
        renderBlocks(markdown, anchors: &anchors).joined()
    }

    /// The HTML of each top-level block of `markdown`, in order, each ending in `\n`: the page
    /// inserts its own lines after a report's title.
    public func renderBlocks(_ markdown: String, anchors: inout HeadingAnchors) -> [String] {
        renderBlocks(MarkdownBlockParser.parse(markdown), anchors: &anchors)
    }

    /// The same for blocks already parsed.
    func renderBlocks(_ blocks: [MarkdownBlock], anchors: inout HeadingAnchors) -> [String] {
        blocks.map { html(for: $0, anchors: &anchors) + "\n" }
    }

    /// One block's HTML, without a trailing line break.
    func html(for block: MarkdownBlock, anchors: inout HeadingAnchors) -> String {
        switch block {
        case let .heading(level, text):
            let inlines = MarkdownInlineParser.parse(text)
            let id = anchors.claim(idPrefix + inlines.map(\.plainText).joined())
            let tag = "h\(min(max(level + headingShift, 1), 6))"
            return "<\(tag) id=\"\(HTMLText.escape(id))\">\(html(for: inlines))</\(tag)>"
        case let .paragraph(text):
            let inlines = MarkdownInlineParser.parse(text)
            if inlines.count == 1, case let .image(source, alt) = inlines[0] {
                return figure(source: source, alt: alt)
            }
            return "<p>\(html(for: inlines))</p>"
        case let .table(table):
            return html(for: table)
        case let .list(list):
            return html(for: list, anchors: &anchors)
        case let .code(language, text):
            let language = language.isEmpty ? "" : " class=\"language-\(HTMLText.escape(language))\""
            return "<pre><code\(language)>\(HTMLText.escape(text))</code></pre>"
        case let .quote(blocks):
            let inner = blocks.map { html(for: $0, anchors: &anchors) + "\n" }.joined()
            return "<blockquote>\n\(inner)</blockquote>"
        case .rule:
            return "<hr>"
        }
    }

    /// An image alone in its paragraph: what ``standaloneImage`` makes of it, or a figure
    /// holding an `<img>`.
    func figure(source: String, alt: String) -> String {
        if let html = standaloneImage(source, alt) { return html }
        guard LinkResolver.isLocal(source) else { return "<p>\(html(for: .image(source: source, alt: alt)))</p>" }
        guard let resolved = links.resolve(source) else { return "<p>\(HTMLText.escape(alt))</p>" }
        return "<figure><img src=\"\(HTMLText.escape(resolved))\" alt=\"\(HTMLText.escape(alt))\"></figure>"
    }

    /// A table inside a horizontally scrolling box, so that a wide table scrolls instead of
    /// widening the page.
    func html(for table: MarkdownTableBlock) -> String {
        func row(_ cells: [String], tag: String) -> String {
            let html = cells.indices.map { column in
                let alignment = table.alignments[column].map { " class=\"align-\($0.cssName)\"" } ?? ""
                return "<\(tag)\(alignment)>\(self.html(for: MarkdownInlineParser.parse(cells[column])))</\(tag)>"
            }
            return "<tr>" + html.joined() + "</tr>\n"
        }
        var html = "<div class=\"table-scroll\"><table>\n<thead>\n" + row(table.header, tag: "th") + "</thead>\n"
        if !table.rows.isEmpty {
            html += "<tbody>\n" + table.rows.map { row($0, tag: "td") }.joined() + "</tbody>\n"
        }
        return html + "</table></div>"
    }

    /// A list; in a tight list an item's paragraphs show without `<p>`, as CommonMark renders it.
    func html(for list: MarkdownList, anchors: inout HeadingAnchors) -> String {
        let open = list.ordered ? (list.start == 1 ? "<ol>" : "<ol start=\"\(list.start)\">") : "<ul>"
        var html = open + "\n"
        for item in list.items {
            let parts = item.map { block -> (html: String, bare: Bool) in
                if list.tight, case let .paragraph(text) = block {
                    return (self.html(for: MarkdownInlineParser.parse(text)), true)
                }
                return (self.html(for: block, anchors: &anchors), false)
            }
            let leading = parts.first?.bare == false ? "\n" : ""
            let trailing = parts.last?.bare == false ? "\n" : ""
            html += "<li>" + leading + parts.map(\.html).joined(separator: "\n") + trailing + "</li>\n"
        }
        return html + (list.ordered ? "</ol>" : "</ul>")
    }

    /// Inline content as HTML.
    func html(for inlines: [MarkdownInline]) -> String {
        inlines.map(html(for:)).joined()
    }

    /// One inline as HTML.
    func html(for inline: MarkdownInline) -> String {
        switch inline {
        case let .text(text):
            return HTMLText.escape(text)
        case let .code(code):
            return "<code>\(HTMLText.escape(code))</code>"
        case let .emphasis(children):
            return "<em>\(html(for: children))</em>"
        case let .strong(children):
            return "<strong>\(html(for: children))</strong>"
        case let .link(destination, children):
            guard let href = links.resolve(destination) else { return html(for: children) }
            return "<a href=\"\(HTMLText.escape(href))\">\(html(for: children))</a>"
        case let .image(source, alt):
            guard let src = links.resolve(source) else { return HTMLText.escape(alt) }
            // An image on the network is linked, not loaded: the page needs no network.
            guard LinkResolver.isLocal(source) else { return "<a href=\"\(HTMLText.escape(src))\">\(HTMLText.escape(alt.isEmpty ? source : alt))</a>" }
            return "<img src=\"\(HTMLText.escape(src))\" alt=\"\(HTMLText.escape(alt))\">"
        case .lineBreak:
            return "<br>"
        }
    }
}

extension MarkdownTable.Alignment {
    /// The suffix of the cell's CSS class: `align-left`, `align-right`, `align-center`.
    var cssName: String {
        switch self {
        case .left: "left"
        case .right: "right"
        case .center: "center"
        }
    }
}
