import Testing

@testable import Simulator

struct DurationNanosecondsTests {
    @Test
    func wholeNanosecondsTruncateTowardZero() {
        #expect(Duration.seconds(3).nanoseconds == 3_000_000_000)
        #expect(Duration.milliseconds(-1_500).nanoseconds == -1_500_000_000)
        #expect(Duration.nanoseconds(7).nanoseconds == 7)
        #expect(Duration.seconds(0.000_000_001_9).nanoseconds == 1)
        #expect((Duration.zero - .seconds(0.000_000_001_9)).nanoseconds == -1)
        #expect(Duration(secondsComponent: 2, attosecondsComponent: 999_999_999).nanoseconds == 2_000_000_000)
        #expect(Duration.nanoseconds(Int64.max).nanoseconds == .max)
        #expect(Duration.nanoseconds(Int64.min).nanoseconds == .min)
    }

    /// Durations beyond Int64 nanoseconds saturate, including those within a second of the edge,
    /// whose whole seconds still fit once multiplied by 10⁹ but whose sum with the fraction does not.
    @Test
    func durationsBeyondInt64NanosecondsSaturate() {
        #expect(Duration.seconds(Int64.max).nanoseconds == .max)
        #expect(Duration.seconds(Int64.min).nanoseconds == .min)
        #expect((Duration.seconds(9_223_372_036) + .milliseconds(900)).nanoseconds == .max)
        #expect((Duration.seconds(-9_223_372_036) - .milliseconds(900)).nanoseconds == .min)
        #expect((Duration.nanoseconds(Int64.max) + .nanoseconds(1)).nanoseconds == .max)
    }
}
