import Testing
@testable import Reports

/// `roundedHalfAway` took any figure within four ulps of a half for a tie; from 2⁴⁹ (5.6e14) four
/// ulps are half a unit, so every whole number there printed one too large (builder S's finding):
/// `fixed(6e14, decimals: 0)` read 600000000000001 and 999999999999999 read 1.000e15 (from 10¹⁵
/// up `fixed` writes the scientific form on purpose).
@Suite struct NumberFormatLargeWholeTests {
    @Test(arguments: [562_949_953_421_312.0, 6e14, 999_999_999_999_999])
    func aLargeWholeNumberPrintsItself(value: Double) {
        #expect(NumberFormat.fixed(value, decimals: 0, grouping: false) == String(Int64(value)))
    }

    @Test func aHalfThereIsRoundedAwayFromZero() {
        // 2⁴⁹ + 0.5 is exact: a real tie, rounded up as every other.
        #expect(NumberFormat.fixed(562_949_953_421_312.5, decimals: 0, grouping: false) == "562949953421313")
        #expect(NumberFormat.fixed(562_949_953_421_312.25, decimals: 0, grouping: false) == "562949953421312")
        // Below 2⁴⁹ the tolerance still catches products a rounding short of the tie.
        #expect(NumberFormat.percent(0.19995, decimals: 2) == "20.00%")
    }
}
