/// A time series chart: virtual time across, one line (or step line) per series, and labelled
/// vertical markers for events such as a server being killed or replaced.
///
/// Used for "per-server load while a server is killed and respawned". Series are told apart by
/// colour and dash pattern; event labels are staggered in lanes above the plot so that events
/// close together in time stay readable.
///
/// ```swift
/// let chart = TimelineChart(
///     title: "A-3: requests per second per server",
///     series: [
///         .init("Server 1", samples: [.init(time: 0, value: 330), .init(time: 1, value: 340)]),
///         .init("Server 2", samples: [.init(time: 0, value: 335), .init(time: 1, value: 0)]),
///     ],
///     events: [.init(time: 0.8, label: "Server 2 killed")],
///     yAxisLabel: "requests per second"
/// )
/// ```
public struct TimelineChart: Chart {
    /// How the line goes from one sample to the next.
    public enum Interpolation: Sendable, Equatable {
        /// A straight line between samples, for quantities that change smoothly.
        case linear
        /// Each value holds until the next sample's time, then jumps; right for per-interval
        /// counts such as requests per second, which are constant within their interval.
        case step
    }

    /// One sample of a series.
    public struct Sample: Sendable, Equatable {
        /// Virtual time, in x-axis units (seconds by default).
        public var time: Double
        /// The value at that time.
        public var value: Double

        /// A sample of `value` at `time`.
        public init(time: Double, value: Double) {
            self.time = time
            self.value = value
        }
    }

    /// A named series of samples.
    public struct Series: Sendable, Equatable {
        /// The legend name.
        public var name: String
        /// The samples; their order does not matter, they are sorted by time for drawing.
        public var samples: [Sample]
        /// For a step line, when the last sample's value stops holding (the end of its interval,
        /// e.g. the run's end for a count per second); nil ends the line at the last sample, whose
        /// value then gets no width. The plot reaches it, but the axis's ticks are not chosen for
        /// it: a 20 s run's last partial second, to 20.0125 s, stretched a 0…20 axis to 0…25.
        public var end: Double?

        /// A series named `name` with the given samples, its last holding until `end` if given.
        public init(_ name: String, samples: [Sample], end: Double? = nil) {
            self.name = name
            self.samples = samples
            self.end = end
        }
    }

    /// Something that happened at an instant, drawn as a labelled vertical dashed line.
    public struct Event: Sendable, Equatable {
        /// When it happened, in x-axis units.
        public var time: Double
        /// A short label, e.g. "Server 2 killed".
        public var label: String

        /// An event at `time` labelled `label`.
        public init(time: Double, label: String) {
            self.time = time
            self.label = label
        }
    }

    /// The chart's heading.
    public var title: String
    /// The series, each with its own colour and dash pattern.
    public var series: [Series]
    /// Events to mark; the time axis is widened to include them.
    public var events: [Event]
    /// Title of the time axis with its unit.
    public var xAxisLabel: String
    /// Title of the value axis with its unit.
    public var yAxisLabel: String
    /// How lines connect samples.
    public var interpolation: Interpolation
    /// Whether the value axis starts at zero.
    public var yStartsAtZero: Bool
    /// A range the value axis covers at least; give side-by-side charts the same range.
    public var valueRange: ClosedRange<Double>?
    /// The drawing's size.
    public var size: ChartSize
    /// A remark written small at the bottom right, e.g. that some events are not marked.
    public var note: String?

    /// Creates a timeline chart; see the properties for the meaning of each argument.
    public init(
        title: String,
        series: [Series],
        events: [Event] = [],
        xAxisLabel: String = "virtual time (s)",
        yAxisLabel: String,
        interpolation: Interpolation = .step,
        yStartsAtZero: Bool = true,
        valueRange: ClosedRange<Double>? = nil,
        size: ChartSize = .standard,
        note: String? = nil
    ) {
        self.title = title
        self.series = series
        self.events = events
        self.xAxisLabel = xAxisLabel
        self.yAxisLabel = yAxisLabel
        self.interpolation = interpolation
        self.yStartsAtZero = yStartsAtZero
        self.valueRange = valueRange
        self.size = size
        self.note = note
    }

