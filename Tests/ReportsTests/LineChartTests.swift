import Testing
@testable import Reports

@Suite("LineChart")
struct LineChartTests {
    @Test("shows axis titles, the caller's x ticks and a legend naming series, band and error bars")
    func showsEverything() throws {
        let document = try SVGInspection(ChartSample.loadPerServer.svg())
        for text in ["servers (N)", "requests per server", "2", "3", "4", "5", "6",
                     "mean requests per server", "ideal 10,000 / N", "min…max", "mean ± 1 std dev"] {
            #expect(document.texts.contains(text), "missing \(text)")
        }
    }

    @Test("draws a marker per point, a band polygon and capped error bars")
    func drawsMarkersBandsAndErrorBars() throws {
        let document = try SVGInspection(ChartSample.loadPerServer.svg())
        let markers = document.all("path").filter { $0.tooltip != nil }
        #expect(markers.count == 10)
        #expect(document.all("polygon").count == 1)
        let errorBarStrokes = document.all("line").filter { $0.attributes["stroke"] == ChartColor.blue.hex }
        #expect(errorBarStrokes.count >= 5 * 3)
    }

    @Test("labels a point's tooltip with its coordinates")
    func tooltipsGiveCoordinates() throws {
        let document = try SVGInspection(ChartSample.loadPerServer.svg())
        #expect(document.titles.contains("ideal 10,000 / N: 2, 5,000"))
    }

    @Test("sorts points by x before joining them")
    func sortsPoints() throws {
        let chart = LineChart(
            title: "t", series: [.init("s", points: [.init(x: 3, y: 1), .init(x: 1, y: 2), .init(x: 2, y: 3)])],
            xAxisLabel: "x", yAxisLabel: "y"
        )
        let line = try #require(try SVGInspection(chart.svg()).all("polyline").first)
        let xs = (line.attributes["points"] ?? "").split(separator: " ").compactMap { Double($0.split(separator: ",")[0]) }
        #expect(xs == xs.sorted())
        #expect(xs.count == 3)
    }

    @Test("omits the legend for a single series without spread")
    func noLegendForOneSeries() throws {
        let chart = LineChart(title: "t", series: [.init("only series", points: [.init(x: 0, y: 1), .init(x: 1, y: 2)])],
                              xAxisLabel: "x", yAxisLabel: "y")
        #expect(!(try SVGInspection(chart.svg()).texts.contains("only series")))
    }
}
