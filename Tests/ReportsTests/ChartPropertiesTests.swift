import Testing
@testable import Reports

/// Properties every chart type must have, checked on a sample of each.
@Suite("Every chart")
struct ChartPropertiesTests {
    @Test("is well-formed XML with a viewBox, a size and a sans-serif font", arguments: ChartSample.all)
    func isWellFormedSVG(sample: ChartSample) throws {
        let svg = sample.chart.svg()
        let document = try SVGInspection(svg)
        #expect(svg.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg "))
        #expect(svg.hasSuffix("</svg>\n"))
        #expect(document.root.name == "svg")
        #expect(document.root.attributes["xmlns"] == "http://www.w3.org/2000/svg")
        #expect(document.root.attributes["font-family"] == "sans-serif")
        let width = NumberFormat.trimmed(sample.chart.size.width, maxDecimals: 2)
        let height = NumberFormat.trimmed(sample.chart.size.height, maxDecimals: 2)
        #expect(document.root.attributes["viewBox"] == "0 0 \(width) \(height)")
        #expect(document.root.attributes["width"] == width)
    }

    @Test("carries its title as the accessible title and as visible text", arguments: ChartSample.all)
    func showsTitle(sample: ChartSample) throws {
        let document = try SVGInspection(sample.chart.svg())
        #expect(document.titles.first == sample.chart.title)
        #expect(document.texts.contains(sample.chart.title))
    }

    @Test("renders the same bytes every time", arguments: ChartSample.all)
    func isDeterministic(sample: ChartSample) {
        #expect(sample.chart.svg() == sample.chart.svg())
    }

    @Test("keeps every level or vertical text wholly inside the drawing", arguments: ChartSample.all)
    func keepsTextInside(sample: ChartSample) throws {
        let document = try SVGInspection(sample.chart.svg())
        // A grid's charts have their own coordinate systems; each is checked on its own.
        guard document.all("svg").count == 1 else { return }
        let size = sample.chart.size
        for text in document.all("text") {
            let x = try #require(Double(text.attributes["x"] ?? ""))
            let y = try #require(Double(text.attributes["y"] ?? ""))
            let fontSize = try #require(Double(text.attributes["font-size"] ?? ""))
            let length = TextMetrics.width(of: text.text, fontSize: fontSize, bold: text.attributes["font-weight"] == "bold")
            let before = switch text.attributes["text-anchor"] {
            case "middle": length / 2
            case "end": length
            default: 0.0
            }
            switch text.attributes["transform"] {
            case nil:
                #expect(x - before >= 0 && x - before + length <= size.width, "\(text.text) runs off the side")
                #expect(y - fontSize >= 0 && y <= size.height, "\(text.text) runs off the top or bottom")
            case let rotation? where rotation.hasPrefix("rotate(-90 "):
                #expect(y + before <= size.height && y + before - length >= 0, "\(text.text) runs off the top or bottom")
                #expect(x - fontSize >= 0, "\(text.text) runs off the side")
            case let rotation? where rotation.hasPrefix("rotate(-45 "):
                // Category labels hang down and to the left from their end point.
                #expect(x - length * 0.71 >= 0 && y + length * 0.71 <= size.height, "\(text.text) runs off the chart")
            default:
                Issue.record("unexpected rotation \(text.attributes["transform"] ?? "")")
            }
        }
    }

    @Test("escapes markup characters in every piece of caller text")
    func escapesCallerText() throws {
        let awkward = "A&B <x> \"q\" 'a'"
        let charts: [any Chart] = [
            BarChart(title: awkward, categories: [awkward, "b"], series: [.init(awkward, values: [1, 2]), .init("s2", values: [2, 1])],
                     xAxisLabel: awkward, yAxisLabel: awkward, referenceLine: .init(value: 1.5, label: awkward)),
            LineChart(title: awkward, series: [.init(awkward, points: [.init(x: 0, y: 1)]), .init("s2", points: [])],
                      xAxisLabel: awkward, yAxisLabel: awkward),
            TimelineChart(title: awkward, series: [.init(awkward, samples: [.init(time: 0, value: 1)]), .init("s2", samples: [])],
                          events: [.init(time: 0, label: awkward)], xAxisLabel: awkward, yAxisLabel: awkward),
            GanttChart(title: awkward, rows: [awkward], categories: [.init(awkward)],
                       tasks: [.init(row: awkward, start: 0, end: 100, category: awkward, label: awkward)],
                       xAxisLabel: awkward, yAxisLabel: awkward),
            ChartGrid(title: awkward, charts: [ChartSample.requestsPerServer]),
        ]
        for chart in charts {
            let svg = chart.svg()
            let document = try SVGInspection(svg)
            #expect(svg.contains("A&amp;B &lt;x&gt; &quot;q&quot; &apos;a&apos;"))
            #expect(!svg.contains("A&B"))
            #expect(document.texts.filter { $0 == awkward }.count >= 1)
        }
    }

    @Test("stays well-formed when caller text holds characters XML forbids")
    func replacesForbiddenCharacters() throws {
        let chart = BarChart(
            title: "bell \u{7} and nul \u{0}", categories: ["a\u{1B}b"], series: [.init("s", values: [1])],
            xAxisLabel: "x", yAxisLabel: "y"
        )
        let document = try SVGInspection(chart.svg())
        #expect(document.titles.first == "bell \u{FFFD} and nul \u{FFFD}")
    }

    @Test("draws an empty chart with a no-data notice instead of failing")
    func drawsEmptyCharts() throws {
        let charts: [any Chart] = [
            BarChart(title: "empty", categories: [], series: [], xAxisLabel: "x", yAxisLabel: "y"),
            LineChart(title: "empty", series: [], xAxisLabel: "x", yAxisLabel: "y"),
            TimelineChart(title: "empty", series: [], yAxisLabel: "y"),
            GanttChart(title: "empty", rows: [], categories: [], tasks: []),
        ]
        for chart in charts {
            #expect(try SVGInspection(chart.svg()).texts.contains("no data"))
        }
    }
}
