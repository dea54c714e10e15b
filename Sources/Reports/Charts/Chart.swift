/// A chart that draws itself as a standalone SVG file.
///
/// Charts are values: the same chart always produces byte-identical SVG, on every run, process
/// and machine, because reports are committed and CI checks that regenerating them changes
/// nothing. Implementations therefore never iterate a `Dictionary` or `Set`, and print every
/// number through ``NumberFormat``.
public protocol Chart: Sendable {
    /// The heading drawn at the top of the chart and used as the SVG's accessible title.
    var title: String { get }

    /// The drawing's width and height in SVG user units (pixels when shown at 100 %).
    var size: ChartSize { get }

    /// Draws the chart. ``ChartGrid`` uses this to place charts side by side.
    func render() -> SVGDocument
}

extension Chart {
    /// The chart as a complete SVG file, starting with an XML declaration and ending in a newline.
    public func svg() -> String {
        render().xml()
    }
}

/// The width and height of a chart in SVG user units.
public struct ChartSize: Sendable, Equatable {
    /// Width in user units.
    public var width: Double
    /// Height in user units.
    public var height: Double

    /// Creates a size; values below 200×150 are raised to it, since nothing readable fits in less.
    public init(width: Double, height: Double) {
        self.width = max(width, 200)
        self.height = max(height, 150)
    }

    /// 800×450: a 16:9 chart that fits a GitHub README column without scaling the text down.
    public static let standard = ChartSize(width: 800, height: 450)

    /// 1000×500: for charts with many categories or long time axes.
    public static let wide = ChartSize(width: 1000, height: 500)
}
