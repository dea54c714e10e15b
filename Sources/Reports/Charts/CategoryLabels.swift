/// The category names under a bar chart: level when they fit their slot, otherwise rotated 45°
/// (and, if very long, cut with an ellipsis, the full name kept as a tooltip).
struct CategoryLabels {
    /// Names as drawn, possibly shortened.
    private let texts: [String]
    /// Names as given, for tooltips on shortened ones.
    private let names: [String]
    /// Whether the labels are rotated.
    private let rotated: Bool
    private let font = ChartTheme.tickLabelSize

    /// Lays out `names` for slots `groupWidth` wide in a chart `chartHeight` tall.
    init(names: [String], groupWidth: Double, chartHeight: Double) {
        self.names = names
        let widest = names.map { TextMetrics.width(of: $0, fontSize: ChartTheme.tickLabelSize) }.max() ?? 0
        rotated = widest > groupWidth - 6
        // Rotated labels may take at most a quarter of the chart's height.
        let longest = chartHeight * 0.25 / 0.71
        texts = rotated
            ? names.map { TextMetrics.truncate($0, fontSize: ChartTheme.tickLabelSize, maxWidth: longest) }
            : names
    }

    private var widest: Double {
        texts.map { TextMetrics.width(of: $0, fontSize: font) }.max() ?? 0
    }

    /// The vertical space the labels take below the plot.
    var height: Double {
        rotated ? (widest + font) * 0.71 : font
    }

    /// How far the first label reaches left of its slot's centre.
    var leftOverhang: Double {
        rotated ? (texts.first.map { TextMetrics.width(of: $0, fontSize: font) } ?? 0) * 0.71 : 0
    }

    /// How many slots apart drawn labels are: 1 when level (they are rotated unless they fit),
    /// and when rotated enough that neighbours lie a line apart across the slant (slots
    /// `groupWidth` apart put rotated labels `groupWidth × 0.71` apart), as ``NumericAxis`` and
    /// ``RowLabels`` thin theirs: 200 servers' labels, 3.6 px apart, merged into one smear.
    func every(groupWidth: Double) -> Int {
        guard rotated else { return 1 }
        return max(1, Int((font * 1.2 / max(groupWidth * 0.71, 0.01)).rounded(.up)))
    }

    /// Draws the label of every ``every(groupWidth:)``-th slot, from the first, under the
    /// centre of its slot, with its tick.
    func draw(into document: inout SVGDocument, plot: PlotArea, groupWidth: Double) {
        let every = every(groupWidth: groupWidth)
        for (index, text) in texts.enumerated() where index % every == 0 {
            let center = plot.left + (Double(index) + 0.5) * groupWidth
            let tooltip = text == names[index] ? nil : names[index]
            document.line(x1: center, y1: plot.bottom, x2: center, y2: plot.bottom + 4, stroke: ChartTheme.axisColor)
            if rotated {
                document.text(
                    text, x: center + font * 0.3, y: plot.bottom + 10, size: font, anchor: .end,
                    rotation: -45, tooltip: tooltip
                )
            } else {
                document.text(text, x: center, y: plot.bottom + 8 + font * 0.8, size: font, anchor: .middle, tooltip: tooltip)
            }
        }
    }
}
