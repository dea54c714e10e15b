extension BarChart {
    /// The error bar of `bar`, when its series has a finite one for its category.
    func errorBar(of bar: Bar) -> ClosedRange<Double>? {
        let errorBars = series[bar.series].errorBars
        guard bar.category < errorBars.count, let range = errorBars[bar.category],
              range.lowerBound.isFinite, range.upperBound.isFinite else { return nil }
        return range
    }

    /// Draws a bar's error bar: a vertical line over the interval with short caps at both ends,
    /// in the axis colour so it reads over any bar colour. The interval's figures are in the
    /// report's tables and report.json, not on the drawing.
    func drawErrorBar(_ bar: Bar, layout: BarLayout, scale: LinearScale, into document: inout SVGDocument) {
        guard let range = errorBar(of: bar) else { return }
        let center = layout.barLeft(bar) + layout.barWidth / 2
        let cap = min(layout.barWidth / 4, 6)
        let top = scale(range.upperBound), bottom = scale(range.lowerBound)
        document.line(x1: center, y1: top, x2: center, y2: bottom, stroke: ChartTheme.axisColor)
        document.line(x1: center - cap, y1: top, x2: center + cap, y2: top, stroke: ChartTheme.axisColor)
        document.line(x1: center - cap, y1: bottom, x2: center + cap, y2: bottom, stroke: ChartTheme.axisColor)
    }
}
