/// The rectangle data is drawn in, inside the title, legend and axes.
struct PlotArea {
    var left: Double
    var top: Double
    var right: Double
    var bottom: Double

    /// Horizontal extent.
    var width: Double { right - left }
    /// Vertical extent.
    var height: Double { bottom - top }
    /// Horizontal centre, where axis titles go.
    var centerX: Double { (left + right) / 2 }
    /// Vertical centre.
    var centerY: Double { (top + bottom) / 2 }

    /// The plot area that remains of a chart of `size` after the given margins, never smaller
    /// than a sliver so that scales stay finite even for absurdly small charts.
    init(size: ChartSize, left: Double, top: Double, right: Double, bottom: Double) {
        self.left = left
        self.top = top
        self.right = max(size.width - right, left + 10)
        self.bottom = max(size.height - bottom, top + 10)
    }
}
