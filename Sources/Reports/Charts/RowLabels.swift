/// The row names left of a task timeline, thinned out when rows are too short for every name.
struct RowLabels {
    private let texts: [String]
    private let font: Double

    /// Labels for `names`; very long names are cut with an ellipsis.
    init(names: [String], font: Double) {
        self.font = font
        texts = names.map { TextMetrics.truncate($0, fontSize: font, maxWidth: 160) }
    }

    /// Width of the widest label.
    var width: Double {
        texts.map { TextMetrics.width(of: $0, fontSize: font) }.max() ?? 0
    }

    /// Draws the labels right-aligned against the plot, centred on their rows.
    func draw(into document: inout SVGDocument, plot: PlotArea, rowHeight: Double) {
        let every = max(1, Int((font * 1.2 / max(rowHeight, 0.01)).rounded(.up)))
        for (index, text) in texts.enumerated() where index % every == 0 {
            document.text(
                text, x: plot.left - 8, y: plot.top + (Double(index) + 0.5) * rowHeight + font * 0.35,
                size: font, anchor: .end
            )
        }
    }
}
