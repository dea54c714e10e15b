import Testing
@testable import Simulator

private func at(_ seconds: Double) -> VirtualInstant { .after(.seconds(double: seconds)) }

/// Envoy's ejection multiplier (`ejectTimeBackoff`), its consecutive-error counter, and the
/// interval timer whose ticks end ejections (`onIntervalTimer` → `checkHostForUneject`), ticking
/// every 10 s (Envoy's default `interval`) from 0 s.
struct EnvoyOutlierBackoffTests {
    let detection = OutlierDetection(consecutiveErrors: 3, baseEjectionTime: .seconds(5), maxEjectionPercent: 100)

    func errors(_ count: Int, from second: Double, into state: inout OutlierDetection.State, ejectedNow: Int = 0, total: Int = 3) -> Duration? {
        var length: Duration?
        for index in 0..<count {
            length = detection.record(error: true, into: &state, at: at(second + Double(index) * 0.1), ejectedNow: ejectedNow, total: total) ?? length
        }
        return length
    }

    @Test func theMultiplierShrinksByOneEachTickThatFindsTheServerBackForAnInterval() {
        var state = OutlierDetection.State()
        // Ejected at 1.2 s for 5 s: its time is up at 6.2 s, and the tick at 10 s brings it back.
        #expect(errors(3, from: 1, into: &state) == .milliseconds(8_800))
        #expect(state.ejectedUntil == at(10))
        // Back at 10 s for less than one interval: the second ejection lasts twice as long, from
        // 10.2 s to 20.2 s, and ends at the tick at 30 s.
        #expect(errors(3, from: 10, into: &state) == .milliseconds(19_800))
        #expect(state.ejectedUntil == at(30) && state.backoff == 2)
        // The ticks at 40 s and 50 s find it back for a whole interval: 2 → 1 → 0.
        #expect(detection.backoff(of: state, at: at(39.9)) == 2)
        #expect(detection.backoff(of: state, at: at(40)) == 1)
        #expect(detection.backoff(of: state, at: at(50)) == 0)
        #expect(detection.backoff(of: state, at: at(90)) == 0)
        // So the third ejection is 5 s again: 80.2 → 85.2 s, back at the tick at 90 s.
        #expect(errors(3, from: 80, into: &state) == .milliseconds(9_800))
        #expect(state.ejections == 3 && state.backoff == 1)
    }

    @Test func theMultiplierStopsGrowingPastTheMaximumEjectionTime() {
        let capped = OutlierDetection(consecutiveErrors: 1, baseEjectionTime: .seconds(10), maximumEjectionTime: .seconds(25), maxEjectionPercent: 100,
                                      interval: .seconds(1))
        var state = OutlierDetection.State()
        var lengths: [Duration] = []
        var second = 0.0
        for _ in 0..<5 {
            if let length = capped.record(error: true, into: &state, at: at(second), ejectedNow: 0, total: 3) { lengths.append(length) }
            second = state.ejectedUntil!.seconds + 0.5
        }
        // Each ejection half a second after the last one ended (less than the 1 s interval, so the
        // multiplier never shrinks): 10, 20, then capped at 25 s, each running on to the next
        // whole-second tick; the multiplier grows while 10 × it < 25 + 10, so to 4.
        #expect(lengths == [.seconds(10), .milliseconds(20_500), .milliseconds(25_500), .milliseconds(25_500), .milliseconds(25_500)])
        #expect(state.backoff == 4)
    }

    @Test func anEjectionRefusedByMaxEjectionPercentResetsTheCount() {
        let limited = OutlierDetection(consecutiveErrors: 3, baseEjectionTime: .seconds(5), maxEjectionPercent: 34)
        var state = OutlierDetection.State()
        for index in 0..<3 {
            #expect(limited.record(error: true, into: &state, at: at(1 + Double(index)), ejectedNow: 1, total: 3) == nil)
        }
        #expect(state.consecutiveErrors == 0 && state.ejections == 0)
        // Two more errors are not yet three in a row; the third asks again (one of three is 33 % ≤ 34 %).
        #expect(limited.record(error: true, into: &state, at: at(4), ejectedNow: 0, total: 3) == nil)
        #expect(limited.record(error: true, into: &state, at: at(5), ejectedNow: 0, total: 3) == nil)
        #expect(limited.record(error: true, into: &state, at: at(6), ejectedNow: 0, total: 3) == .seconds(14))
        #expect(state.ejectedUntil == at(20))
    }

    /// Forwards in flight when a server was ejected fail while it is out: they count (Envoy fires
    /// at exactly `consecutive_5xx`, so they ask for nothing), and its return resets the count,
    /// as Envoy's `unejectHost` — three new errors eject it again. Counted on, the four errors
    /// while it was out had carried the count past 3, and a server still failing every request
    /// was never ejected again until a success reset it.
    @Test func aReturningServerStartsCountingAfresh() {
        var state = OutlierDetection.State()
        #expect(errors(3, from: 1, into: &state) == .milliseconds(8_800))
        #expect(errors(4, from: 2, into: &state) == nil)
        #expect(state.consecutiveErrors == 4)
        // Back at the tick at 10 s: the first error after it counts 1.
        #expect(detection.record(error: true, into: &state, at: at(11), ejectedNow: 0, total: 3) == nil)
        #expect(state.consecutiveErrors == 1)
        // The third is three in a row: ejected again at 11.2 s for twice as long, to the tick at 30 s.
        #expect(errors(2, from: 11.1, into: &state) == .milliseconds(18_800))
        #expect(state.ejections == 2 && state.ejectedUntil == at(30))
    }
}
