/// A line chart over a numeric horizontal axis, with markers on the points and, optionally, a
/// spread per point: a translucent band (e.g. min…max) and error bars (e.g. mean ± 1 standard
/// deviation).
///
/// Used for "average load per server at N = 2…6". The band and error-bar bounds are supplied by
/// the caller per point, so the chart does not decide what "spread" means; ``bandLabel`` and
/// ``errorBarLabel`` explain it in the legend.
///
/// ```swift
/// let points = zip([2.0, 3, 4, 5, 6], [5000.0, 3333, 2500, 2000, 1667]).map { n, mean in
///     LineChart.Point(x: n, y: mean, band: mean * 0.9...mean * 1.1, errorBar: mean * 0.95...mean * 1.05)
/// }
/// let chart = LineChart(
///     title: "A-2: average load per server",
///     series: [.init("requests per server", points: points)],
///     xAxisLabel: "servers (N)",
///     yAxisLabel: "requests per server",
///     xTicks: [2, 3, 4, 5, 6],
///     bandLabel: "min…max",
///     errorBarLabel: "mean ± 1 std dev"
/// )
/// ```
public struct LineChart: Chart {
    /// One data point, with its optional spread.
    public struct Point: Sendable, Equatable {
        /// Horizontal position, in x-axis units.
        public var x: Double
        /// Vertical position, in y-axis units; the marker and the line go through it.
        public var y: Double
        /// The shaded band's extent at this point, e.g. the minimum and maximum.
        public var band: ClosedRange<Double>?
        /// The error bar's extent at this point, e.g. the mean ± one standard deviation.
        public var errorBar: ClosedRange<Double>?

        /// A point at (`x`, `y`) with optional band and error bar.
        public init(x: Double, y: Double, band: ClosedRange<Double>? = nil, errorBar: ClosedRange<Double>? = nil) {
            self.x = x
            self.y = y
            self.band = band
            self.errorBar = errorBar
        }
    }

    /// A named sequence of points, drawn left to right in x order.
    public struct Series: Sendable, Equatable {
        /// The legend name.
        public var name: String
        /// The points; their order does not matter, they are sorted by x for drawing.
        public var points: [Point]

        /// A series named `name` through `points`.
        public init(_ name: String, points: [Point]) {
            self.name = name
            self.points = points
        }
    }

    /// The chart's heading.
    public var title: String
    /// The series, each with its own colour and marker shape.
    public var series: [Series]
    /// Title of the horizontal axis with its unit.
    public var xAxisLabel: String
    /// Title of the vertical axis with its unit.
    public var yAxisLabel: String
    /// Tick positions on the x axis chosen by the caller (e.g. N = 2…6); nil picks nice ticks.
    public var xTicks: [Double]?
    /// Whether the y axis starts at zero, so that heights compare as ratios.
    public var yStartsAtZero: Bool
    /// A range the y axis covers at least; give side-by-side charts the same range.
    public var valueRange: ClosedRange<Double>?
    /// Legend text explaining the band, e.g. "min…max"; nil leaves it out of the legend.
    public var bandLabel: String?
    /// Legend text explaining the error bars, e.g. "mean ± 1 std dev"; nil leaves it out.
    public var errorBarLabel: String?
    /// The drawing's size.
    public var size: ChartSize

    /// Creates a line chart; see the properties for the meaning of each argument.
    public init(
        title: String,
        series: [Series],
        xAxisLabel: String,
        yAxisLabel: String,
        xTicks: [Double]? = nil,
        yStartsAtZero: Bool = true,
        valueRange: ClosedRange<Double>? = nil,
        bandLabel: String? = nil,
        errorBarLabel: String? = nil,
        size: ChartSize = .standard
    ) {
        self.title = title
        self.series = series
        self.xAxisLabel = xAxisLabel
        self.yAxisLabel = yAxisLabel
        self.xTicks = xTicks
        self.yStartsAtZero = yStartsAtZero
        self.valueRange = valueRange
        self.bandLabel = bandLabel
        self.errorBarLabel = errorBarLabel
        self.size = size
    }

    /// Space between the plot's edges and the outermost x values, so edge markers and error-bar
    /// caps are not cut in half by the frame.
    private static let edgeInset = 14.0

