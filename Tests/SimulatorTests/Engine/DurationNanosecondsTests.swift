import PropertyBased
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

    /// Durations whose attosecond count fits 64 bits are divided as `Int64`: the same whole
    /// nanoseconds as the 128-bit division, on both sides of zero and of the 64-bit edge.
    @Test
    func smallAndLargeDurationsDivideAlike() async {
        func reference(_ duration: Duration) -> Int64 {
            let nanoseconds = duration.attoseconds / 1_000_000_000
            return Int64(clamping: nanoseconds)
        }
        await propertyCheck(input: Gen.int64(in: .min ... .max), Gen.int64(in: -2_000_000_000_000_000_000 ... 2_000_000_000_000_000_000)) { seconds, attoseconds in
            let wide = Duration(secondsComponent: seconds >> 30, attosecondsComponent: attoseconds)
            let small = Duration(secondsComponent: 0, attosecondsComponent: attoseconds)
            #expect(wide.nanoseconds == reference(wide))
            #expect(small.nanoseconds == reference(small))
        }
        let edge = Int128(Int64.max)
        for attoseconds in [edge, edge + 1, -edge - 1, -edge - 2, 999_999_999, -999_999_999, 1_000_000_000, -1_000_000_000] {
            let duration = Duration(secondsComponent: Int64(attoseconds / 1_000_000_000_000_000_000),
                                    attosecondsComponent: Int64(attoseconds % 1_000_000_000_000_000_000))
            #expect(duration.attoseconds == attoseconds)
            #expect(duration.nanoseconds == reference(duration))
        }
    }
}
