import Testing
@testable import Simulator

private func at(_ seconds: Double) -> VirtualInstant { .after(.seconds(double: seconds)) }

/// Envoy's ejection multiplier (`ejectTimeBackoff`) and consecutive-error counter.
@Suite struct EnvoyOutlierBackoffTests {
    let detection = OutlierDetection(consecutiveErrors: 3, baseEjectionTime: .seconds(5), maxEjectionPercent: 100)

    func errors(_ count: Int, from second: Double, into state: inout OutlierDetection.State, ejectedNow: Int = 0, total: Int = 3) -> Duration? {
        var length: Duration?
        for index in 0..<count {
            length = detection.record(error: true, into: &state, at: at(second + Double(index) * 0.1), ejectedNow: ejectedNow, total: total) ?? length
        }
        return length
    }

    @Test func theMultiplierShrinksByOneEachIntervalTheServerIsBack() {
        var state = OutlierDetection.State()
        #expect(errors(3, from: 1, into: &state) == .seconds(5))
        #expect(state.ejectedUntil == at(6.2))
        // Back at 6.2 s for less than one interval: the second ejection lasts twice as long.
        #expect(errors(3, from: 10, into: &state) == .seconds(10))
        #expect(state.ejectedUntil == at(20.2) && state.backoff == 2)
        #expect(detection.backoff(of: state, at: at(30.1)) == 2)
        #expect(detection.backoff(of: state, at: at(30.2)) == 1)
        #expect(detection.backoff(of: state, at: at(40.2)) == 0)
        #expect(detection.backoff(of: state, at: at(90)) == 0)
        // 60 s back: the multiplier is down to 0, so the third ejection is 5 s again.
        #expect(errors(3, from: 80, into: &state) == .seconds(5))
        #expect(state.ejections == 3 && state.backoff == 1)
    }

    @Test func theMultiplierStopsGrowingPastTheMaximumEjectionTime() {
        let capped = OutlierDetection(consecutiveErrors: 1, baseEjectionTime: .seconds(10), maximumEjectionTime: .seconds(25), maxEjectionPercent: 100)
        var state = OutlierDetection.State()
        var lengths: [Duration] = []
        var second = 0.0
        for _ in 0..<5 {
            if let length = capped.record(error: true, into: &state, at: at(second), ejectedNow: 0, total: 3) { lengths.append(length) }
            second = state.ejectedUntil!.seconds + 1
        }
        // Each ejection 1 s after the last one ended (less than the 10 s interval): 10, 20, then
        // capped at 25; the multiplier grows while 10 × it < 25 + 10, so to 4.
        #expect(lengths == [.seconds(10), .seconds(20), .seconds(25), .seconds(25), .seconds(25)])
        #expect(state.backoff == 4)
    }

    @Test func anEjectionRefusedByMaxEjectionPercentResetsTheCount() {
        let limited = OutlierDetection(consecutiveErrors: 3, baseEjectionTime: .seconds(5), maxEjectionPercent: 34)
        var state = OutlierDetection.State()
        for index in 0..<3 {
            #expect(limited.record(error: true, into: &state, at: at(1 + Double(index)), ejectedNow: 1, total: 3) == nil)
        }
        #expect(state.consecutiveErrors == 0 && state.ejections == 0)
        // Two more errors are not yet three in a row; the third asks again (now allowed).
        #expect(limited.record(error: true, into: &state, at: at(4), ejectedNow: 0, total: 3) == nil)
        #expect(limited.record(error: true, into: &state, at: at(5), ejectedNow: 0, total: 3) == nil)
        #expect(limited.record(error: true, into: &state, at: at(6), ejectedNow: 0, total: 3) == .seconds(5))
    }

    @Test func errorsWhileEjectedDoNotAskAgainUntilASuccess() {
        var state = OutlierDetection.State()
        #expect(errors(3, from: 1, into: &state) == .seconds(5))
        // Forwards in flight when it was ejected fail: counted, no new ejection.
        #expect(errors(4, from: 2, into: &state) == nil)
        #expect(state.consecutiveErrors == 4)
        // Back at 6.2 s: more errors pass the threshold without asking (Envoy fires at exactly it).
        #expect(errors(3, from: 7, into: &state) == nil)
        #expect(detection.record(error: false, into: &state, at: at(8), ejectedNow: 0, total: 3) == nil)
        #expect(errors(3, from: 9, into: &state) == .seconds(10))
    }
}
