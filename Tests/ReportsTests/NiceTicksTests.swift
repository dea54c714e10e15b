import Testing
@testable import Reports

@Suite("NiceTicks")
struct NiceTicksTests {
    @Test("0…3,400 gets 0, 500, …, 3,500")
    func thousands() {
        let ticks = NiceTicks(covering: 0, 3400)
        #expect(ticks.values == [0, 500, 1000, 1500, 2000, 2500, 3000, 3500])
        #expect(ticks.values.map(ticks.label) == ["0", "500", "1,000", "1,500", "2,000", "2,500", "3,000", "3,500"])
    }

    @Test("0…1 gets 0, 0.2, …, 1 exactly, without accumulated rounding")
    func fractions() {
        let ticks = NiceTicks(covering: 0, 1)
        #expect(ticks.values == [0, 0.2, 0.4, 0.6, 0.8, 1])
        #expect(ticks.values.map(ticks.label) == ["0.0", "0.2", "0.4", "0.6", "0.8", "1.0"])
    }

    @Test("small and negative ranges get 1-2-5 steps", arguments: [
        (-3.0, 7.5, [-4.0, -2, 0, 2, 4, 6, 8]),
        (0.003, 0.0191, [0, 0.005, 0.01, 0.015, 0.02]),
        (2.0, 6.0, [2.0, 3, 4, 5, 6]),
        (0.0, 37.0, [0.0, 10, 20, 30, 40]),
    ])
    func steps(lower: Double, upper: Double, expected: [Double]) {
        #expect(NiceTicks(covering: lower, upper).values == expected)
    }

    @Test("widens an empty range so a constant series still gets an axis")
    func emptyRange() {
        #expect(NiceTicks(covering: 0, 0).values == [0, 0.2, 0.4, 0.6, 0.8, 1])
        #expect(NiceTicks(covering: 10_000, 10_000).values == [9000, 9500, 10_000, 10_500, 11_000])
        #expect(NiceTicks(covering: .nan, 4).values == [0, 0.2, 0.4, 0.6, 0.8, 1])
        // A subnormal range (5e-324 … 1e-323, written so that the compiler does not warn of
        // underflow) made a step of zero, whose power of ten was searched for ever.
        #expect(NiceTicks(covering: .leastNonzeroMagnitude, 2 * .leastNonzeroMagnitude).values == [0, 0.2, 0.4, 0.6, 0.8, 1])
        #expect(NiceTicks(covering: -1e-200, 0).values == [0, 0.2, 0.4, 0.6, 0.8, 1])
    }

    @Test("always covers the range with at most nine ticks at a 1, 2 or 5 step",
          arguments: [(0.0, 1e-7), (-5e9, 3e9), (12.0, 13.0), (0.0, 10_000.0), (1e18, 1e18 + 5)])
    func coversRange(lower: Double, upper: Double) {
        let ticks = NiceTicks(covering: lower, upper)
        #expect(ticks.lower <= lower && ticks.upper >= upper)
        #expect(ticks.values.count <= 9)
        var mantissa = ticks.step
        while mantissa >= 10 { mantissa /= 10 }
        while mantissa < 1 { mantissa *= 10 }
        #expect([1.0, 2, 5].contains { abs(mantissa - $0) < 1e-9 })
    }

    @Test("maps values linearly onto drawing coordinates")
    func scale() {
        let scale = LinearScale(domainStart: 0, domainEnd: 100, start: 400, end: 0)
        #expect(scale(0) == 400)
        #expect(scale(25) == 300)
        #expect(scale(100) == 0)
    }
}
