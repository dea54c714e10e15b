import Testing
@testable import Reports

/// Inline Markdown a hostile or huge report.md is made of, rendered in one pass: `orrery report`
/// reads report.md up to 16 MiB. Each big case was quadratic or worse before (a million `_a`
/// took over a minute, 200,000 of them 25 s); its exact output shows it is still read the same way.
@Suite("Markdown to HTML: inline text in linear time")
struct HTMLInlineLinearTimeTests {
    let renderer = MarkdownHTMLRenderer()

    @Test("underscores inside words and runs that pair with nothing stay text", arguments: [
        ("_a_a_a and a_b_c_d", "_a_a_a and a_b_c_d"),
        ("_a_a_", "<em>a_a</em>"),
        ("*a*a*a*a*a", "<em>a</em>a<em>a</em>a*a"),
        ("**a __b *c _d", "**a __b *c _d"),
    ])
    func smallRuns(markdown: String, html: String) {
        #expect(renderer.render(markdown + "\n") == "<p>\(html)</p>\n")
    }

    @Test("200,000 `_a`: one paragraph of text, as written")
    func intrawordUnderscores() {
        let text = String(repeating: "_a", count: 200_000)
        let html = renderer.render(text + "\n")
        #expect(html.utf8.count == 400_008)
        #expect(html == "<p>\(text)</p>\n")
    }

    @Test("200,001 `*a`: 100,000 emphasis spans, the last star text")
    func alternatingStars() {
        let html = renderer.render(String(repeating: "*a", count: 200_001) + "\n")
        #expect(html == "<p>" + String(repeating: "<em>a</em>a", count: 100_000) + "*a</p>\n")
    }

    @Test("33 openers, then 200,000 closers: 32 spans deep, the outermost opener and the other closers text")
    func closersBeyondTheNestingLimit() {
        let markdown = String(repeating: "*a ", count: 33) + "x" + String(repeating: " a*", count: 200_000)
        let html = renderer.render(markdown + "\n")
        let expected = "<p>*a " + String(repeating: "<em>a ", count: 32) + "x" + String(repeating: " a</em>", count: 32)
            + String(repeating: " a*", count: 200_000 - 32) + "</p>\n"
        #expect(html.utf8.count == 600_332)
        #expect(html == expected)
    }

    @Test("200,000 `[`, unclosed, then one link: each `[` finds its label's end without a scan of its own")
    func unclosedBrackets() {
        let brackets = String(repeating: "[", count: 200_000)
        #expect(renderer.render(brackets + "\n") == "<p>\(brackets)</p>\n")
        #expect(renderer.render(brackets + "](u)\n") == "<p>" + brackets.dropLast() + "<a href=\"u\"></a></p>\n")
        // Each ` [` reads past the links after it until its 1,000 characters run out.
        #expect(renderer.render(String(repeating: "[a](u) [", count: 100_000) + "\n")
            == "<p>" + String(repeating: "<a href=\"u\">a</a> [", count: 100_000) + "</p>\n")
    }

    @Test("a label's end is found past nested labels, escapes and code spans, within 1,000 characters")
    func labelEnds() {
        #expect(renderer.render("[a [b] `]` \\] c](u)\n") == "<p><a href=\"u\">a [b] <code>]</code> ] c</a></p>\n")
        #expect(renderer.render("[[[a]\n") == "<p>[[[a]</p>\n")
        // The inner label closes within its own 1,000 characters but past the outer one's.
        let inner = "[" + String(repeating: "x", count: 998) + "]"
        #expect(renderer.render("[a\(inner)](u)\n") == "<p>[a\(inner)](u)</p>\n")
        // A label of 999 characters holding one of 997 is a link; one more character, text.
        let shorter = "[" + String(repeating: "x", count: 997) + "]"
        #expect(renderer.render("[\(shorter)](u)\n") == "<p><a href=\"u\">\(shorter)</a></p>\n")
        #expect(renderer.render("[\(inner)](u)\n") == "<p>[\(inner)](u)</p>\n")
    }
}
