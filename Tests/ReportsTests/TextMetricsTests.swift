import Testing
@testable import Reports

@Suite("TextMetrics")
struct TextMetricsTests {
    @Test("measures with DejaVu Sans advance widths")
    func measures() {
        #expect(abs(TextMetrics.width(of: "3,333", fontSize: 10) - (4 * 6.36 + 3.18)) < 0.01)
        #expect(TextMetrics.width(of: "", fontSize: 10) == 0)
        #expect(TextMetrics.width(of: "W", fontSize: 10, bold: true) > TextMetrics.width(of: "W", fontSize: 10))
    }

    @Test("wraps at spaces within the width and cuts what exceeds the line limit")
    func wraps() {
        let lines = TextMetrics.wrap("one two three four five six", fontSize: 10, maxWidth: 60, maxLines: 2)
        #expect(lines.count == 2)
        #expect(lines[0] == "one two")
        #expect(lines[1].hasSuffix("…"))
        #expect(lines.allSatisfy { TextMetrics.width(of: $0, fontSize: 10) <= 60 })
    }

    @Test("truncates with an ellipsis only when the text does not fit")
    func truncates() {
        #expect(TextMetrics.truncate("short", fontSize: 10, maxWidth: 100) == "short")
        let cut = TextMetrics.truncate("a rather long category name", fontSize: 10, maxWidth: 60)
        #expect(cut.hasSuffix("…"))
        #expect(TextMetrics.width(of: cut, fontSize: 10) <= 60)
    }
}
