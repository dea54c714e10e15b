/// Numbers as limits are written in error messages: `1000000`, `0.001`, `1e+12` — never a
/// locale's digit grouping.
enum NumberText {
    static func plain(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    }
}
