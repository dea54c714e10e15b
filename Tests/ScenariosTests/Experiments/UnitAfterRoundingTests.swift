import Testing
@testable import Scenarios

/// The claims' and keepalive experiments' figures choose milliseconds or seconds by how the figure
/// reads once rounded, as `DurationFormat.readable` does (R3: `1,000.000 ms` where it meant 1 s).
/// The claims' durations have three decimals since session 79 (before, `0.99996` read `1.00 s`
/// against `999.9 ms` for `0.99994`): the boundary is now a millionth of a second under 1 s.
struct UnitAfterRoundingTests {
    @Test func aFigureJustUnderASecondReadsInSeconds() {
        // 999.9996 ms rounds to 1,000.000 ms: it reads in seconds.
        #expect(ClaimCheck.duration(0.9999996) == "1.000 s")
        // 999.9994 ms rounds to 999.999 ms: it stays in milliseconds.
        #expect(ClaimCheck.duration(0.9999994) == "999.999 ms")
        // What rounded across the unit with two decimals stays under it with three.
        #expect(ClaimCheck.duration(0.99996) == "999.960 ms")
        #expect(ClaimsResult.span(0.9999996) == "1.000 s")
        #expect(ClaimsResult.span(0.0005) == "0.500 ms")
        #expect(ClaimsResult.span(1_234.5) == "1,234.500 s")
        #expect(KeepaliveComparison.thinkTimeText(0.9999996) == "1.000 s")
        #expect(KeepaliveComparison.thinkTimeText(0.5) == "500.000 ms")
    }
}
