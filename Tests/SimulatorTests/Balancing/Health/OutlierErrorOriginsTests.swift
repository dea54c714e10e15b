import Testing
@testable import Simulator

private func at(_ seconds: Double) -> VirtualInstant { .after(.seconds(double: seconds)) }

/// Envoy's consecutive detectors as its router reports each forward (`putResult`,
/// `putHttpResponseCode`, `onConsecutiveErrorWorker`): gateway failures (502, 503, 504) and, with
/// `split_external_local_origin_errors`, local-origin failures. One server of one, ejections
/// always allowed (`max_ejection_percent: 100`), the interval timer every second, so an ejection
/// of 30 s at t ends at the first whole second at or after t + 30.
struct OutlierErrorOriginsTests {
    /// `outcomes` one every 0.1 s from 0.1 s; the instants (in seconds) of the forwards that ejected.
    static func ejections(_ detection: OutlierDetection, _ outcomes: [ForwardOutcome], into state: inout OutlierDetection.State) -> [Double] {
        var ejected: [Double] = []
        for (index, outcome) in outcomes.enumerated() {
            let second = Double(index + 1) / 10
            if detection.record(outcome, into: &state, at: at(second), ejectedNow: 0, total: 1) != nil { ejected.append(second) }
        }
        return ejected
    }

    static func ejections(_ detection: OutlierDetection, _ outcomes: [ForwardOutcome]) -> [Double] {
        var state = OutlierDetection.State()
        return ejections(detection, outcomes, into: &state)
    }

    static func gateway(consecutive: Int = 5, enforcing: Double = 100, consecutiveErrors: Int = 1_000) -> OutlierDetection {
        OutlierDetection(consecutiveErrors: consecutiveErrors, maxEjectionPercent: 100, interval: .seconds(1),
                         gatewayFailure: .init(consecutive: consecutive, enforcing: enforcing))
    }

    static func answers(_ statuses: [Int]) -> [ForwardOutcome] { statuses.map { .answered(status: $0) } }

    /// Five 503s in a row with `enforcing_consecutive_gateway_failure: 100`: the fifth, at 0.5 s,
    /// ejects for 30 s (multiplier 0 → 1), to the tick of 31 s. The gateway count starts again;
    /// the 5xx count (threshold 1,000) is left at 5.
    @Test func fiveGatewayFailuresInARowEjectAtTheFifth() {
        let detection = Self.gateway()
        var state = OutlierDetection.State()
        var lengths: [Duration?] = []
        for index in 1...5 {
            lengths.append(detection.record(.answered(status: 503), into: &state, at: at(Double(index) / 10), ejectedNow: 0, total: 1))
        }
        #expect(lengths == [nil, nil, nil, nil, .milliseconds(30_500)])
        #expect(state.ejectedUntil == at(31))
        #expect(state.consecutiveGatewayFailures == 0 && state.consecutiveErrors == 5 && state.ejections == 1)
    }

    /// 502, 503 and 504 are gateway failures; a 500 is a 5xx but not one, and resets the gateway
    /// count (`isGatewayError` is 502 … 504). 503 × 4, 500, 503 × 4 eject no one; a fifth 503 after
    /// the 500 (the tenth forward, at 1.0 s) does. A server answering only 500s never.
    @Test func aFiveHundredIsNotAGatewayFailureAndResetsTheCount() {
        let detection = Self.gateway()
        #expect(Self.ejections(detection, Self.answers([503, 503, 503, 503, 500, 503, 503, 503, 503])) == [])
        #expect(Self.ejections(detection, Self.answers([503, 503, 503, 503, 500, 502, 504, 503, 503, 503])) == [1.0])
        #expect(Self.ejections(detection, Self.answers(Array(repeating: 500, count: 50))) == [])
        // Any answer below 500 resets it as well.
        #expect(Self.ejections(detection, Self.answers([503, 503, 503, 503, 404, 503, 503, 503, 503])) == [])
    }

    /// Without the split a timeout is Envoy's 504 and a failed connection its 503
    /// (`resultToHttpCode`): both are gateway failures. Three timeouts, a refused and an
    /// unreachable connection: ejected at the fifth, 0.5 s.
    @Test func withoutTheSplitTimeoutsAndConnectErrorsAreGatewayFailures() {
        let outcomes: [ForwardOutcome] = [.failed(.timeout), .failed(.timeout), .failed(.timeout), .failed(.refused), .failed(.unreachable)]
        #expect(Self.ejections(Self.gateway(), outcomes) == [0.5])
    }