    /// Draws the chart.
    public func render() -> SVGDocument {
        var document = SVGDocument(size: size, title: title)
        let drawn = series.map { $0.points.filter { $0.x.isFinite && $0.y.isFinite }.sorted { $0.x < $1.x } }
        let header = ChartHeader(title: title, legendEntries: legendEntries, width: size.width, height: size.height)

        let points = drawn.flatMap { $0 }
        var yValues = points.flatMap { point in
            [point.y] + [point.band, point.errorBar].compactMap { $0 }.flatMap { [$0.lowerBound, $0.upperBound] }
        }.filter(\.isFinite)
        if yStartsAtZero { yValues.append(0) }
        if let valueRange { yValues += [valueRange.lowerBound, valueRange.upperBound] }
        let yTicks = ValueAxis.ticks(
            covering: yValues.min() ?? 0, yValues.max() ?? 1, plotHeight: size.height - header.height - NumericAxis.height
        )
        let yAxis = ValueAxis(ticks: yTicks, title: yAxisLabel)

        let xValues = points.map(\.x) + (xTicks ?? [])
        let xAxis: NumericAxis
        let xDomain: (Double, Double)
        if let xTicks, !xTicks.isEmpty {
            xAxis = NumericAxis(values: xTicks.sorted(), title: xAxisLabel)
            xDomain = (xValues.min() ?? 0, xValues.max() ?? 1)
        } else {
            let ticks = NiceTicks(covering: xValues.min() ?? 0, xValues.max() ?? 1)
            xAxis = NumericAxis(ticks: ticks, title: xAxisLabel)
            xDomain = (ticks.lower, ticks.upper)
        }

        let plot = PlotArea(
            size: size, left: yAxis.width, top: header.height,
            right: max(ChartTheme.margin + 4, xAxis.rightOverhang - Self.edgeInset + 4), bottom: NumericAxis.height
        )
        let xScale = LinearScale(
            domainStart: xDomain.0, domainEnd: xDomain.1,
            start: plot.left + Self.edgeInset, end: plot.right - Self.edgeInset
        )
        let yScale = yAxis.scale(for: plot)

        header.draw(into: &document)
        yAxis.draw(into: &document, plot: plot)
        xAxis.draw(into: &document, plot: plot, scale: xScale)
        document.line(x1: plot.left, y1: plot.bottom, x2: plot.right, y2: plot.bottom, stroke: ChartTheme.axisColor)
        if points.isEmpty {
            ChartDecoration.drawNoData(plot: plot, into: &document)
        }
        // Bands first, so that every series' line and markers are drawn over every band.
        for (index, points) in drawn.enumerated() {
            drawBands(points, color: ChartColor.series(index), x: xScale, y: yScale, into: &document)
        }
        for (index, points) in drawn.enumerated() {
            drawSeries(index, points: points, x: xScale, y: yScale, into: &document)
        }
        return document
    }

    /// The legend: one entry per series when there are several, plus band and error-bar
    /// explanations whenever they are given.
    private var legendEntries: [ChartLegend.Entry] {
        var entries: [ChartLegend.Entry] = []
        if series.count > 1 || bandLabel != nil || errorBarLabel != nil {
            entries = series.indices.map { index in
                ChartLegend.Entry(
                    name: series[index].name, color: .series(index),
                    symbol: .line(dash: nil, marker: .series(index))
                )
            }
        }
        // With one series carrying the spread, the key shows it in that series' colour; with
        // several, a neutral grey says "whichever series it surrounds".
        func keyColor(_ hasSpread: (Point) -> Bool) -> ChartColor {
            let carriers = series.indices.filter { series[$0].points.contains(where: hasSpread) }
            return carriers.count == 1 ? .series(carriers[0]) : ChartColor(hex: ChartTheme.axisColor)
        }
        if let bandLabel {
            entries.append(.init(name: bandLabel, color: keyColor { $0.band != nil }, symbol: .band))
        }
        if let errorBarLabel {
            entries.append(.init(name: errorBarLabel, color: keyColor { $0.errorBar != nil }, symbol: .whisker))
        }
        return entries
    }

    /// Shades the band of each run of consecutive points that have one.
    private func drawBands(
        _ points: [Point], color: ChartColor, x: LinearScale, y: LinearScale, into document: inout SVGDocument
    ) {
        var run: [(x: Double, band: ClosedRange<Double>)] = []
        func flush() {
            if run.count > 1 {
                let upper = run.map { SVGDocument.Point(x: x($0.x), y: y($0.band.upperBound)) }
                let lower = run.reversed().map { SVGDocument.Point(x: x($0.x), y: y($0.band.lowerBound)) }
                document.polygon(upper + lower, fill: color.hex, opacity: 0.18)
            } else if let single = run.first {
                // A lone point's band has no neighbour to span to, so it becomes a short block.
                document.rect(
                    x: x(single.x) - 6, y: y(single.band.upperBound), width: 12,
                    height: y(single.band.lowerBound) - y(single.band.upperBound), fill: color.hex, opacity: 0.18
                )
            }
            run = []
        }
        for point in points {
            if let band = point.band, band.lowerBound.isFinite, band.upperBound.isFinite {
                run.append((point.x, band))
            } else {
                flush()
            }
        }
        flush()
    }

    /// Draws a series' line, error bars and markers.
    private func drawSeries(_ index: Int, points: [Point], x: LinearScale, y: LinearScale, into document: inout SVGDocument) {
        let color = ChartColor.series(index).hex
        let name = series[index].name
        if points.count > 1 {
            document.polyline(points.map { SVGDocument.Point(x: x($0.x), y: y($0.y)) }, stroke: color, width: 2.5)
        }
        for point in points {
            guard let bar = point.errorBar, bar.lowerBound.isFinite, bar.upperBound.isFinite else { continue }
            let center = x(point.x)
            let top = y(bar.upperBound)
            let bottom = y(bar.lowerBound)
            document.line(x1: center, y1: top, x2: center, y2: bottom, stroke: color, width: 1.5)
            document.line(x1: center - 5, y1: top, x2: center + 5, y2: top, stroke: color, width: 1.5)
            document.line(x1: center - 5, y1: bottom, x2: center + 5, y2: bottom, stroke: color, width: 1.5)
        }
        let marker = MarkerShape.series(index)
        let decimals = NumberFormat.decimalsNeeded(for: points.map(\.x), limit: 3)
        for point in points {
            let tooltip = "\(name): \(NumberFormat.fixed(point.x, decimals: decimals, grouping: true)), "
                + (point.y == point.y.rounded() ? NumberFormat.fixed(point.y, decimals: 0, grouping: true) : NumberFormat.precise(point.y, minimumDecimals: 3))
            document.path(marker.pathData(x: x(point.x), y: y(point.y), radius: 5), fill: color, tooltip: tooltip)
        }
    }
}
