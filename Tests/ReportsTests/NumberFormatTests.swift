import Testing
@testable import Reports

@Suite("NumberFormat")
struct NumberFormatTests {
    @Test("prints fixed decimals, rounding half away from zero", arguments: [
        (3333.333, 1, true, "3,333.3"),
        (1_234_567.891, 2, true, "1,234,567.89"),
        (1_234_567.891, 2, false, "1234567.89"),
        (2.5, 0, false, "3"),
        (-2.5, 0, false, "-3"),
        (0.125, 2, false, "0.13"),
        (0.05, 3, false, "0.050"),
        (999.9996, 3, true, "1,000.000"),
        (-1234.5, 1, true, "-1,234.5"),
        // Decimal ties whose doubles fall a few units in the last place below the half.
        (2.675, 2, false, "2.68"),
        (1.005, 2, false, "1.01"),
        (-2.675, 2, false, "-2.68"),
        // Just off a tie, by far more than the products' rounding: rounded as it lies.
        (2.6749999, 2, false, "2.67"),
        (2.6750001, 2, false, "2.68"),
    ])
    func fixedDecimals(value: Double, decimals: Int, grouping: Bool, expected: String) {
        #expect(NumberFormat.fixed(value, decimals: decimals, grouping: grouping) == expected)
    }

    @Test("never prints negative zero")
    func noNegativeZero() {
        #expect(NumberFormat.fixed(-0.004, decimals: 2) == "0.00")
        #expect(NumberFormat.fixed(-0.0, decimals: 0) == "0")
        #expect(NumberFormat.trimmed(-0.001, maxDecimals: 2) == "0")
    }

    @Test("names non-finite values and switches huge ones to scientific notation")
    func extremes() {
        #expect(NumberFormat.fixed(.nan, decimals: 2) == "NaN")
        #expect(NumberFormat.fixed(.infinity, decimals: 2) == "inf")
        #expect(NumberFormat.fixed(-.infinity, decimals: 2) == "-inf")
        #expect(NumberFormat.fixed(1e20, decimals: 2) == "1.000e20")
        #expect(NumberFormat.fixed(-9.9996e18, decimals: 0) == "-1.000e19")
    }

    @Test("trims trailing zeros for coordinates")
    func trimsZeros() {
        #expect(NumberFormat.trimmed(12.5, maxDecimals: 2) == "12.5")
        #expect(NumberFormat.trimmed(100, maxDecimals: 2) == "100")
        #expect(NumberFormat.trimmed(0.333333, maxDecimals: 2) == "0.33")
    }

    @Test("groups integers by thousands")
    func integers() {
        #expect(NumberFormat.integer(10_000) == "10,000")
        #expect(NumberFormat.integer(999) == "999")
        #expect(NumberFormat.integer(-1_234_567) == "-1,234,567")
        #expect(NumberFormat.integer(Int.min) == "-9,223,372,036,854,775,808")
        #expect(NumberFormat.integer(10_000, grouping: false) == "10000")
    }

    @Test("prints fractions as percentages")
    func percentages() {
        #expect(NumberFormat.percent(0.1234) == "12.3%")
        #expect(NumberFormat.percent(1, decimals: 0) == "100%")
        #expect(NumberFormat.percent(0.00004, decimals: 2) == "0.00%")
        // A-4's jump placement moves 179,955 of 900,000 keys: 19.995 %, a tie, is 20.00 %.
        #expect(NumberFormat.percent(179_955.0 / 900_000.0, decimals: 2) == "20.00%")
        #expect(NumberFormat.percent(179_954.0 / 900_000.0, decimals: 2) == "19.99%")
    }

    @Test("finds the decimals needed to print values exactly")
    func decimalsNeeded() {
        #expect(NumberFormat.decimalsNeeded(for: [2, 3, 4]) == 0)
        #expect(NumberFormat.decimalsNeeded(for: [2, 2.5]) == 1)
        #expect(NumberFormat.decimalsNeeded(for: [0.1, 0.25]) == 2)
        #expect(NumberFormat.decimalsNeeded(for: [1.0 / 3], limit: 3) == 3)
    }

    @Test("writes English ordinals", arguments: [
        (1, "1st"), (2, "2nd"), (3, "3rd"), (4, "4th"), (10, "10th"), (11, "11th"), (12, "12th"), (13, "13th"),
        (21, "21st"), (22, "22nd"), (101, "101st"), (111, "111th"), (1_003, "1,003rd"),
    ])
    func ordinals(value: Int, expected: String) {
        #expect(NumberFormat.ordinal(value) == expected)
    }

    @Test("writes small counts in words, larger ones in digits", arguments: [
        (0, "zero"), (1, "one"), (3, "three"), (12, "twelve"), (13, "13"), (10_000, "10,000"), (-1, "-1"),
    ])
    func cardinals(value: Int, expected: String) {
        #expect(NumberFormat.cardinal(value) == expected)
    }

    @Test("writes a count with its noun, plural unless one", arguments: [
        (0, "broker", nil, "0 brokers"), (1, "broker", nil, "1 broker"), (1_000, "partition", nil, "1,000 partitions"),
        (1, "copy", "copies", "1 copy"), (2, "copy", "copies", "2 copies"),
    ] as [(Int, String, String?, String)])
    func counts(value: Int, singular: String, plural: String?, expected: String) {
        #expect(NumberFormat.counted(value, singular, plural: plural) == expected)
    }
}