    /// Draws the chart.
    public func render() -> SVGDocument {
        var document = SVGDocument(size: size, title: title)
        let drawn = series.map { series in
            series.samples.enumerated()
                .filter { $0.element.time.isFinite && $0.element.value.isFinite }
                .sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }
                .map(\.element)
        }
        let legendEntries = series.count > 1
            ? series.indices.map {
                ChartLegend.Entry(name: series[$0].name, color: .series($0), symbol: .line(dash: LineDash.series($0), marker: nil))
            }
            : []
        let header = ChartHeader(title: title, legendEntries: legendEntries, width: size.width, height: size.height)

        var values = drawn.flatMap { $0.map(\.value) }
        if yStartsAtZero { values.append(0) }
        if let valueRange { values += [valueRange.lowerBound, valueRange.upperBound] }
        // Event lanes take a little height too, but are only known once the x axis is; the
        // tick count only needs a rough plot height.
        let yTicks = ValueAxis.ticks(
            covering: values.min() ?? 0, values.max() ?? 1, plotHeight: size.height - header.height - NumericAxis.height
        )
        let yAxis = ValueAxis(ticks: yTicks, title: yAxisLabel)
        let times = drawn.flatMap { $0.map(\.time) } + events.map(\.time).filter(\.isFinite)
        let xTicks = NiceTicks(covering: times.min() ?? 0, times.max() ?? 1)
        let xAxis = NumericAxis(ticks: xTicks, title: xAxisLabel)

        // The lanes' height depends on where events fall horizontally, which is already fixed by
        // the left and right margins, so the lanes are laid out before the plot's top is known.
        let left = yAxis.width
        let rightMargin = max(ChartTheme.margin + 4, xAxis.rightOverhang + 4)
        // A step line's last value may hold a little past the last tick (a run's partial last
        // second): the plot reaches its end rather than the ticks growing a step for it.
        let heldEnds = series.indices.compactMap { drawn[$0].isEmpty ? nil : heldUntil(series[$0]) }
        let xScale = LinearScale(
            domainStart: xTicks.lower, domainEnd: max(xTicks.upper, heldEnds.max() ?? xTicks.upper),
            start: left, end: size.width - rightMargin
        )
        let lanes = EventLanes(events: events, scale: xScale, minX: ChartTheme.margin, maxX: size.width - ChartTheme.margin)
        let plot = PlotArea(
            size: size, left: left, top: header.height + lanes.height, right: rightMargin, bottom: NumericAxis.height
        )
        let yScale = yAxis.scale(for: plot)

        header.draw(into: &document)
        yAxis.draw(into: &document, plot: plot)
        xAxis.draw(into: &document, plot: plot, scale: xScale)
        document.line(x1: plot.left, y1: plot.bottom, x2: plot.right, y2: plot.bottom, stroke: ChartTheme.axisColor)
        if drawn.allSatisfy(\.isEmpty) {
            ChartDecoration.drawNoData(plot: plot, into: &document)
        }
        for (index, samples) in drawn.enumerated() {
            let points = PolylineThinning.thinned(path(through: samples, until: heldUntil(series[index])).map { SVGDocument.Point(x: xScale($0.time), y: yScale($0.value)) })
            let color = ChartColor.series(index).hex
            if points.count > 1 {
                document.polyline(points, stroke: color, width: 2, dash: LineDash.series(index))
            } else if let point = points.first {
                document.path(MarkerShape.circle.pathData(x: point.x, y: point.y, radius: 3), fill: color)
            }
        }
        lanes.draw(into: &document, plot: plot)
        if let note { ChartDecoration.drawNote(note, into: &document) }
        return document
    }

    /// When a step line's last value stops holding: the series' finite ``Series/end``; nil for a
    /// linear line, which ends at its last sample.
    private func heldUntil(_ series: Series) -> Double? {
        guard interpolation == .step, let end = series.end, end.isFinite else { return nil }
        return end
    }

    /// The corners the line passes through: the samples themselves, plus for step interpolation
    /// a corner at each sample's time at the previous value, and the last value held until `end`
    /// when that lies after the last sample.
    private func path(through samples: [Sample], until end: Double?) -> [Sample] {
        guard interpolation == .step else { return samples }
        var corners: [Sample] = []
        for sample in samples {
            if let previous = corners.last, previous.value != sample.value {
                corners.append(Sample(time: sample.time, value: previous.value))
            }
            corners.append(sample)
        }
        if let last = corners.last, let end, end > last.time {
            corners.append(Sample(time: end, value: last.value))
        }
        return corners
    }
}
