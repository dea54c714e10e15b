import Testing
@testable import Simulator

/// `formattedSeconds` rounds half away from zero: `forward_timeout: 1.9999999s` read "1.999s".
struct FormattedSecondsTests {
    @Test func roundsHalfAwayFromZero() {
        #expect(Duration.nanoseconds(1_999_999_900).formattedSeconds == "2.000s")
        #expect(Duration.nanoseconds(1_999_499_999).formattedSeconds == "1.999s")
        #expect(Duration.nanoseconds(1_000_500_000).formattedSeconds == "1.001s")
        #expect(Duration.nanoseconds(-1_000_500_000).formattedSeconds == "-1.001s")
        #expect(Duration.nanoseconds(-400_000).formattedSeconds == "0.000s")
        #expect(Duration.seconds(12.345).formattedSeconds == "12.345s")
        #expect(VirtualInstant(nanoseconds: 999_999_999).description == "t=1.000s")
    }
}
