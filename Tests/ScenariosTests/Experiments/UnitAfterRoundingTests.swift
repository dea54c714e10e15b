import Testing
@testable import Scenarios

/// The claims' and keepalive experiments' figures choose milliseconds or seconds by how the figure
/// reads once rounded, as `DurationFormat.readable` does (R3: `1,000.000 ms` where it meant 1 s).
@Suite struct UnitAfterRoundingTests {
    @Test func aFigureJustUnderASecondReadsInSeconds() {
        #expect(ClaimCheck.duration(0.99996) == "1.00 s")
        #expect(ClaimCheck.duration(0.99994) == "999.9 ms")
        #expect(ClaimsResult.span(0.9999996) == "1.000 s")
        #expect(ClaimsResult.span(0.0005) == "0.500 ms")
        #expect(ClaimsResult.span(1_234.5) == "1,234.500 s")
        #expect(KeepaliveComparison.thinkTimeText(0.9999996) == "1.000 s")
        #expect(KeepaliveComparison.thinkTimeText(0.5) == "500.000 ms")
    }
}
