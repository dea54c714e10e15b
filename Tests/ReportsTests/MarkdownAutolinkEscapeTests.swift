import Testing
@testable import Reports

/// A bare URL in a name was made a live link by GitHub's extended autolinks, which need no
/// markup: a server `http://e.com` or `www.e.com` in a table cell or a heading. The character
/// the extension looks for is backslash-escaped now (`http\://`, `www\.`), which GitHub and
/// `orrery report`'s page show without the backslash; what the extension does not link keeps
/// its bytes.
@Suite struct MarkdownAutolinkEscapeTests {
    @Test func aSchemesColonIsEscaped() {
        #expect(MarkdownTable.escape("http://e.com") == #"http\://e.com"#)
        #expect(MarkdownTable.escape("see HTTPS://e.com/a and ftp://f.org") == #"see HTTPS\://e.com/a and ftp\://f.org"#)
        #expect(MarkdownTable.escape("(https://e.com)") == #"(https\://e.com)"#)
        #expect(MarkdownTable.literal("http://e.com") == #"http\://e.com"#)
    }

    @Test func aWordStartingWithWwwDotIsEscaped() {
        #expect(MarkdownTable.escape("www.e.com") == #"www\.e.com"#)
        #expect(MarkdownTable.escape("a WWW.e.com (www.f.org) *www.g.net") == #"a WWW\.e.com (www\.f.org) \*www\.g.net"#)
        #expect(MarkdownTable.literal("www.e.com") == #"www\.e.com"#)
    }

    /// What the extension does not link stays as it was: another scheme, letters run into the
    /// scheme, `www.` inside a word, a colon without `//`, and a URL in a report's code span.
    @Test func whatDoesNotLinkKeepsItsBytes() {
        for text in ["xhttp://e.com", "mailto:a", "s3://bucket", "awww.e.com", "web1.5", "p99: 1.000 s", "http:/e.com", "`http://e.com`", "https:"] {
            #expect(MarkdownTable.escape(text) == text, "\(text)")
        }
    }

    /// The page renders the escaped name as written.
    @Test func thePageShowsTheNameAsWritten() {
        let table = MarkdownTable(columns: [.text("server")], rows: [["http://e.com www.e.com"]])
        #expect(MarkdownHTMLRenderer().render(table.rendered()).contains("<tr><td>http://e.com www.e.com</td></tr>"))
    }
}
