/// Estimates how wide text will be when drawn, so that layout can avoid overlaps and clipping.
///
/// SVG has no way to measure text before a viewer renders it, so the widths are the advance
/// widths of DejaVu Sans, the widest common `sans-serif` font (the default on Linux); text laid
/// out for it fits in the narrower Helvetica and Arial too.
enum TextMetrics {
    /// Advance widths of printable ASCII (U+0020…U+007E) in DejaVu Sans, as fractions of the font size.
    private static let asciiWidths: [Double] = [
        0.318, 0.401, 0.460, 0.838, 0.636, 0.950, 0.780, 0.275, 0.390, 0.390, 0.500, 0.838, 0.318, 0.361, 0.318, 0.337,
        0.636, 0.636, 0.636, 0.636, 0.636, 0.636, 0.636, 0.636, 0.636, 0.636, 0.337, 0.337, 0.838, 0.838, 0.838, 0.531,
        1.000, 0.684, 0.686, 0.698, 0.770, 0.632, 0.575, 0.775, 0.752, 0.295, 0.295, 0.656, 0.557, 0.863, 0.748, 0.787,
        0.603, 0.787, 0.695, 0.635, 0.611, 0.732, 0.684, 0.989, 0.685, 0.611, 0.685, 0.390, 0.337, 0.390, 0.838, 0.500,
        0.500, 0.613, 0.635, 0.550, 0.635, 0.615, 0.352, 0.635, 0.634, 0.278, 0.278, 0.579, 0.278, 0.974, 0.634, 0.612,
        0.635, 0.635, 0.411, 0.521, 0.392, 0.634, 0.592, 0.818, 0.592, 0.592, 0.525, 0.636, 0.337, 0.636, 0.838,
    ]

    /// Bold DejaVu Sans is about 15 % wider than regular for lowercase text and digits.
    private static let boldFactor = 1.16

    /// The estimated drawn width of `text` at `fontSize`.
    static func width(of text: String, fontSize: Double, bold: Bool = false) -> Double {
        var ems = 0.0
        for scalar in text.unicodeScalars {
            ems += emWidth(of: scalar)
        }
        return ems * fontSize * (bold ? boldFactor : 1)
    }

    /// Splits `text` at spaces into lines no wider than `maxWidth`, at most `maxLines` of them;
    /// a word wider than a line gets a line of its own, and text beyond the last line is cut
    /// with an ellipsis.
    static func wrap(_ text: String, fontSize: Double, bold: Bool = false, maxWidth: Double, maxLines: Int) -> [String] {
        var lines: [String] = []
        var current = ""
        for word in text.split(separator: " ") {
            let candidate = current.isEmpty ? String(word) : current + " " + word
            if current.isEmpty || width(of: candidate, fontSize: fontSize, bold: bold) <= maxWidth {
                current = candidate
            } else {
                lines.append(current)
                current = String(word)
            }
        }
        if !current.isEmpty { lines.append(current) }
        guard lines.count > maxLines else { return lines }
        let kept = Array(lines.prefix(maxLines - 1))
        let rest = lines.dropFirst(maxLines - 1).joined(separator: " ")
        return kept + [truncate(rest, fontSize: fontSize, bold: bold, maxWidth: maxWidth)]
    }

    /// `text` unchanged if it fits in `maxWidth`, otherwise cut and ended with "…".
    static func truncate(_ text: String, fontSize: Double, bold: Bool = false, maxWidth: Double) -> String {
        guard width(of: text, fontSize: fontSize, bold: bold) > maxWidth else { return text }
        var kept = ""
        for character in text {
            let candidate = kept + String(character)
            if width(of: candidate + "…", fontSize: fontSize, bold: bold) > maxWidth { break }
            kept = candidate
        }
        return kept + "…"
    }

    /// The width of one Unicode scalar in ems.
    private static func emWidth(of scalar: Unicode.Scalar) -> Double {
        switch scalar.value {
        case 0x20...0x7E:
            return asciiWidths[Int(scalar.value) - 0x20]
        case 0x0300...0x036F, 0x200B...0x200F, 0xFE00...0xFE0F:
            return 0  // combining marks and zero-width characters take no space of their own
        case 0x1100...0x115F, 0x2E80...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFF00...0xFF60, 0x1F300...0x1FAFF:
            return 1  // CJK, Hangul, full-width forms and emoji are drawn a full em wide
        default:
            return 0.7
        }
    }
}
