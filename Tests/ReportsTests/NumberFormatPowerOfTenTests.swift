import Testing
@testable import Reports

/// `NumberFormat.powerOfTen`, the one writer of `1.7 × 10⁷`: the load-time estimates' refusals
/// and a sweep's tiny differences each had a copy, line for line; these are both copies' cases.
@Suite struct NumberFormatPowerOfTenTests {
    @Test func aMantissaOfSignificantDigitsTimesAPowerOfTen() {
        let cases: [(Double, Int, String)] = [
            (1.7e7, 2, "1.7 × 10⁷"), (999_999.6, 2, "1 × 10⁶"), (5_000_400, 5, "5.0004 × 10⁶"), (5e6, 5, "5 × 10⁶"),
            (1.23456e-12, 3, "1.23 × 10⁻¹²"), (1e25, 3, "1 × 10²⁵"), (3.2e-12 * 1000, 3, "3.2 × 10⁻⁹"),
            (1.5e-300, 3, "1.5 × 10⁻³⁰⁰"), (-2.5e17, 2, "-2.5 × 10¹⁷"), (9.96e9, 2, "1 × 10¹⁰"), (4.2e6, 0, "4 × 10⁶"),
        ]
        for (value, significant, text) in cases {
            #expect(NumberFormat.powerOfTen(value, significant: significant) == text, "\(value)")
        }
    }
}
