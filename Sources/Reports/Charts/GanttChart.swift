/// A task timeline: one row per worker, a bar per task from its start to its end, coloured by
/// category ("map", "reduce", "failed", "speculative").
///
/// Used for MapReduce job timelines. Tasks that overlap within a row (a worker with several
/// slots) are stacked in sub-lanes of the row rather than drawn over each other.
///
/// ```swift
/// let chart = GanttChart(
///     title: "MapReduce job timeline",
///     rows: ["w1", "w2"],
///     categories: [.init("map", color: .blue), .init("reduce", color: .orange), .init("failed", color: .vermillion)],
///     tasks: [
///         .init(row: "w1", start: 0, end: 4.2, category: "map", label: "m1"),
///         .init(row: "w2", start: 0, end: 2.5, category: "failed", label: "m2"),
///         .init(row: "w1", start: 4.5, end: 7, category: "reduce", label: "r1"),
///     ]
/// )
/// ```
public struct GanttChart: Chart {
    /// A category of task: a legend entry and a colour.
    public struct Category: Sendable, Equatable {
        /// The name tasks refer to and the legend shows.
        public var name: String
        /// The bar colour; nil takes the palette colour at the category's position.
        public var color: ChartColor?

        /// A category named `name`, optionally with a fixed colour.
        public init(_ name: String, color: ChartColor? = nil) {
            self.name = name
            self.color = color
        }
    }

    /// One task attempt: where it ran, when, and what kind it was.
    public struct Task: Sendable, Equatable {
        /// The row (worker) it ran on.
        public var row: String
        /// When it started, in x-axis units.
        public var start: Double
        /// When it ended, in x-axis units.
        public var end: Double
        /// Its category's name.
        public var category: String
        /// A short name drawn inside the bar when it fits, e.g. "m3".
        public var label: String?

        /// A task on `row` from `start` to `end`.
        public init(row: String, start: Double, end: Double, category: String, label: String? = nil) {
            self.row = row
            self.start = start
            self.end = end
            self.category = category
            self.label = label
        }
    }

    /// The chart's heading.
    public var title: String
    /// Row names, top to bottom; rows that tasks name but this list lacks are added after it.
    public var rows: [String]
    /// Categories in legend order; categories that tasks name but this list lacks are added after it.
    public var categories: [Category]
    /// The tasks to draw.
    public var tasks: [Task]
    /// Title of the time axis with its unit.
    public var xAxisLabel: String
    /// Title of the row axis.
    public var yAxisLabel: String
    /// The drawing's size.
    public var size: ChartSize
    /// The narrowest a bar is drawn, as a fraction of the time axis (0: as long as its task, but
    /// never under a 1.5-point sliver). A wider bar is only drawn so: its tooltip gives the task's
    /// own start and end — a caller that widened the task itself made a 0.24 s backup read
    /// "180,000.014–180,648.014" and a reduce end after its job had ended.
    public var minimumBarFraction: Double

    /// Creates a task timeline; see the properties for the meaning of each argument.
    public init(
        title: String,
        rows: [String],
        categories: [Category],
        tasks: [Task],
        xAxisLabel: String = "virtual time (s)",
        yAxisLabel: String = "worker",
        size: ChartSize = .standard,
        minimumBarFraction: Double = 0
    ) {
        self.title = title
        self.rows = rows
        self.categories = categories
        self.tasks = tasks
        self.xAxisLabel = xAxisLabel
        self.yAxisLabel = yAxisLabel
        self.size = size
        self.minimumBarFraction = minimumBarFraction
    }

