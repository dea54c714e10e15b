import Testing
@testable import Scenarios
@testable import Simulator

/// The instant a world's run ended, read back from its seconds for the trace's and the metrics'
/// last faults (``ScenarioFile/endInstant(virtualSeconds:)``): `Int64(_:)` of the nanoseconds
/// trapped on NaN and past 2⁶³ − 1 ns; it is clamped to 0 … 200 years, the same to the
/// nanosecond for every run's end in between.
struct RunEndInstantTests {
    @Test func anEndReadBackFromSecondsCannotTrap() {
        #expect(ScenarioFile.endInstant(virtualSeconds: .nan) == .zero)
        #expect(ScenarioFile.endInstant(virtualSeconds: -1) == .zero)
        #expect(ScenarioFile.endInstant(virtualSeconds: .infinity).nanoseconds == Duration.longestNanoseconds)
        #expect(ScenarioFile.endInstant(virtualSeconds: 1e300).nanoseconds == Duration.longestNanoseconds)
        #expect(ScenarioFile.endInstant(virtualSeconds: 9.3e9).nanoseconds == Duration.longestNanoseconds)
    }

    @Test func aRunsEndIsItsInstantToTheNanosecond() {
        #expect(ScenarioFile.endInstant(virtualSeconds: 0) == .zero)
        #expect(ScenarioFile.endInstant(virtualSeconds: 5.038).nanoseconds == 5_038_000_000)
        #expect(ScenarioFile.endInstant(virtualSeconds: 12.345678901).nanoseconds == 12_345_678_901)
        // The longest run, 100 years, read back from its seconds.
        let hundredYears = VirtualInstant(nanoseconds: 100 * 31_557_600 * 1_000_000_000)
        #expect(ScenarioFile.endInstant(virtualSeconds: hundredYears.seconds) == hundredYears)
    }
}
