import Testing
@testable import Reports

@Suite("BarChart")
struct BarChartTests {
    @Test("shows axis titles, every category, value labels and the reference line's label")
    func showsEverything() throws {
        let document = try SVGInspection(ChartSample.requestsPerServer.svg())
        for text in ["server", "requests", "Server 1", "Server 2", "Server 3", "3,412", "3,101", "3,487", "uniform split 3,333"] {
            #expect(document.texts.contains(text), "missing \(text)")
        }
    }

    @Test("draws one bar per category and series, each with a tooltip naming it")
    func drawsEveryBar() throws {
        let document = try SVGInspection(ChartSample.crowdedBars.svg())
        let bars = document.all("rect").filter { ChartColor.seriesPalette.map(\.hex).contains($0.attributes["fill"] ?? "") }
        #expect(bars.count >= 12 * 6)
        #expect(document.titles.contains("SipHash, Server 12 (rack 0): 782"))
    }

    @Test("names every series in the legend when there are several")
    func legendNamesSeries() throws {
        let document = try SVGInspection(ChartSample.crowdedBars.svg())
        for name in ["default", "MurmurHash3", "xxHash64", "FNV-1a", "CityHash", "SipHash"] {
            #expect(document.texts.contains(name))
        }
        #expect(document.shows("uniform split 833"))
    }

    @Test("draws no legend for a single series")
    func noLegendForOneSeries() throws {
        let document = try SVGInspection(ChartSample.requestsPerServer.svg())
        // "requests" is both the axis title and the series name; a legend would show it twice.
        #expect(document.texts.filter { $0 == "requests" }.count == 1)
    }

    @Test("rotates category names that do not fit their slot, and keeps short ones level")
    func rotatesLongCategoryNames() throws {
        let crowded = try SVGInspection(ChartSample.crowdedBars.svg())
        let rotated = crowded.all("text").filter { $0.attributes["transform"]?.hasPrefix("rotate(-45 ") == true }
        #expect(rotated.count == 12)
        for index in 1...12 {
            #expect(crowded.shows("Server \(index) (rack \(index % 3))"))
        }
        let roomy = try SVGInspection(ChartSample.requestsPerServer.svg())
        #expect(roomy.all("text").allSatisfy { $0.attributes["transform"]?.contains("-45") != true })
    }

    @Test("extends the value axis so a label fits above the tallest bar")
    func leavesRoomForValueLabels() {
        let chart = BarChart(title: "t", categories: ["a"], series: [.init("s", values: [1000])], xAxisLabel: "x", yAxisLabel: "y")
        let layout = BarLayout(chart: chart, headerHeight: 40)
        #expect(layout.axis.ticks.upper > 1000)
    }

    @Test("covers the caller's value range, so side-by-side charts share a scale")
    func honoursValueRange() {
        var chart = ChartSample.requestsPerServer
        chart.valueRange = 0...5000
        let layout = BarLayout(chart: chart, headerHeight: 40)
        #expect(layout.axis.ticks.upper >= 5000)
        #expect(layout.axis.ticks.lower == 0)
    }

    @Test("puts the reference label where it covers no bar")
    func referenceLabelAvoidsBars() throws {
        let chart = ChartSample.requestsPerServer
        let layout = BarLayout(chart: chart, headerHeight: 40)
        let line = try #require(chart.referenceLine)
        let placement = try #require(chart.referenceLabelPlacement(line, layout: layout))
        let scale = layout.axis.scale(for: layout.plot)
        let width = TextMetrics.width(of: placement.text, fontSize: ChartTheme.tickLabelSize, bold: true)
        let label = ChartRect(left: placement.right - width, top: placement.baseline - 11, right: placement.right, bottom: placement.baseline)
        for bar in chart.bars {
            let left = layout.barLeft(bar)
            let barBox = ChartRect(left: left, top: scale(bar.value), right: left + layout.barWidth, bottom: scale(0))
            #expect(!label.intersects(barBox, margin: 0))
        }
    }

    @Test("moves the reference label into the legend when bars crowd the whole line")
    func referenceLabelFallsBackToLegend() throws {
        let document = try SVGInspection(ChartSample.crowdedBars.svg())
        #expect(document.texts.contains("uniform split 833"))
    }

    @Test("draws negative values downwards from zero with their labels below")
    func drawsNegativeBars() throws {
        let chart = BarChart(title: "t", categories: ["a", "b"], series: [.init("s", values: [50, -120])], xAxisLabel: "x", yAxisLabel: "y")
        let layout = BarLayout(chart: chart, headerHeight: 40)
        #expect(layout.axis.ticks.lower < -120)
        #expect(try SVGInspection(chart.svg()).texts.contains("-120"))
    }

    @Test("skips missing and non-finite values instead of drawing them")
    func skipsMissingValues() {
        let chart = BarChart(title: "t", categories: ["a", "b", "c"], series: [.init("s", values: [1, .nan])], xAxisLabel: "x", yAxisLabel: "y")
        #expect(chart.bars.map(\.category) == [0])
    }
}