    /// Draws the chart.
    public func render() -> SVGDocument {
        var document = SVGDocument(size: size, title: title)
        let rowNames = Self.appendingMissing(rows, tasks.map(\.row))
        let categoryList = categories + Self.appendingMissing(categories.map(\.name), tasks.map(\.category))
            .dropFirst(categories.count).map { Category($0) }
        let colors = categoryList.indices.map { categoryList[$0].color ?? .series($0) }
        let visible = tasks.filter { $0.start.isFinite && $0.end.isFinite }

        let legend = categoryList.indices.map {
            ChartLegend.Entry(name: categoryList[$0].name, color: colors[$0], symbol: .swatch)
        }
        let header = ChartHeader(title: title, legendEntries: legend, width: size.width, height: size.height)
        let times = visible.flatMap { [$0.start, $0.end] }
        let xTicks = NiceTicks(covering: times.min() ?? 0, times.max() ?? 1)
        let xAxis = NumericAxis(ticks: xTicks, title: xAxisLabel)
        let rowLabels = RowLabels(names: rowNames, font: ChartTheme.tickLabelSize)
        let plot = PlotArea(
            size: size, left: ChartDecoration.leftTitleWidth + rowLabels.width + 10, top: header.height,
            right: max(ChartTheme.margin + 4, xAxis.rightOverhang + 4), bottom: NumericAxis.height
        )
        let xScale = LinearScale(domainStart: xTicks.lower, domainEnd: xTicks.upper, start: plot.left, end: plot.right)
        let rowHeight = plot.height / Double(max(rowNames.count, 1))

        header.draw(into: &document)
        // Alternate rows are shaded so the eye can follow a row across a wide chart.
        for index in rowNames.indices where index % 2 == 1 {
            document.rect(x: plot.left, y: plot.top + Double(index) * rowHeight, width: plot.width, height: rowHeight, fill: "#F5F5F5")
        }
        xAxis.draw(into: &document, plot: plot, scale: xScale)
        rowLabels.draw(into: &document, plot: plot, rowHeight: rowHeight)
        ChartDecoration.drawLeftTitle(yAxisLabel, plot: plot, into: &document)
        document.line(x1: plot.left, y1: plot.bottom, x2: plot.right, y2: plot.bottom, stroke: ChartTheme.axisColor)
        if visible.isEmpty {
            ChartDecoration.drawNoData(plot: plot, into: &document)
        }
        // Bars are laid out in lanes as drawn (at least the minimum span), so a widened bar does
        // not cover the next one; tooltips still give each task's own times.
        let minimumSpan = max(0, minimumBarFraction) * (xTicks.upper - xTicks.lower)
        func drawnEnd(_ task: Task) -> Double { max(task.start, task.end, min(task.start, task.end) + minimumSpan) }
        for (rowIndex, row) in rowNames.enumerated() {
            let rowTasks = visible.filter { $0.row == row }
            let lanes = Self.lanes(for: rowTasks.map { Task(row: $0.row, start: min($0.start, $0.end), end: drawnEnd($0), category: $0.category) })
            let laneCount = Double((lanes.max() ?? 0) + 1)
            let laneHeight = rowHeight * 0.7 / laneCount
            for (task, lane) in zip(rowTasks, lanes) {
                let categoryIndex = categoryList.firstIndex { $0.name == task.category } ?? 0
                let bar = TaskBar(
                    left: xScale(min(task.start, task.end)), right: min(xScale(drawnEnd(task)), max(plot.right, xScale(max(task.start, task.end)))),
                    top: plot.top + Double(rowIndex) * rowHeight + rowHeight * 0.15 + Double(lane) * laneHeight,
                    height: laneHeight - (laneCount > 1 ? 1 : 0)
                )
                draw(task, bar: bar, color: colors[categoryIndex], into: &document)
            }
        }
        return document
    }

    /// A task bar's rectangle in drawing coordinates.
    private struct TaskBar {
        var left: Double
        var right: Double
        var top: Double
        var height: Double
    }

    /// Draws one task bar with a tooltip, and its label inside if the label fits.
    private func draw(_ task: Task, bar: TaskBar, color: ChartColor, into document: inout SVGDocument) {
        // Zero-length attempts (a task that failed at once) still get a visible sliver.
        let width = max(bar.right - bar.left, 1.5)
        let times = NumberFormat.decimalsNeeded(for: [task.start, task.end], limit: 3)
        let span = NumberFormat.fixed(task.start, decimals: times, grouping: true) + "–"
            + NumberFormat.fixed(task.end, decimals: times, grouping: true)
        let name = [task.label, task.category].compactMap { $0 }.joined(separator: " ")
        document.rect(
            x: bar.left, y: bar.top, width: width, height: bar.height, fill: color.hex,
            tooltip: "\(task.row): \(name), \(span)"
        )
        let font = min(ChartTheme.annotationSize, bar.height - 2)
        guard let label = task.label, font >= 7,
              TextMetrics.width(of: label, fontSize: font) + 6 <= width else { return }
        document.text(
            label, x: bar.left + width / 2, y: bar.top + bar.height / 2 + font * 0.35, size: font,
            anchor: .middle, fill: color.prefersLightText ? "#FFFFFF" : "#000000"
        )
    }

    /// `names` followed by every name in `more` it lacks, in order of first appearance.
    ///
    /// A linear search instead of a `Set` keeps the order independent of hashing.
    /// - Complexity: O(`names.count` × `more.count`).
    static func appendingMissing(_ names: [String], _ more: [String]) -> [String] {
        var result = names
        for name in more where !result.contains(name) {
            result.append(name)
        }
        return result
    }

    /// The sub-lane of each task in one row: overlapping tasks go to different lanes, each task
    /// into the lowest lane free at its start (greedy interval partitioning, optimal in lanes).
    static func lanes(for tasks: [Task]) -> [Int] {
        let order = tasks.indices.sorted { (min(tasks[$0].start, tasks[$0].end), $0) < (min(tasks[$1].start, tasks[$1].end), $1) }
        var laneEnds: [Double] = []
        var lanes = Array(repeating: 0, count: tasks.count)
        for index in order {
            let start = min(tasks[index].start, tasks[index].end)
            let end = max(tasks[index].start, tasks[index].end)
            if let free = laneEnds.firstIndex(where: { $0 <= start }) {
                lanes[index] = free
                laneEnds[free] = end
            } else {
                lanes[index] = laneEnds.count
                laneEnds.append(end)
            }
        }
        return lanes
    }
}
