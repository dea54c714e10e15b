import Testing
@testable import Reports

@Suite("Markdown to HTML: blocks")
struct HTMLMarkdownBlockTests {
    let renderer = MarkdownHTMLRenderer()

    @Test("a pipe table keeps each column's alignment, exact bytes")
    func tableAlignment() {
        let markdown = """
            | server | requests | share | mark |
            | ------ | -------: | :---- | :--: |
            | S1     |    3,412 | 34.1% |  ✓   |
            """
        #expect(renderer.render(markdown) == """
            <div class="table-scroll"><table>
            <thead>
            <tr><th>server</th><th class="align-right">requests</th><th class="align-left">share</th><th class="align-center">mark</th></tr>
            </thead>
            <tbody>
            <tr><td>S1</td><td class="align-right">3,412</td><td class="align-left">34.1%</td><td class="align-center">✓</td></tr>
            </tbody>
            </table></div>

            """)
    }

    /// Trailing spaces are found from the end in UTF-8 bytes: a cell or a line ending in
    /// several-byte characters, or in a combining mark after a space, keeps every byte of them.
    @Test("trailing spaces go, several-byte characters before them stay whole")
    func trailingSpacesOfMultibyteText() {
        #expect("é  ".trimmingTrailingSpaces() == "é")
        #expect("日本 ".trimmingTrailingSpaces() == "日本")
        #expect("a \u{301}".trimmingTrailingSpaces() == "a \u{301}")
        #expect("   ".trimmingTrailingSpaces() == "")
        #expect("".trimmingTrailingSpaces() == "")
        #expect("x".trimmingTrailingSpaces() == "x")
        #expect(MarkdownBlockParser.isRule(" - - -") && MarkdownBlockParser.isRule("***") && MarkdownBlockParser.isRule("_ _ _  "))
        #expect(!MarkdownBlockParser.isRule("- - x") && !MarkdownBlockParser.isRule("--") && !MarkdownBlockParser.isRule("| - |")
                && !MarkdownBlockParser.isRule("    ---") && !MarkdownBlockParser.isRule("-*-"))
    }

    @Test("a table cell may hold a pipe as \\| (even in code), inline formatting and MarkdownTable's <br>")
    func tableCells() {
        let markdown = "| a | b |\n| - | - |\n| `x \\| y` | **1**<br>2 |\n| short |\n"
        #expect(renderer.render(markdown) == """
            <div class="table-scroll"><table>
            <thead>
            <tr><th>a</th><th>b</th></tr>
            </thead>
            <tbody>
            <tr><td><code>x | y</code></td><td><strong>1</strong><br>2</td></tr>
            <tr><td>short</td><td></td></tr>
            </tbody>
            </table></div>

            """)
    }

    @Test("a table renders what MarkdownTable writes, cell for cell")
    func roundTripsMarkdownTable() {
        let table = MarkdownTable(columns: [.text("figure"), .numeric("value")], rows: [["a|b", "1"], ["two\nlines", "2"]])
        #expect(renderer.render(table.rendered()).contains(
            "<tr><td>a|b</td><td class=\"align-right\">1</td></tr>\n<tr><td>two<br>lines</td><td class=\"align-right\">2</td></tr>"))
    }

    @Test("ATX headings get ids from their text, unique within the page, shifted a level when asked")
    func headings() {
        var shifted = MarkdownHTMLRenderer()
        shifted.headingShift = 1
        shifted.idPrefix = "a1-"
        var anchors = HeadingAnchors()
        let html = shifted.render("# A-1: *how* 10,000 requests\n## Why\n## Why ##\n###### deep\n#not a heading\n", anchors: &anchors)
        #expect(html == """
            <h2 id="a1-a-1-how-10000-requests">A-1: <em>how</em> 10,000 requests</h2>
            <h3 id="a1-why">Why</h3>
            <h3 id="a1-why-2">Why</h3>
            <h6 id="a1-deep">deep</h6>
            <p>#not a heading</p>

            """)
        #expect(anchors.used == ["a1-a-1-how-10000-requests", "a1-why", "a1-why-2", "a1-deep"])
    }

    @Test("bullet lists are tight unless a blank line parts the items; numbered lists keep their start")
    func lists() {
        #expect(renderer.render("- one\n- `two`\ncontinued\n") == "<ul>\n<li>one</li>\n<li><code>two</code>\ncontinued</li>\n</ul>\n")
        #expect(renderer.render("3. three\n4. four\n") == "<ol start=\"3\">\n<li>three</li>\n<li>four</li>\n</ol>\n")
        #expect(renderer.render("1) a\n\n2) b\n") == "<ol>\n<li>\n<p>a</p>\n</li>\n<li>\n<p>b</p>\n</li>\n</ol>\n")
    }

    @Test("an indented list inside an item nests; a different marker starts a new list")
    func nestedLists() {
        #expect(renderer.render("- outer\n  - inner *x*\n- next\n\n1. number\n") == """
            <ul>
            <li>outer
            <ul>
            <li>inner <em>x</em></li>
            </ul>
            </li>
            <li>next</li>
            </ul>
            <ol>
            <li>number</li>
            </ol>

            """)
    }

    @Test("lists and quotes nest at most 32 deep; deeper markers are text, not calls")
    func nestingIsBounded() {
        func depth(_ blocks: [MarkdownBlock]) -> Int {
            blocks.map { block in
                switch block {
                case .quote(let inner): 1 + depth(inner)
                case .list(let list): 1 + (list.items.map(depth).max() ?? 0)
                default: 0
                }
            }.max() ?? 0
        }
        // A 16 KB line of list markers and 30,000 '>' overflowed the stack.
        let listText = String(repeating: "- ", count: 8_000) + "x\n", quoteText = String(repeating: ">", count: 30_000) + "\n"
        #expect(depth(MarkdownBlockParser.parse(listText)) == 32)
        #expect(depth(MarkdownBlockParser.parse(quoteText)) == 32)
        #expect(renderer.render(listText).contains("- - - x"))
        #expect(renderer.render(quoteText).contains("&gt;&gt;&gt;"))
        // Within the limit nothing changes.
        #expect(depth(MarkdownBlockParser.parse("> > - - x\n")) == 4)
    }

    @Test("fenced code is verbatim and escaped; quotes hold blocks; rules and paragraphs")
    func otherBlocks() {
        let markdown = "```swift\nlet a = b < c && \"d\"\n  **not bold**\n```\n> quoted *text*\n> - item\n\n***\npara\ngraph\n"
        #expect(renderer.render(markdown) == """
            <pre><code class="language-swift">let a = b &lt; c &amp;&amp; &quot;d&quot;
              **not bold**
            </code></pre>
            <blockquote>
            <p>quoted <em>text</em></p>
            <ul>
            <li>item</li>
            </ul>
            </blockquote>
            <hr>
            <p>para
            graph</p>

            """)
    }

    @Test("an unclosed fence runs to the end; tildes fence too")
    func unclosedFence() {
        #expect(renderer.render("~~~\n<b>\n") == "<pre><code>&lt;b&gt;\n</code></pre>\n")
    }

    @Test("Windows line breaks and tabs read like \\n and spaces")
    func lineEndings() {
        #expect(renderer.render("# T\r\n\r\n-\tone\r\n\t- two\r\n") == "<h1 id=\"t\">T</h1>\n<ul>\n<li>one\n<ul>\n<li>two</li>\n</ul>\n</li>\n</ul>\n")
    }

    @Test("an image alone in its paragraph becomes a figure; the page can replace it")
    func standaloneImages() {
        var linked = MarkdownHTMLRenderer()
        linked.links = LinkResolver(base: "a1/")
        #expect(linked.render("![requests per server](requests.svg)\n")
            == "<figure><img src=\"a1/requests.svg\" alt=\"requests per server\"></figure>\n")
        linked.standaloneImage = { source, alt in "<figure>\(source)|\(alt)</figure>" }
        #expect(linked.render("![chart](x.svg)\n\ntext ![inline](y.svg)\n")
            == "<figure>x.svg|chart</figure>\n<p>text <img src=\"a1/y.svg\" alt=\"inline\"></p>\n")
    }
}
