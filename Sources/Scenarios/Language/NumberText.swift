import Foundation

/// Numbers as limits are written in error messages: `1000000`, `0.001`, `1e+16` — never a
/// locale's digit grouping.
enum NumberText {
    /// A whole number below 10¹⁵ without a point (`4`, `1000000`), any other as Swift's shortest
    /// text that reads back to the same `Double` (`0.5`, `1000000000000000.0`, `1e+16`, `nan`).
    /// The one writer of this form: error messages, a replay's `--set` values
    /// (``YAMLSpelling``), the Perfetto trace's counter levels and OpenMetrics' finite samples
    /// (``OpenMetricsText/number(_:)``) each had a copy.
    static func plain(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    }
}