    /// Envoy's default `enforcing_consecutive_gateway_failure: 0`: the fifth 503 is detected (the
    /// gateway count starts again) but ejects no one and draws nothing; the 5xx detector
    /// (`consecutive_5xx: 7`) ejects at the seventh, 0.7 s.
    @Test func theDefaultGatewayEnforcingDetectsButNeverEjects() {
        let detection = OutlierDetection(consecutiveErrors: 7, maxEjectionPercent: 100, interval: .seconds(1))
        #expect(detection.gatewayFailure == OutlierDetection.GatewayFailure(consecutive: 5, enforcing: 0))
        var state = OutlierDetection.State()
        #expect(Self.ejections(detection, Self.answers(Array(repeating: 503, count: 6)), into: &state) == [])
        #expect(state.consecutiveGatewayFailures == 1 && state.consecutiveErrors == 6 && state.draws == 0)
        #expect(Self.ejections(detection, Self.answers(Array(repeating: 503, count: 7))) == [0.7])
        // Fifty 503s with the 5xx detector out of reach: never ejected.
        #expect(Self.ejections(Self.gateway(enforcing: 0), Self.answers(Array(repeating: 503, count: 50))) == [])
    }

    /// A 503 that brings both counts to their thresholds asks the gateway detector first (Envoy
    /// posts `onConsecutiveGatewayFailure` before `onConsecutive5xx`): it ejects, and the 5xx
    /// detector finds the server out and leaves its count as it is.
    @Test func theGatewayDetectorAsksBeforeTheFiveHundredsOne() {
        let detection = Self.gateway(consecutive: 3, consecutiveErrors: 3)
        var state = OutlierDetection.State()
        #expect(Self.ejections(detection, Self.answers([503, 503, 503]), into: &state) == [0.3])
        #expect(state.ejections == 1 && state.consecutiveGatewayFailures == 0 && state.consecutiveErrors == 3)
    }

    /// The server's return resets the gateway count too (`unejectHost` →
    /// `resetConsecutiveGatewayFailure`): ejected at 0.5 s to the tick of 31 s, four 503s while out
    /// (count 4), and the first 503 after 31 s counts one, not five.
    @Test func theReturnResetsTheGatewayCount() {
        let detection = Self.gateway()
        var state = OutlierDetection.State()
        #expect(Self.ejections(detection, Self.answers(Array(repeating: 503, count: 5)), into: &state) == [0.5])
        for second in [1.0, 2, 3, 4] {
            #expect(detection.record(.answered(status: 503), into: &state, at: at(second), ejectedNow: 1, total: 1) == nil)
        }
        #expect(state.consecutiveGatewayFailures == 4)
        #expect(detection.record(.answered(status: 503), into: &state, at: at(31.5), ejectedNow: 0, total: 1) == nil)
        #expect(state.consecutiveGatewayFailures == 1)
    }

    static func split(consecutive: Int = 5, consecutiveErrors: Int = 5) -> OutlierDetection {
        OutlierDetection(consecutiveErrors: consecutiveErrors, maxEjectionPercent: 100, interval: .seconds(1),
                         gatewayFailure: .init(consecutive: 1, enforcing: 100), localOrigin: .init(split: true, consecutiveFailures: consecutive))
    }

    /// With the split a timeout is a local-origin result, never a 5xx or a gateway failure (both
    /// thresholds 1 here, and nothing ejects). The connection was made before the per-try timeout
    /// ran (`onPoolReady` reports `LocalOriginConnectSuccess`, then `setupPerTryTimeout`), so each
    /// timeout is a local-origin success and failure, and the local-origin count is 1 after every
    /// one: twenty timeouts in a row eject no one at `consecutive_local_origin_failure: 5`, and the
    /// first ejects at 1.
    @Test func withTheSplitATimeoutIsALocalOriginFailureAfterAConnectionMade() {
        var state = OutlierDetection.State()
        let timeouts = Array(repeating: ForwardOutcome.failed(.timeout), count: 20)
        #expect(Self.ejections(Self.split(consecutiveErrors: 1), timeouts, into: &state) == [])
        #expect(state.consecutiveLocalOriginFailures == 1 && state.consecutiveErrors == 0 && state.consecutiveGatewayFailures == 0)
        // Twenty timeouts from 0.1 to 2.0 s: the one at 2.0 s in the local-origin bucket under
        // way, the ten of [1, 2) s in the last whole one; the answers' buckets empty.
        #expect(state.localCurrent == OutlierDetection.IntervalCounts(successes: 1, requests: 2))
        #expect(state.localPrevious == OutlierDetection.IntervalCounts(successes: 10, requests: 20))
        #expect(state.current == OutlierDetection.IntervalCounts() && state.previous == OutlierDetection.IntervalCounts())
        #expect(Self.ejections(Self.split(consecutive: 1), timeouts) == [0.1])
    }

