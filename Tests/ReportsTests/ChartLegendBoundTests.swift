import Testing
@testable import Reports

/// A legend of hundreds of series is bounded to a third of the chart's height, ending in
/// "+N more series", so the plot keeps its height (300 servers' legend pushed a 450 px chart's
/// plot and every line below the drawing).
@Suite struct ChartLegendBoundTests {
    static let chart = TimelineChart(
        title: "t", series: (1...300).map { .init("s\($0)", samples: [.init(time: 0, value: Double($0)), .init(time: 10, value: 1)]) },
        yAxisLabel: "y"
    )

    @Test func threeHundredSeriesKeepEightLegendRowsAndEveryLine() throws {
        let document = try SVGInspection(Self.chart.svg())
        let legend = document.all("text").filter { $0.attributes["font-size"] == "12" }
        #expect(Set(legend.compactMap { $0.attributes["y"] }).count == ChartLegend.maxRows(chartHeight: 450))
        #expect(ChartLegend.maxRows(chartHeight: 450) == 8)
        let shown = legend.filter { $0.text.hasPrefix("s") }.count
        #expect(legend.last?.text == "+\(300 - shown) more series")
        #expect(shown == 87)
        // Every series is still drawn, and the plot lies inside the drawing: the x axis line sits
        // above its 450 px bottom edge, at the height every chart without a legend overflow has.
        #expect(document.all("polyline").count == 300)
        let axis = try #require(document.all("line").last { $0.attributes["stroke"] == ChartTheme.axisColor && $0.attributes["y1"] == $0.attributes["y2"] })
        #expect(axis.attributes["y1"] == "394")
    }

    @Test func theBoundIsAThirdOfTheChartsHeight() {
        #expect(ChartLegend.maxRows(chartHeight: 54) == 1)
        #expect(ChartLegend.maxRows(chartHeight: .infinity) == .max)
    }
}
