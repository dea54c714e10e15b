import Testing
@testable import Reports

@Suite("MarkdownTable")
struct MarkdownTableTests {
    @Test("pads columns and right-aligns numeric ones, exact bytes")
    func exactBytes() {
        let table = MarkdownTable(
            columns: [.text("server"), .numeric("requests"), .numeric("share")],
            rows: [
                ["Server 1", "3,412", "34.1%"],
                ["Server 2", "101", "1.0%"],
            ]
        )
        #expect(table.rendered() == """
            | server   | requests | share |
            | -------- | -------: | ----: |
            | Server 1 |    3,412 | 34.1% |
            | Server 2 |      101 |  1.0% |

            """)
    }

    @Test("escapes pipes and line breaks so a cell cannot break the table")
    func escapesCells() {
        let table = MarkdownTable(columns: [.text("a"), MarkdownTable.Column("b", alignment: .center)], rows: [["x|y", "1\n2"]])
        #expect(table.rendered() == """
            | a    |   b    |
            | ---- | :----: |
            | x\\|y | 1<br>2 |

            """)
    }

    @Test("keeps columns at least three characters wide, as GFM requires for the rule")
    func minimumWidth() {
        let table = MarkdownTable(columns: [.numeric("n")], rows: [["1"]])
        #expect(table.rendered() == "|   n |\n| --: |\n|   1 |\n")
    }
}