    /// Failed connections (refused, unreachable) are local-origin failures with no connection
    /// made: five in a row eject at the fifth, 0.5 s, with `enforcing_consecutive_local_origin_failure`'s
    /// default 100.
    @Test func withTheSplitFailedConnectionsInARowEject() {
        let refused: [ForwardOutcome] = [.failed(.refused), .failed(.unreachable), .failed(.refused), .failed(.refused), .failed(.refused)]
        #expect(Self.ejections(Self.split(), refused) == [0.5])
        var off = Self.split()
        off.localOrigin.enforcingConsecutiveFailures = 0
        #expect(Self.ejections(off, refused + refused) == [])
    }

    /// `putHttpResponseCode` leaves the local-origin count alone, but an answer's connection was
    /// made just before it (`LocalOriginConnectSuccess`), which resets the count: four refused, a
    /// 503, four refused eject no one; a fifth refused after the 503 does (the tenth forward,
    /// 1.0 s). The 503 counts as one 5xx (threshold 5) and one gateway failure (enforcing 0 here).
    @Test func anAnswersConnectionResetsTheLocalOriginCount() {
        let four = Array(repeating: ForwardOutcome.failed(.refused), count: 4)
        var detection = Self.split()
        detection.gatewayFailure.enforcing = 0
        var state = OutlierDetection.State()
        #expect(Self.ejections(detection, four + [.answered(status: 503)] + four, into: &state) == [])
        #expect(state.consecutiveLocalOriginFailures == 4 && state.consecutiveErrors == 1)
        #expect(Self.ejections(detection, four + [.answered(status: 503)] + four + [.failed(.refused)]) == [1.0])
        // With the split the answers still reach the gateway detector (threshold 1, enforcing 100):
        // the 503 ejects at 0.5 s.
        #expect(Self.ejections(Self.split(), four + [.answered(status: 503)]) == [0.5])
    }

    /// Without the split (the default) local-origin settings change nothing: five refused
    /// connections are five 5xx (`consecutive_5xx: 5`), ejecting at 0.5 s whatever
    /// `consecutive_local_origin_failure` says.
    @Test func withoutTheSplitLocalOriginSettingsChangeNothing() {
        var detection = OutlierDetection(consecutiveErrors: 5, maxEjectionPercent: 100, interval: .seconds(1))
        detection.localOrigin.consecutiveFailures = 1
        var state = OutlierDetection.State()
        #expect(Self.ejections(detection, Array(repeating: .failed(.refused), count: 5), into: &state) == [0.5])
        #expect(state.localCurrent == OutlierDetection.IntervalCounts() && state.consecutiveLocalOriginFailures == 0)
    }

    /// The split's buckets: an answer is a connection made (local success) and its status (a 5xx
    /// a failure of the answers' bucket); a timeout a local success and failure; a refused
    /// connection a local failure. Without the split each is one outcome in the answers' bucket.
    @Test func theBucketsOfEachOutcome() {
        let outcomes: [ForwardOutcome] = [.answered(status: 200), .answered(status: 503), .failed(.timeout), .failed(.refused)]
        var split = OutlierDetection.State(), joined = OutlierDetection.State()
        let lenient = OutlierDetection(consecutiveErrors: 100, interval: .seconds(10), localOrigin: .init(split: true))
        _ = Self.ejections(lenient, outcomes, into: &split)
        #expect(split.current == OutlierDetection.IntervalCounts(successes: 1, requests: 2))
        #expect(split.localCurrent == OutlierDetection.IntervalCounts(successes: 3, requests: 5))
        _ = Self.ejections(OutlierDetection(consecutiveErrors: 100, interval: .seconds(10)), outcomes, into: &joined)
        #expect(joined.current == OutlierDetection.IntervalCounts(successes: 1, requests: 4))
        #expect(joined.localCurrent == OutlierDetection.IntervalCounts())
    }
}
