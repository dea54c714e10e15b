/// Places the labels of vertical event markers in stacked lanes above a plot, so that events
/// close in time ("Server 2 killed", "failure detected", "replacement up") stay readable.
///
/// Events are placed right to left; each goes into the lowest lane where its label overlaps no
/// other label, its marker line does not cut through a label in a lower lane, and its label does
/// not cover the marker line of an event in a higher lane. A label reads rightwards from its
/// line, or leftwards when it would otherwise run off the chart. Placing from the right makes a
/// cluster of events a staircase: the earliest label highest, each later one a lane lower, so
/// every marker line drops to the plot left of the labels below it.
struct EventLanes {
    /// An event with its lane and drawing position.
    struct Placed {
        /// The label as drawn, possibly shortened.
        var label: String
        /// The label as given, kept as a tooltip when shortened.
        var fullLabel: String
        /// The marker line's position.
        var x: Double
        /// The lane, 0 being the one next to the plot.
        var lane: Int
        /// Whether the label reads rightwards (`.start`) or leftwards (`.end`) from the line.
        var anchor: SVGDocument.TextAnchor
        /// The label text's left edge.
        var start: Double
        /// The label text's right edge.
        var end: Double
    }

    /// Height of one lane.
    static let laneHeight = 15.0
    /// More lanes than this would eat the plot; beyond it the least-crowded lane is shared.
    private static let maximumLanes = 6
    /// Gap kept between labels in one lane.
    private static let gap = 6.0
    private static let font = ChartTheme.tickLabelSize

    let placed: [Placed]
    let laneCount: Int

    /// Vertical space the lanes take above the plot.
    var height: Double { laneCount == 0 ? 0 : Double(laneCount) * Self.laneHeight + 4 }

    /// Places `events` (time and label) using `scale` for x positions; labels stay within
    /// `minX…maxX`.
    init(events: [TimelineChart.Event], scale: LinearScale, minX: Double, maxX: Double) {
        let order = events.indices.sorted { (events[$0].time, $0) > (events[$1].time, $1) }
        var placed: [Placed] = []
        for index in order where events[index].time.isFinite {
            let event = events[index]
            let x = scale(event.time)
            let label = TextMetrics.truncate(event.label, fontSize: Self.font, maxWidth: min(220, maxX - minX))
            let width = TextMetrics.width(of: label, fontSize: Self.font)
            var item = Placed(
                label: label, fullLabel: event.label, x: x, lane: 0, anchor: .start, start: x + 4, end: x + 4 + width
            )
            if item.end > maxX {
                item.anchor = .end
                item.start = x - 4 - width
                item.end = x - 4
            }
            let conflicts = (0..<Self.maximumLanes).map { Self.conflicts(of: item, inLane: $0, with: placed) }
            item.lane = conflicts.firstIndex(of: 0) ?? conflicts.indices.min { conflicts[$0] < conflicts[$1] } ?? 0
            placed.append(item)
        }
        self.placed = placed
        laneCount = (placed.map(\.lane).max() ?? -1) + 1
    }

    /// How many placed labels and lines `item` would collide with in `lane`.
    private static func conflicts(of item: Placed, inLane lane: Int, with placed: [Placed]) -> Int {
        var count = 0
        for other in placed {
            if other.lane == lane, item.start < other.end + gap, other.start < item.end + gap {
                count += 1
            }
            if other.lane < lane, other.start - 2 < item.x, item.x < other.end + 2 {
                count += 1
            }
            if other.lane > lane, item.start - 2 < other.x, other.x < item.end + 2 {
                count += 1
            }
        }
        return count
    }

    /// The baseline of labels in `lane`, counting up from the plot's top edge.
    private func baseline(_ lane: Int, plot: PlotArea) -> Double {
        plot.top - 5 - Double(lane) * Self.laneHeight
    }

    /// Draws each event's dashed line from its label down through the plot, and the label.
    func draw(into document: inout SVGDocument, plot: PlotArea) {
        for item in placed {
            let y = baseline(item.lane, plot: plot)
            document.line(
                x1: item.x, y1: y - Self.font * 0.8, x2: item.x, y2: plot.bottom,
                stroke: "#444444", width: 1.2, dash: "4 3"
            )
            document.text(
                item.label, x: item.anchor == .start ? item.x + 4 : item.x - 4, y: y, size: Self.font,
                anchor: item.anchor, fill: "#333333", halo: true,
                tooltip: item.label == item.fullLabel ? nil : item.fullLabel
            )
        }
    }
}
