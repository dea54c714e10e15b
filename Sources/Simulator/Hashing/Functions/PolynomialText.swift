/// Renders polynomials the way the assignment writes them (`i² + 2i + 17`) so reports quote the
/// formula actually used.
enum PolynomialText {
    /// Joins the non-zero terms; a coefficient of 1 is left out except on the constant term.
    static func render(_ terms: [(coefficient: UInt64, variable: String)]) -> String {
        let rendered = terms.compactMap { term -> String? in
            guard term.coefficient != 0 else { return nil }
            if term.variable.isEmpty { return String(term.coefficient) }
            return term.coefficient == 1 ? term.variable : "\(term.coefficient)\(term.variable)"
        }
        return rendered.isEmpty ? "0" : rendered.joined(separator: " + ")
    }
}
