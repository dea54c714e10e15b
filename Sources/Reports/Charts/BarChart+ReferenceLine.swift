extension BarChart {
    /// Steps between candidate label positions, horizontally and vertically.
    private static let labelSearchStep = 4.0
    /// Length of the dashed key drawn before a label that had to move away from its line.
    private static let keyLength = 22.0
    /// Space between the key and the label.
    private static let keyGap = 6.0
    /// The reference line's colour: neutral, so it is not mistaken for a series.
    static let referenceColor = ChartColor(hex: "#333333", prefersLightText: true)

    /// Where the reference line's label goes inside the plot.
    struct ReferenceLabelPlacement {
        /// The label as drawn, possibly shortened.
        var text: String
        /// The label's right end.
        var right: Double
        /// The label's baseline.
        var baseline: Double
        /// Whether the label sits away from its line and so needs a dashed key in front of it.
        var detached: Bool
    }

    /// Draws the dashed reference line across the plot.
    func drawReferenceLine(_ line: ReferenceLine, layout: BarLayout, scale: LinearScale, into document: inout SVGDocument) {
        let y = scale(line.value)
        document.line(
            x1: layout.plot.left, y1: y, x2: layout.plot.right, y2: y,
            stroke: Self.referenceColor.hex, width: 1.5, dash: ChartTheme.dash
        )
    }

    /// The first position for the reference line's label that covers no bar and no value label,
    /// or nil when the bars leave no room (the label then goes into the legend instead).
    ///
    /// Positions are tried outwards from the line — just above it, just below it, then further
    /// away — and, at each height, from the plot's right end leftwards.
    func referenceLabelPlacement(_ line: ReferenceLine, layout: BarLayout) -> ReferenceLabelPlacement? {
        let plot = layout.plot
        let scale = layout.axis.scale(for: plot)
        let lineY = scale(line.value)
        let font = ChartTheme.tickLabelSize
        let text = TextMetrics.truncate(
            line.label, fontSize: font, bold: true, maxWidth: plot.width - Self.keyLength - Self.keyGap - 8
        )
        let width = TextMetrics.width(of: text, fontSize: font, bold: true)
        let obstacles = bars.flatMap { bar -> [ChartRect] in
            let left = layout.barLeft(bar)
            let ends = (scale(0), scale(bar.value))
            let barBox = ChartRect(left: left, top: min(ends.0, ends.1), right: left + layout.barWidth, bottom: max(ends.0, ends.1))
            return [barBox] + [valueLabelBox(bar, layout: layout, scale: scale)].compactMap { $0 }
        }
        var offset = 0.0
        while offset <= plot.height {
            let detached = offset > 0
            let needed = width + (detached ? Self.keyLength + Self.keyGap : 0)
            for baseline in [lineY - 5 - offset, lineY + 5 + font + offset] {
                guard baseline - font >= plot.top, baseline + 3 <= plot.bottom else { continue }
                var right = plot.right - 4
                while right - needed >= plot.left + 4 {
                    let box = ChartRect(left: right - needed, top: baseline - font, right: right, bottom: baseline + 3)
                    if !obstacles.contains(where: { box.intersects($0) }) {
                        return ReferenceLabelPlacement(text: text, right: right, baseline: baseline, detached: detached)
                    }
                    right -= Self.labelSearchStep
                }
            }
            offset += Self.labelSearchStep
        }
        return nil
    }

    /// Draws the reference line's label at `placement`, with its dashed key if detached.
    func drawReferenceLabel(_ line: ReferenceLine, at placement: ReferenceLabelPlacement, into document: inout SVGDocument) {
        let font = ChartTheme.tickLabelSize
        document.text(
            placement.text, x: placement.right, y: placement.baseline, size: font, anchor: .end, bold: true,
            fill: Self.referenceColor.hex, halo: true, tooltip: placement.text == line.label ? nil : line.label
        )
        guard placement.detached else { return }
        let keyY = placement.baseline - font * 0.35
        let keyRight = placement.right - TextMetrics.width(of: placement.text, fontSize: font, bold: true) - Self.keyGap
        document.line(
            x1: keyRight - Self.keyLength, y1: keyY, x2: keyRight, y2: keyY,
            stroke: Self.referenceColor.hex, width: 1.5, dash: ChartTheme.dash
        )
    }
}
