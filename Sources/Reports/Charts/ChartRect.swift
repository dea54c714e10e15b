/// An axis-aligned rectangle in drawing coordinates, for collision checks between labels and marks.
struct ChartRect {
    var left: Double
    var top: Double
    var right: Double
    var bottom: Double

    /// Whether the two boxes overlap, counting a `margin` of clearance around this one.
    func intersects(_ other: ChartRect, margin: Double = 2) -> Bool {
        left - margin < other.right && other.left < right + margin
            && top - margin < other.bottom && other.top < bottom + margin
    }
}
