import Testing
@testable import Reports

/// Figures printed so they can be read: a chart's tooltip with the precision of the tables (R2:
/// "2, 5000: 0" for a mean of 31.562 ms, "round_robin: 39" for 39.142 ms), a duration's unit
/// chosen after rounding (R3: "1,000.000 ms"), more decimals where three hide a difference.
@Suite struct PreciseFigureTests {
    @Test func preciseShowsAtLeastTheDecimalsAskedAndThreeSignificantDigits() {
        #expect(NumberFormat.precise(0.031562, minimumDecimals: 3) == "0.0316")
        #expect(NumberFormat.precise(39.142, minimumDecimals: 3) == "39.142")
        #expect(NumberFormat.precise(0.9221, minimumDecimals: 3) == "0.922")
        #expect(NumberFormat.precise(1234.5678, minimumDecimals: 3) == "1,234.568")
        #expect(NumberFormat.precise(0.000012345, minimumDecimals: 3) == "0.0000123")
        #expect(NumberFormat.precise(-0.031562, minimumDecimals: 3) == "-0.0316")
        #expect(NumberFormat.precise(0, minimumDecimals: 3) == "0.000")
        #expect(NumberFormat.precise(1e-12, minimumDecimals: 3) == "0.000")
        #expect(NumberFormat.precise(0.0005, minimumDecimals: 3) == "0.0005")
        #expect(NumberFormat.precise(0.0001, minimumDecimals: 3) == "0.0001")
        #expect(NumberFormat.precise(94, minimumDecimals: 3) == "94.000")
        #expect(NumberFormat.precise(0.5, minimumDecimals: 0) == "0.5")
    }

    @Test func aBarsTooltipGivesItsValueWhereTheLabelRoundsIt() throws {
        let chart = BarChart(title: "p99", categories: ["round_robin", "least_conn"], series: [.init("p99", values: [39.142, 0.9221])],
                             xAxisLabel: "strategy", yAxisLabel: "p99 (ms)")
        let document = try SVGInspection(chart.svg())
        #expect(document.titles.contains("round_robin: 39.142"))
        #expect(document.titles.contains("least_conn: 0.922"))
        #expect(document.texts.contains("39"))
        let seconds = BarChart(title: "mean", categories: ["5000"], series: [.init("2", values: [0.031562]), .init("4", values: [0.02])],
                               xAxisLabel: "rate", yAxisLabel: "mean (s)", valueDecimals: 0)
        #expect(try SVGInspection(seconds.svg()).titles.contains("2, 5000: 0.0316"))
    }

    @Test func aBarChartOfCountsKeepsWholeTooltips() throws {
        let chart = BarChart(title: "served", categories: ["s1", "s2"], series: [.init("requests", values: [3412, 3101])],
                             xAxisLabel: "server", yAxisLabel: "requests")
        let titles = try SVGInspection(chart.svg()).titles
        #expect(titles.contains("s1: 3,412") && titles.contains("s2: 3,101"))
    }

    @Test func aLineChartsMarkerGivesItsValueToThreeDecimals() throws {
        let chart = LineChart(title: "t", series: [.init("mean", points: [.init(x: 300, y: 0.9221), .init(x: 600, y: 2)])],
                              xAxisLabel: "x", yAxisLabel: "y")
        let titles = try SVGInspection(chart.svg()).titles
        #expect(titles.contains("mean: 300, 0.922"))
        #expect(titles.contains("mean: 600, 2"))
    }

    @Test func aDurationChoosesMillisecondsOrSecondsOnItsRoundedFigure() {
        #expect(DurationFormat.readable(0.9999996) == "1.000 s")
        #expect(DurationFormat.readable(0.9999994) == "999.999 ms")
        #expect(DurationFormat.readable(0.0000001) == "< 0.001 ms")
        #expect(DurationFormat.readsUnderASecond(0.9999994) && !DurationFormat.readsUnderASecond(0.9999995))
    }

    @Test func moreDecimalsForADurationAndTheirOwnFloor() {
        #expect(DurationFormat.seconds(0.9999996, decimals: 7) == "0.9999996 s")
        #expect(DurationFormat.milliseconds(0.0050004, decimals: 4) == "5.0004 ms")
        #expect(DurationFormat.milliseconds(6e-8, decimals: 4) == "0.0001 ms")
        #expect(DurationFormat.milliseconds(4e-8, decimals: 4) == "< 0.0001 ms")
        #expect(DurationFormat.seconds(0.0004) == "< 0.001 s")
        #expect(DurationFormat.seconds(0.0004, decimals: 4) == "0.0004 s")
    }
}
