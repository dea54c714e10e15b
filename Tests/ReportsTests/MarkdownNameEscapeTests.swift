import Testing
@testable import Reports

/// Names from scenario files render as written: emphasis, strikethrough and links in a name
/// are backslash-escaped where they could act, plain names keep their bytes, and a report's own
/// markup in a cell (code spans, a verdict in `**…**`) stays markup.
@Suite struct MarkdownNameEscapeTests {
    @Test func emphasisAndLinksInANameStayText() {
        #expect(MarkdownTable.escape("*bold* _x_ [link](http://e.com) <b>h</b>") == #"\*bold\* \_x\_ [link\](http\://e.com) \<b>h\</b>"#)
        #expect(MarkdownTable.escape("~~gone~~ **x** a*b") == #"\~\~gone\~\~ \*\*x\*\* a\*b"#)
        #expect(MarkdownTable.escape("![i](x.png)") == #"![i\](x.png)"#)
    }

    @Test func plainNamesAndTheReportsOwnMarkupAreUnchanged() {
        for cell in ["round_robin", "weighted_round_robin", "b2, b3 *", "pass rate [95 % CI]", "**does not hold**", "0 … 0.8077 (*clipped*)", "1 … 2 (bootstrap, *clipped*)",
                     "`balancer.success_ratio >= 0.99`", "`{\"n\": 2, \"hostnames\": [\"S30\"]}`", "a_1", "x * y", "status_503"] {
            #expect(MarkdownTable.escape(cell) == cell, "\(cell)")
        }
        // Inside a code span nothing is markup, so nothing is escaped.
        #expect(MarkdownTable.escape("`*a*` *b*") == #"`*a*` \*b\*"#)
    }

    @Test func literalTextEscapesBackticksBackslashesAndAClosingHash() {
        #expect(MarkdownTable.literal(#"servers.0.name="q\"]]>""#) == #"servers.0.name="q\\"]]>""#)
        #expect(MarkdownTable.literal("servers.0.name=<b>bold</b>") == #"servers.0.name=\<b>bold\</b>"#)
        #expect(MarkdownTable.literal("servers.0.name=\"[l](javascript:alert(1))\"") == #"servers.0.name="[l\](javascript:alert(1))""#)
        #expect(MarkdownTable.literal("a `b` c #") == ##"a \`b\` c \#"##)
        #expect(MarkdownTable.literal("a#b, servers.0.slots=2, balancer.strategy=round_robin") == "a#b, servers.0.slots=2, balancer.strategy=round_robin")
        #expect(MarkdownTable.literal("a\nb") == "a b")
    }
}
