/// JSON string literals, written one way wherever Orrery writes JSON by hand: the balancer's
/// bodies (``AssignmentJSON``), `orrery schema`'s document, the traces' lines. It lives in the
/// simulator because the balancer's bodies are simulated answers; the reports quote with it too.
///
/// The spelling is Foundation's `JSONEncoder`'s, which writes every `report.json`, and Python's
/// `json.dumps`', which wrote the original balancer's bodies: `\"` and `\\`, the short escapes
/// `\b \t \n \f \r`, any other C0 control character as `\u00xx` in lowercase hexadecimal, and
/// everything else — DEL, `µs`, a right-to-left override — as it is (JSON text may hold any other
/// character raw; `json.dumps` by default writes non-ASCII as `\u00b5`, which this does not).
public enum JSONText {
    /// `text` as a JSON string literal, quotes included.
    public static func quote(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\u{8}": out += "\\b"
            case "\t": out += "\\t"
            case "\n": out += "\\n"
            case "\u{C}": out += "\\f"
            case "\r": out += "\\r"
            case _ where scalar.value < 0x20:
                let digits = String(scalar.value, radix: 16)
                out += (scalar.value < 0x10 ? "\\u000" : "\\u00") + digits
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
