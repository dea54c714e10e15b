/// Decides whether an SVG file can be pasted into an HTML page as markup, and prepares it.
///
/// An inline chart shows without a request per image and travels with the one page. But inline
/// SVG is part of the page's document: an `id` in one chart can capture another chart's
/// `url(#…)` or `href="#…"` reference, a `<style>` restyles the whole page, and a `<script>`,
/// an event attribute or a link runs or loads things. Rewriting ids safely would mean rewriting
/// every reference and selector, so instead only SVG that needs none of that is inlined: the
/// drawing elements Orrery's charts use, no ids, no event attributes, no links, no `url(…)`.
/// Anything else is shown through `<img src>`, which keeps it in its own document (no scripts,
/// nothing loaded) — still correct, just one more file to fetch.
public enum SVGInliner {
    /// The elements an inlined SVG may contain: shapes, text and titles, nothing that refers to
    /// other elements or other documents.
    public static let allowedElements: Set<String> = [
        "svg", "g", "title", "desc", "rect", "circle", "ellipse", "line", "polyline", "polygon", "path", "text", "tspan",
    ]

    /// SVG files larger than this are linked rather than inlined, to keep the page light.
    public static let maximumBytes = 1_000_000

    /// The namespace declarations removed from the root element: an HTML parser puts `<svg>` in
    /// the SVG namespace by itself, and without them the page names no external URL at all.
    static let namespaceDeclarations = [
        " xmlns=\"http://www.w3.org/2000/svg\"", " xmlns:xlink=\"http://www.w3.org/1999/xlink\"",
    ]

    /// `svg` ready to paste into HTML — XML declaration, doctype and leading comments removed,
    /// namespace declarations dropped from the root — or nil if it is not safe to inline.
    ///
    /// - Complexity: O(n) in the length of `svg`.
    public static func inlineMarkup(_ svg: String) -> String? {
        guard svg.utf8.count <= maximumBytes, var markup = withoutProlog(svg) else { return nil }
        while markup.last?.isWhitespace == true { markup.removeLast() }
        guard markup.hasPrefix("<svg"), markup.hasSuffix("</svg>"), isSafe(markup),
              let rootEnd = markup.firstIndex(of: ">") else { return nil }
        var root = String(markup[...rootEnd])
        for declaration in namespaceDeclarations {
            root = root.replacing(declaration, with: "")
        }
        return root + markup[markup.index(after: rootEnd)...]
    }

    /// `svg` without a byte-order mark, XML declaration, doctype and comments before its root
    /// element; nil when the doctype declares an internal subset (entities could expand to
    /// anything).
    static func withoutProlog(_ svg: String) -> String? {
        var rest = Substring(svg)
        if rest.first == "\u{FEFF}" { rest = rest.dropFirst() }
        while true {
            rest = rest.drop { $0.isWhitespace }
            if rest.hasPrefix("<?xml"), let end = rest.firstRange(of: "?>") {
                rest = rest[end.upperBound...]
            } else if rest.hasPrefix("<!--"), let end = rest.firstRange(of: "-->") {
                rest = rest[end.upperBound...]
            } else if rest.uppercased().hasPrefix("<!DOCTYPE"), let end = rest.firstIndex(of: ">") {
                guard !rest[..<end].contains("[") else { return nil }
                rest = rest[rest.index(after: end)...]
            } else {
                return String(rest)
            }
        }
    }

    /// Whether every tag in `markup` is an allowed element with only harmless attributes, and
    /// nothing but comments besides tags and text.
    static func isSafe(_ markup: String) -> Bool {
        var scanner = SVGTagScanner(markup)
        while let tag = scanner.nextTag() {
            switch tag {
            case .invalid:
                return false
            case .comment:
                continue
            case let .end(name):
                // `</p>` and `</br>` leave SVG for HTML in an HTML parser.
                guard allowedElements.contains(name) else { return false }
            case let .start(name, attributes):
                guard allowedElements.contains(name) else { return false }
                guard attributes.allSatisfy(isHarmless) else { return false }
            }
        }
        return true
    }

    /// Whether an attribute can be inlined: no id (ids would collide across charts), no event
    /// handler, no link, no style, and a value with no function but a `transform`'s, no `url(…)`,
    /// and nothing an HTML parser or CSS would decode first (`&#117;rl(` and `\75 rl(` are
    /// `url(` to the page).
    static func isHarmless(_ attribute: SVGTagScanner.Attribute) -> Bool {
        let name = attribute.name.lowercased()
        if name == "id" || name.hasPrefix("on") || name == "href" || name.hasSuffix(":href") || name == "style" {
            return false
        }
        let value = attribute.value
        if value.contains(where: { "&\\<>`".contains($0) }) { return false }
        if value.contains("(") && name != "transform" { return false }
        return !value.lowercased().contains("url(")
    }
}
