/// Sizes, spacing and neutral colours shared by every chart, so that charts in one report look
/// like one family and text sizes stay readable when GitHub scales an 800-pixel chart down.
enum ChartTheme {
    /// Space between the drawing's edge and anything drawn.
    static let margin = 14.0

    /// Chart title: large and bold, since it is what a reader scans first.
    static let titleSize = 18.0
    /// Distance between baselines of a wrapped title.
    static let titleLineHeight = 22.0
    /// Axis titles ("requests", "virtual time (s)").
    static let axisLabelSize = 13.0
    /// Tick labels and category names.
    static let tickLabelSize = 11.0
    /// Legend entries.
    static let legendSize = 12.0
    /// Numbers printed on bars and event labels.
    static let annotationSize = 10.0

    /// Main text colour: near-black, softer than pure black next to coloured marks.
    static let textColor = "#222222"
    /// Tick labels and secondary text.
    static let mutedTextColor = "#555555"
    /// Axis lines and event markers.
    static let axisColor = "#666666"
    /// Gridlines: light enough that data drawn over them dominates.
    static let gridColor = "#E0E0E0"
    /// Dashes for reference lines and event markers.
    static let dash = "6 4"
}
