import Testing
@testable import Reports

/// A column declared as a user's text (``MarkdownTable/Column/userText(_:)``) takes each cell
/// `append(_:)` gives it as ``MarkdownTable/Cell/text(_:)``: a server ``k`` or `*b*` is neither
/// code nor emphasis, while the other columns keep the report's own Markdown (its code spans,
/// its `**no**`). A heading holding a user's name (`duplicates for <group>`) is text too.
@Suite struct MarkdownTableUserTextColumnTests {
    @Test func aUserTextColumnShowsItsCellsAsWritten() {
        var table = MarkdownTable(columns: [.userText("server"), .text("note"), .numeric("n")])
        table.append(["`k`", "`own` code", "1"])
        table.append(["*b*", "**no**", "2"])
        table.append(["a|b", "—", "3"])
        table.append(["<i>x</i>", "`a|b`", "4"])
        #expect(table.rendered() == #"""
            | server     | note       |   n |
            | ---------- | ---------- | --: |
            | \`k\`      | `own` code |   1 |
            | \*b\*      | **no**     |   2 |
            | a\|b       | —          |   3 |
            | \<i>x\</i> | `a\|b`     |   4 |

            """#)
        #expect(table.rows.map(\.first) == ["`k`", "*b*", "a|b", "<i>x</i>"])
    }

    /// An explicit row of cells says for itself what each cell is, whatever the column.
    @Test func cellsGivenExplicitlyKeepTheirKind() {
        var table = MarkdownTable(columns: [.userText("server"), .text("value")])
        table.append(cells: [.markdown("`own`"), .text("`k`")])
        #expect(table.rendered() == "| server | value |\n| ------ | ----- |\n| `own`  | \\`k\\` |\n")
    }

    /// An ordinary name keeps its bytes: the column changes nothing a plain report shows.
    @Test func anOrdinaryNameKeepsItsBytes() {
        var plain = MarkdownTable(columns: [.text("server"), .numeric("n")])
        var named = MarkdownTable(columns: [.userText("server"), .numeric("n")])
        for row in [["nexus-alpha", "1"], ["round_robin", "2"], ["Server 1 µ", "3"], ["… 3 more", "4"]] {
            plain.append(row)
            named.append(row)
        }
        #expect(named.rendered() == plain.rendered())
    }

    @Test func aHeadingHoldingAUserNameIsText() {
        let table = MarkdownTable(columns: [.text("partition"),
                                            MarkdownTable.Column("duplicates for `g`", alignment: .right, titleHoldsUserText: true),
                                            .numeric("`own`")])
        #expect(table.rendered() == "| partition | duplicates for \\`g\\` | `own` |\n| --------- | -------------------: | ----: |\n")
    }
}
