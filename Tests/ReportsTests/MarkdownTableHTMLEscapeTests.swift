import Testing
@testable import Reports

/// A cell's text stays text: an object key `<br>` was written as a literal `<br>`, which renders
/// as the line break a key holding `\r\n` writes, so the two read the same (the object store
/// checker's finding 4, `e5.yaml`, summary.md's row 8). Outside a code span, a `<` or `&` that
/// could begin markup is backslash-escaped now; a `<` or `&` before a space, a `>`, and anything
/// in a code span are written as they were, so no committed report changes.
@Suite struct MarkdownTableHTMLEscapeTests {
    /// The keys of the checker's `e5.yaml`, as summary.md's list column joins them.
    static let keys = ["  sp  ", "<br>", "a|b", "c`d", #"e\|f"#, "x\r\ny"].joined(separator: ", ")

    static let table = MarkdownTable(columns: [.text("keys"), .text("note")], rows: [
        [keys, "&amp; &#60; <b>bold</b> <https://x.io> <a@b.co>"],
        ["< 3 expected", "Lamping & Veach, p99 > 100 ms"],
        ["`balancer.p99 < 500ms`", "`<Error> & co` then <i>"],
    ])

    @Test func markupIsEscapedAndEverythingElseIsWrittenAsItWas() {
        #expect(Self.table.rendered() == #"""
            | keys                                     | note                                                   |
            | ---------------------------------------- | ------------------------------------------------------ |
            |   sp  , \<br>, a\|b, c`d, e\\\|f, x<br>y | \&amp; \&#60; \<b>bold\</b> \<https\://x.io> \<a@b.co> |
            | < 3 expected                             | Lamping & Veach, p99 > 100 ms                          |
            | `balancer.p99 < 500ms`                   | `<Error> & co` then \<i>                               |

            """#)
    }

    /// Orrery's own page shows the key `<br>` as text and the key holding a line break as a break,
    /// the entities and tags as written, and the code spans whole.
    @Test func thePageShowsTheTextAsWritten() {
        #expect(MarkdownHTMLRenderer().render(Self.table.rendered()) == #"""
            <div class="table-scroll"><table>
            <thead>
            <tr><th>keys</th><th>note</th></tr>
            </thead>
            <tbody>
            <tr><td>sp  , &lt;br&gt;, a|b, c`d, e\|f, x<br>y</td><td>&amp;amp; &amp;#60; &lt;b&gt;bold&lt;/b&gt; &lt;https://x.io&gt; &lt;a@b.co&gt;</td></tr>
            <tr><td>&lt; 3 expected</td><td>Lamping &amp; Veach, p99 &gt; 100 ms</td></tr>
            <tr><td><code>balancer.p99 &lt; 500ms</code></td><td><code>&lt;Error&gt; &amp; co</code> then &lt;i&gt;</td></tr>
            </tbody>
            </table></div>

            """#)
    }

    /// Backticks pair as CommonMark pairs them: a run opens a span closed by the next run of the
    /// same length; a run with none after it is text.
    @Test func codeSpansAreFoundAsCommonMarkPairsThem() {
        #expect(MarkdownTable.escape("``a ` <b>`` <c>") == "``a ` <b>`` \\<c>")
        #expect(MarkdownTable.escape("` <b> ``<c>") == "` \\<b> ``\\<c>")
        #expect(MarkdownTable.escape("`<a>` `<b>` <c>") == "`<a>` `<b>` \\<c>")
        #expect(MarkdownTable.escape("<") == "<" && MarkdownTable.escape("&") == "&")
    }
}
