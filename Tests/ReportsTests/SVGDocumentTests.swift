import Testing
@testable import Reports

@Suite("SVGDocument")
struct SVGDocumentTests {
    @Test("escapes the five XML special characters")
    func escapesSpecialCharacters() {
        #expect(SVGDocument.escape("a & b < c > d \"e\" 'f'") == "a &amp; b &lt; c &gt; d &quot;e&quot; &apos;f&apos;")
    }

    @Test("replaces characters XML 1.0 cannot carry and keeps tabs and newlines")
    func replacesForbiddenCharacters() {
        #expect(SVGDocument.escape("a\u{0}b\u{1F}c\u{FFFE}d") == "a\u{FFFD}b\u{FFFD}c\u{FFFD}d")
        #expect(SVGDocument.escape("a\tb\nc") == "a\tb\nc")
        #expect(SVGDocument.escape("\u{FFFF}\r") == "\u{FFFD}\r")
    }

    @Test("returns text with nothing to escape as it is, past characters whose UTF-8 starts like U+FFFE")
    func keepsTextWithNothingToEscape() {
        for text in ["", "12.5", "s-1 p99 (ms)", "zürich · 東京", "\u{FFFC}\u{FFFD}\u{F8FF}", "\u{1F600}"] {
            #expect(SVGDocument.escape(text) == text)
        }
        #expect(SVGDocument.escape("\u{FFFC}<\u{FFFE}") == "\u{FFFC}&lt;\u{FFFD}")
    }

    @Test("writes attributes in the order given and numbers with at most two decimals")
    func serialisesDeterministically() {
        var document = SVGDocument(size: .init(width: 300, height: 200), title: "t")
        // 1.005 is a decimal tie whose double lies just below it: rounded as the tie, away from zero.
        document.rect(x: 1.005, y: 2.5, width: 10, height: 1 / 3, fill: "#000000", tooltip: "a<b")
        document.text("hi", x: 10, y: 20, size: 11, anchor: .middle, rotation: -45)
        #expect(document.xml() == """
            <?xml version="1.0" encoding="UTF-8"?>
            <svg xmlns="http://www.w3.org/2000/svg" width="300" height="200" viewBox="0 0 300 200" font-family="sans-serif" role="img">
            <title>t</title>
            <rect x="0" y="0" width="300" height="200" fill="#FFFFFF"/>
            <rect x="1.01" y="2.5" width="10" height="0.33" fill="#000000"><title>a&lt;b</title></rect>
            <text x="10" y="20" font-size="11" text-anchor="middle" fill="#222222" transform="rotate(-45 10 20)">hi</text>
            </svg>

            """)
    }

    @Test("nests a drawing as an svg element at an offset")
    func nests() {
        var outer = SVGDocument(size: .init(width: 400, height: 300), title: "outer")
        outer.embed(SVGDocument(size: .init(width: 200, height: 150), title: "inner"), x: 10, y: 20)
        #expect(outer.xml().contains("<svg x=\"10\" y=\"20\" width=\"200\" height=\"150\" viewBox=\"0 0 200 150\">\n<title>inner</title>"))
    }
}
