import Foundation

extension NumberFormat {
    /// `value` as a mantissa of `significant` digits, trailing zeros dropped, times a power of
    /// ten in superscript digits, as the README and the loader's messages write figures too large
    /// or too small for grouped digits: `1.7 × 10⁷`, `5 × 10⁶`, `3.2 × 10⁻⁹`. C's `%e`
    /// (correctly rounded, locale-free) gives the digits. The one writer of this form: the
    /// load-time estimates' refusals and a sweep's tiny differences had a copy each, line for
    /// line.
    public static func powerOfTen(_ value: Double, significant: Int) -> String {
        let text = String(format: "%.\(max(significant, 1) - 1)e", value)
        guard let mark = text.firstIndex(of: "e"), let exponent = Int(text[text.index(after: mark)...]) else { return text }
        var mantissa = Substring(text[..<mark])
        if mantissa.contains(".") {
            while mantissa.last == "0" { mantissa.removeLast() }
            if mantissa.last == "." { mantissa.removeLast() }
        }
        let superscripts: [Character] = ["⁰", "¹", "²", "³", "⁴", "⁵", "⁶", "⁷", "⁸", "⁹"]
        let power = String(String(exponent.magnitude).map { superscripts[Int(String($0))!] })
        return "\(mantissa) × 10\(exponent < 0 ? "⁻" : "")\(power)"
    }
}
