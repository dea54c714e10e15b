/// The dash pattern of the line of the series at `index`, for charts without markers, where
/// dashes take over the job of telling series apart without relying on colour.
enum LineDash {
    /// Solid, dashed, dotted, dash-dot, long dash.
    private static let patterns: [String?] = [nil, "8 4", "2 3", "8 3 2 3", "14 4"]

    /// The dash pattern for the series at `index`; nil means solid.
    static func series(_ index: Int) -> String? {
        patterns[index % patterns.count]
    }
}
