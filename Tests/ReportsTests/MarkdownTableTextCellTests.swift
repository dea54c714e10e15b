import Testing
@testable import Reports

/// A user's text in a table cell keeps its backticks (``MarkdownTable/Cell/text(_:)``), while
/// the report's own code spans stay code: checker U's F6 — an ops key ``k`c`d`` read as a code
/// span `c`. And a backslash in a report's code span is one backslash: an A-3 answer
/// `{"k": "a\"b"}` showed `a\\"b`.
@Suite struct MarkdownTableTextCellTests {
    @Test func aTextCellShowsEveryBacktick() {
        var table = MarkdownTable(columns: [.text("key"), .text("etag")])
        table.append(cells: [.text("k|1*<i>x</i>`c`&amp;"), .markdown("`abc`")])
        #expect(table.rendered() == #"""
            | key                         | etag  |
            | --------------------------- | ----- |
            | k\|1\*\<i>x\</i>\`c\`\&amp; | `abc` |

            """#)
        #expect(table.rows == [["k|1*<i>x</i>`c`&amp;", "`abc`"]])
    }

    @Test func aBackslashInACodeSpanIsOne() {
        #expect(MarkdownTable.escape(#"{"k": "a\"b"}"#.markdownCode) == #"`{"k": "a\"b"}`"#)
        // Before a `|` it stays doubled, the spelling both readers keep in one cell.
        #expect(MarkdownTable.escape(#"`a\|b`"#) == #"`a\\\|b`"#)
        // Outside a code span a backslash is escaped, as before.
        #expect(MarkdownTable.escape(#"a\"b"#) == #"a\\"b"#)
    }
}
