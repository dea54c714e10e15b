import Testing
@testable import Reports

@Suite("Markdown to HTML: inline text")
struct HTMLMarkdownInlineTests {
    let renderer = MarkdownHTMLRenderer()

    @Test("HTML in text is escaped, never passed through: <script>, & and quotes")
    func escapesText() {
        #expect(renderer.render("<script>alert(\"x\" & 'y')</script>\n")
            == "<p>&lt;script&gt;alert(&quot;x&quot; &amp; &#39;y&#39;)&lt;/script&gt;</p>\n")
        #expect(renderer.render("# <img src=x onerror=alert(1)>\n")
            == "<h1 id=\"img-srcx-onerroralert1\">&lt;img src=x onerror=alert(1)&gt;</h1>\n")
    }

    /// A NUL or another control character in a report reached the page as it was, which the
    /// HTML parser calls an error; browsers show U+FFFD for a NUL.
    @Test("control characters become U+FFFD; tab, line feed and carriage return stay")
    func replacesControlCharacters() {
        #expect(HTMLText.escape("a\u{0}b\u{1B}[31mc\u{7F}d\u{85}e") == "a\u{FFFD}b\u{FFFD}[31mc\u{FFFD}d\u{FFFD}e")
        #expect(HTMLText.escape("a\tb\nc\rd\u{0C}e é 🙂") == "a\tb\nc\rd\u{0C}e é 🙂")
        #expect(renderer.render("x\u{0}y `z\u{0}`\n") == "<p>x\u{FFFD}y <code>z\u{FFFD}</code></p>\n")
    }

    @Test("code spans are verbatim and escaped, emphasis inside them is text")
    func codeSpans() {
        #expect(renderer.render("`{\"message\": \"<Error> *x*\"}` and `` a`b ``\n")
            == "<p><code>{&quot;message&quot;: &quot;&lt;Error&gt; *x*&quot;}</code> and <code>a`b</code></p>\n")
    }

    @Test("nested emphasis pairs the right delimiters", arguments: [
        ("**bold *and italic* bold**", "<strong>bold <em>and italic</em> bold</strong>"),
        ("*italic **and bold** italic*", "<em>italic <strong>and bold</strong> italic</em>"),
        ("***both***", "<em><strong>both</strong></em>"),
        ("__strong__ and _em_", "<strong>strong</strong> and <em>em</em>"),
        ("**What would make it hold:** x", "<strong>What would make it hold:</strong> x"),
    ])
    func nestedEmphasis(markdown: String, html: String) {
        #expect(renderer.render(markdown) == "<p>\(html)</p>\n")
    }

    /// Each as commonmark.py 0.9.1 renders it (CommonMark's rule of three and nearest-opener
    /// pairing), and a paragraph of 3,000 lines of emphasis in one pass.
    @Test("emphasis pairs as CommonMark's reference does", arguments: [
        ("*foo**bar**baz*", "<em>foo<strong>bar</strong>baz</em>"),
        ("*foo**bar*", "<em>foo**bar</em>"),
        ("**foo*bar*baz**", "<strong>foo<em>bar</em>baz</strong>"),
        ("foo***bar***baz", "foo<em><strong>bar</strong></em>baz"),
        ("*a **b** c* **d *e* f**", "<em>a <strong>b</strong> c</em> <strong>d <em>e</em> f</strong>"),
        ("_foo_bar_", "<em>foo_bar</em>"),
        ("*foo *bar**", "<em>foo <em>bar</em></em>"),
        ("**foo*", "*<em>foo</em>"),
        ("*foo**", "<em>foo</em>*"),
        ("*(*foo*)*", "<em>(<em>foo</em>)</em>"),
        ("**a *b** c*", "<em><em>a <em>b</em></em> c</em>"),
        ("*a **b* c**", "<em>a <em><em>b</em> c</em></em>"),
        ("a **b *c** d* e", "a <em><em>b <em>c</em></em> d</em> e"),
    ])
    func commonMarkEmphasis(markdown: String, html: String) {
        #expect(renderer.render(markdown) == "<p>\(html)</p>\n")
    }

    @Test("a long paragraph of emphasis pairs every run")
    func longParagraph() {
        let lines = (0..<3_000).map { "line \($0) with *some* **markup** and _more_" }
        let html = renderer.render(lines.joined(separator: "\n") + "\n")
        #expect(html.components(separatedBy: "<em>").count - 1 == 6_000)
        #expect(html.components(separatedBy: "<strong>").count - 1 == 3_000)
        #expect(!html.contains("*") && !html.contains(" _"))
    }

    @Test("underscores inside words and lone stars are text", arguments: [
        ("http_503 in proxy_next_upstream", "http_503 in proxy_next_upstream"),
        ("3 * 4 * 5", "3 * 4 * 5"),
        ("**unclosed", "**unclosed"),
        ("a*b", "a*b"),
        ("\\*not emphasis\\*", "*not emphasis*"),
    ])
    func literalDelimiters(markdown: String, html: String) {
        #expect(renderer.render(markdown) == "<p>\(html)</p>\n")
    }

    @Test("links are relative to the report's folder; fragments get the section's prefix")
    func links() {
        var resolved = MarkdownHTMLRenderer()
        resolved.links = LinkResolver(base: "a1/", fragmentPrefix: "a1-")
        #expect(resolved.render("[the *CSV*](requests.csv), [why](#why), [web](https://example.org/a?b=1&c=2)\n")
            == "<p><a href=\"a1/requests.csv\">the <em>CSV</em></a>, <a href=\"#a1-why\">why</a>, <a href=\"https://example.org/a?b=1&amp;c=2\">web</a></p>\n")
    }

    @Test("code spans close at the next run of their length; unclosed runs and brackets stay text")
    func unclosedRunsAndBrackets() {
        #expect(renderer.render("`a` ``b`c`` `d ``` e\n") == "<p><code>a</code> <code>b`c</code> `d ``` e</p>\n")
        #expect(renderer.render("\\``x`` `y`\n") == "<p>`<code>x`` </code>y`</p>\n")
        // Runs of 1 … 100 backticks, none closed, and 1,200 nested brackets: all text.
        let ticks = (1...100).map { String(repeating: "`", count: $0) }.joined(separator: " ")
        #expect(renderer.render(ticks + "\n") == "<p>\(ticks)</p>\n")
        let brackets = String(repeating: "[", count: 1_200) + String(repeating: "]", count: 1_200)
        #expect(renderer.render(brackets + "\n") == "<p>\(brackets)</p>\n")
        // A label of at most 1,000 characters makes a link; a longer one stays text.
        let label = String(repeating: "x", count: 999)
        #expect(renderer.render("[\(label)](u)\n") == "<p><a href=\"u\">\(label)</a></p>\n")
        #expect(renderer.render("[\(label)x](u)\n") == "<p>[\(label)x](u)</p>\n")
    }

    @Test("an image on the network is a link to it, not loaded: the page needs no network")
    func networkImagesAreLinked() {
        #expect(renderer.render("![chart](https://example.org/c.png)\n") == "<p><a href=\"https://example.org/c.png\">chart</a></p>\n")
        #expect(renderer.render("see ![](//example.org/c.png) here\n") == "<p>see <a href=\"//example.org/c.png\">//example.org/c.png</a> here</p>\n")
        #expect(renderer.render("![local](c.svg)\n") == "<figure><img src=\"c.svg\" alt=\"local\"></figure>\n")
    }

    @Test("a link or image with an unsafe scheme is shown as text")
    func unsafeLinks() {
        #expect(renderer.render("[click](javascript:alert(1)) ![x](data:image/svg+xml,<svg>)\n") == "<p>click x</p>\n")
    }

    @Test("emphasis and links nest at most 32 deep; deeper delimiters and brackets stay text")
    func nestingIsBounded() {
        // 70,000 stars, a letter, 70,000 stars: 32 strong spans around the letter, the rest text.
        let stars = String(repeating: "*", count: 70_000)
        let deep = renderer.render("\(stars)x\(stars)\n")
        let strongSpans = String(repeating: "<strong>", count: 32) + "x" + String(repeating: "</strong>", count: 32)
        let rest = String(repeating: "*", count: 70_000 - 64)
        #expect(deep == "<p>\(rest)\(strongSpans)\(rest)</p>\n")
        // `*a *a … x … a* a*`, 40 deep: the 32 innermost pairs are emphasis, the rest text.
        func nested(_ depth: Int, text outer: Int = 0) -> (markdown: String, html: String) {
            let markdown = String(repeating: "*a ", count: depth) + "x" + String(repeating: " a*", count: depth)
            let html = String(repeating: "*a ", count: outer) + String(repeating: "<em>a ", count: depth - outer) + "x"
                + String(repeating: " a</em>", count: depth - outer) + String(repeating: " a*", count: outer)
            return (markdown, html)
        }
        let forty = nested(40, text: 8)
        #expect(renderer.render(forty.markdown + "\n") == "<p>\(forty.html)</p>\n")
        // A link is one level: around 31 levels of emphasis all of them stay; around 32 the
        // outermost pair stays text.
        let (inside31, inside32) = (nested(31), nested(32, text: 1))
        #expect(renderer.render("[\(inside31.markdown)](u)\n") == "<p><a href=\"u\">\(inside31.html)</a></p>\n")
        #expect(renderer.render("[\(inside32.markdown)](u)\n") == "<p><a href=\"u\">\(inside32.html)</a></p>\n")
        // 100 links one inside another: the 32 outermost are links, the rest of the label text
        // (900, each refused for its depth and its label read again, took minutes).
        let inner = String(repeating: "[", count: 68) + "x" + String(repeating: "](u)", count: 68)
        let links = String(repeating: "[", count: 32) + inner + String(repeating: "](u)", count: 32)
        let anchors = String(repeating: "<a href=\"u\">", count: 32) + inner + String(repeating: "</a>", count: 32)
        #expect(renderer.render(links + "\n") == "<p>\(anchors)</p>\n")
    }

    @Test("a link destination holds at most 32 unclosed parentheses; 20,000 images in a row stay text")
    func destinationParenthesesAreBounded() {
        let open = String(repeating: "(", count: 32), close = String(repeating: ")", count: 32)
        #expect(renderer.render("[a](u\(open)v\(close))\n") == "<p><a href=\"u\(open)v\(close)\">a</a></p>\n")
        #expect(renderer.render("[a](u\(open)(v\(close)))\n") == "<p>[a](u\(open)(v\(close)))</p>\n")
        // Each `![a](` opened one more parenthesis of the destination before: scanned to the end of
        // the text from every one, quadratic (three minutes for 100 KB).
        let images = String(repeating: "![a](", count: 20_000)
        #expect(renderer.render(images + "\n") == "<p>\(images)</p>\n")
    }

    @Test("brackets that are no link stay text")
    func notLinks() {
        #expect(renderer.render("[a] [b] (c) [d](e f)\n") == "<p>[a] [b] (c) [d](e f)</p>\n")
    }
}
