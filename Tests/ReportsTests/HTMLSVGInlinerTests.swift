import Foundation
import Testing
@testable import Reports

@Suite("SVG inlining")
struct HTMLSVGInlinerTests {
    @Test("an Orrery chart inlines without its XML declaration and namespace")
    func inlinesCharts() {
        let svg = """
            <?xml version="1.0" encoding="UTF-8"?>
            <svg xmlns="http://www.w3.org/2000/svg" width="10" height="5" viewBox="0 0 10 5" role="img">
            <title>a &amp; b</title>
            <svg x="1" y="1" width="4" height="4" viewBox="0 0 4 4"><rect x="0" y="0" width="4" height="4" fill="#FFFFFF"/></svg>
            <text x="1" y="2" font-size="11">&lt;5</text>
            </svg>

            """
        #expect(SVGInliner.inlineMarkup(svg) == """
            <svg width="10" height="5" viewBox="0 0 10 5" role="img">
            <title>a &amp; b</title>
            <svg x="1" y="1" width="4" height="4" viewBox="0 0 4 4"><rect x="0" y="0" width="4" height="4" fill="#FFFFFF"/></svg>
            <text x="1" y="2" font-size="11">&lt;5</text>
            </svg>
            """)
    }

    @Test("a doctype and comments before the root are dropped")
    func dropsProlog() {
        let svg = "\u{FEFF}<?xml version=\"1.0\"?>\n<!-- made by hand -->\n<!DOCTYPE svg PUBLIC \"-//W3C//DTD SVG 1.1//EN\" \"x.dtd\">\n<svg><!-- inside --><g/></svg>"
        #expect(SVGInliner.inlineMarkup(svg) == "<svg><!-- inside --><g/></svg>")
    }

    @Test("SVG that could collide with or act on the page is not inlined", arguments: [
        "<svg><rect id=\"bar\"/></svg>",
        "<svg><script>alert(1)</script></svg>",
        "<svg><style>body { display: none }</style></svg>",
        "<svg><rect onclick=\"alert(1)\"/></svg>",
        "<svg><use href=\"#bar\"/></svg>",
        "<svg><image xlink:href=\"https://example.org/x.png\"/></svg>",
        "<svg><rect fill=\"url(#gradient)\"/></svg>",
        "<svg><foreignObject><div/></foreignObject></svg>",
        "<svg><![CDATA[x]]></svg>",
        "<!DOCTYPE svg [<!ENTITY e \"x\">]><svg>&e;</svg>",
        "<html><svg/></html>",
        "<svg><rect x=\"1\"",
        "not svg at all",
        // Comments an HTML parser ends where XML does not: the tag after them would run.
        "<svg><!-- --!><img src=x onerror=alert(1)> --></svg>",
        "<svg><!--><img src=x onerror=alert(1)>--></svg>",
        "<svg><!---><img src=x onerror=alert(1)>--></svg>",
        // Leaving SVG for HTML, styles, and url( hidden behind entities or CSS escapes.
        "<svg></p><g/></svg>",
        "<svg><rect style=\"fill: red\"/></svg>",
        "<svg><rect fill=\"&#117;rl(https://example.org/x)\"/></svg>",
        "<svg><rect fill=\"\\75 rl(https://example.org/x)\"/></svg>",
        "<svg><rect fill=\"image-set('https://example.org/x' 1x)\"/></svg>",
    ])
    func rejectsUnsafeSVG(svg: String) {
        #expect(SVGInliner.inlineMarkup(svg) == nil)
    }

    @Test("every committed chart under results/ can be inlined")
    func committedChartsInline() throws {
        let results = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("results")
        let charts = (FileManager.default.enumerator(atPath: results.path)?.compactMap { $0 as? String } ?? [])
            .filter { $0.hasSuffix(".svg") }
        #expect(!charts.isEmpty)
        for chart in charts {
            let svg = try String(contentsOf: results.appendingPathComponent(chart), encoding: .utf8)
            #expect(SVGInliner.inlineMarkup(svg) != nil, "\(chart) would be linked, not inlined")
        }
    }
}
