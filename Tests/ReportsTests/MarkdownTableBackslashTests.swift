import Testing
@testable import Reports

/// A name may hold `\` and `|` (topics, producers, object keys; only control characters are
/// refused). A table cell escaped `|` as `\|` but left a backslash as it was, so `pr\|x` wrote
/// `pr\\|x`, whose `\\` is an escaped backslash and whose pipe ends the cell: Orrery's own page
/// read the row as 6 cells under 5 headers (C1's F5). A backslash is written `\\` now.
@Suite struct MarkdownTableBackslashTests {
    static let table = MarkdownTable(columns: [.text("producer"), .text("topic"), .numeric("sent")],
                                     rows: [[#"pr\|x"#, #"tö,p|ic"\"#, "300"], [#"a\b"#, #"\"#, "1"]])

    @Test func aBackslashIsEscapedAsABackslash() {
        #expect(Self.table.rendered() == #"""
            | producer | topic       | sent |
            | -------- | ----------- | ---: |
            | pr\\\|x  | tö,p\|ic"\\ |  300 |
            | a\\b     | \\          |    1 |

            """#)
    }

    /// The page's table reader splits the row into its three cells, and its inline reader shows
    /// each name as it was.
    @Test func thePageReadsEachNameBackWhole() {
        let lines = Self.table.rendered().split(separator: "\n").map(String.init)
        #expect(MarkdownBlockParser.cells(of: lines[2]) == [#"pr\\|x"#, #"tö,p|ic"\\"#, "300"])
        #expect(MarkdownBlockParser.cells(of: lines[3]) == [#"a\\b"#, #"\\"#, "1"])
        #expect(MarkdownHTMLRenderer().render(Self.table.rendered()) == #"""
            <div class="table-scroll"><table>
            <thead>
            <tr><th>producer</th><th>topic</th><th class="align-right">sent</th></tr>
            </thead>
            <tbody>
            <tr><td>pr\|x</td><td>tö,p|ic&quot;\</td><td class="align-right">300</td></tr>
            <tr><td>a\b</td><td>\</td><td class="align-right">1</td></tr>
            </tbody>
            </table></div>

            """#)
    }
}
