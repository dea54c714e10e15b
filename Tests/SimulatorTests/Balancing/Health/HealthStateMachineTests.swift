import Testing
@testable import Simulator

private func at(_ seconds: Double) -> VirtualInstant { .after(.seconds(double: seconds)) }

struct PassiveHealthTests {
    let health = PassiveHealth(maxFails: 3, failTimeout: .seconds(30))

    @Test func theThirdFailureMarksTheServerDownForFailTimeoutThenOneProbeGoesThrough() {
        var state = PassiveHealth.State()
        #expect(health.failed(&state, at: at(1)) == nil)
        #expect(health.failed(&state, at: at(2)) == nil)
        #expect(health.isAvailable(state, at: at(2.5)))
        #expect(health.failed(&state, at: at(3)) == .markedDown)
        #expect(!health.isAvailable(state, at: at(3)))
        #expect(!health.isAvailable(state, at: at(33)), "exactly fail_timeout later it is still down")
        // nginx compares whole seconds: all of second 33 is 33 − 3 = 30, not more than 30.
        #expect(!health.isAvailable(state, at: at(33.999)))
        #expect(health.isAvailable(state, at: at(34)))
        #expect(health.picked(&state, at: at(40)) == .probe)
        #expect(!health.isAvailable(state, at: at(40)), "while the probe is in flight nobody else is sent there")
        #expect(health.succeeded(&state) == .markedUp)
        #expect(health.isAvailable(state, at: at(40)))
        #expect(state.fails == 0)
    }

    @Test func aFailedProbeMarksItDownForAnotherFailTimeout() {
        var state = PassiveHealth.State()
        for second in 1...3 { _ = health.failed(&state, at: at(Double(second))) }
        #expect(health.picked(&state, at: at(34)) == .probe)
        #expect(health.failed(&state, at: at(35)) == .markedDown)
        #expect(!health.isAvailable(state, at: at(65)))
        #expect(!health.isAvailable(state, at: at(65.999)), "second 65 is 30 s after second 35, not more")
        #expect(health.isAvailable(state, at: at(66)))
    }

    @Test func aSuccessRightAfterAFailureDoesNotEraseItButAQuietFailTimeoutDoes() {
        var state = PassiveHealth.State()
        _ = health.failed(&state, at: at(1))
        #expect(health.succeeded(&state) == nil)
        #expect(state.fails == 1, "nginx clears fails only after a check newer than the last failure")
        // A pick in second 31 is no check (31 − 1 = 30, not more than 30): the success keeps it.
        #expect(health.picked(&state, at: at(31.5)) == nil)
        #expect(health.succeeded(&state) == nil)
        #expect(state.fails == 1)
        #expect(health.picked(&state, at: at(32)) == nil)
        #expect(health.succeeded(&state) == nil)
        #expect(state.fails == 0)
    }

    @Test func failuresOfRequestsAlreadyInFlightAreNotNewsButPushTheProbeLater() {
        var state = PassiveHealth.State()
        for second in 1...3 { _ = health.failed(&state, at: at(Double(second))) }
        #expect(health.failed(&state, at: at(10)) == nil)
        #expect(!health.isAvailable(state, at: at(35)))
        #expect(!health.isAvailable(state, at: at(40.5)), "second 40 is 30 s after second 10, not more")
        #expect(health.isAvailable(state, at: at(41)))
    }

    @Test func maxFailsZeroNeverMarksAServerDown() {
        let off = PassiveHealth(maxFails: 0, failTimeout: .seconds(10))
        var state = PassiveHealth.State()
        for second in 1...10 { #expect(off.failed(&state, at: at(Double(second))) == nil) }
        #expect(off.isAvailable(state, at: at(10)))
    }
}

struct ActiveHealthCheckTests {
    @Test func fallConsecutiveFailuresTakeAServerDownAndRisePassesBringItBack() {
        let check = ActiveHealthCheck(interval: .seconds(2), timeout: .seconds(1), rise: 2, fall: 3)
        var state = ActiveHealthCheck.State()
        // The first pass ends the server's trial (HAProxy's health goes from rise to its top).
        let results: [Bool] = [true, false, false, true, false, false, false, true, false, true, true]
        let transitions = results.map { check.record(passed: $0, into: &state) }
        #expect(transitions == [nil, nil, nil, nil, nil, nil, .markedDown, nil, nil, nil, .markedUp])
        #expect(state.isUp)
    }
}

struct OutlierDetectionTests {
    @Test func consecutiveErrorsEjectForBaseTimeTimesTheEjectionCount() {
        let detection = OutlierDetection(consecutiveErrors: 3, baseEjectionTime: .seconds(10), maxEjectionPercent: 100)
        var state = OutlierDetection.State()
        #expect(detection.record(error: true, into: &state, at: at(1), ejectedNow: 0, total: 3) == nil)
        #expect(detection.record(error: false, into: &state, at: at(2), ejectedNow: 0, total: 3) == nil)
        for second in 3...4 { #expect(detection.record(error: true, into: &state, at: at(Double(second)), ejectedNow: 0, total: 3) == nil) }
        // 10 s from 5 s is 15 s; the interval timer (10 s) ends the ejection at its tick at 20 s.
        #expect(detection.record(error: true, into: &state, at: at(5), ejectedNow: 0, total: 3) == .seconds(15))
        #expect(state.isEjected(at: at(19.9)) && !state.isEjected(at: at(20)))
        for second in 21...23 { _ = detection.record(error: true, into: &state, at: at(Double(second)), ejectedNow: 0, total: 3) }
        #expect(state.ejectedUntil == at(50), "the second ejection lasts twice as long: 23 + 20 = 43 s, to the tick at 50 s")
    }

    /// Envoy since 2023 (PR 27909): an ejection is allowed only if the servers ejected after it are at most
    /// `max_ejection_percent` of all; `always_eject_one_host` lets one through whatever it says.
    @Test func maxEjectionPercentCountsTheServerToEject() {
        let detection = OutlierDetection(consecutiveErrors: 1, baseEjectionTime: .seconds(10), maxEjectionPercent: 10)
        var first = OutlierDetection.State(), second = OutlierDetection.State()
        #expect(detection.record(error: true, into: &first, at: at(1), ejectedNow: 0, total: 3) == nil, "1 of 3 is 33 % > 10 %")
        #expect(detection.record(error: true, into: &first, at: at(1), ejectedNow: 0, total: 10) != nil, "1 of 10 is 10 %")
        var oneAlways = detection
        oneAlways.alwaysEjectOneHost = true
        #expect(oneAlways.record(error: true, into: &second, at: at(1), ejectedNow: 0, total: 3) != nil)
        var third = OutlierDetection.State()
        #expect(oneAlways.record(error: true, into: &third, at: at(1), ejectedNow: 1, total: 3) == nil)
        let half = OutlierDetection(consecutiveErrors: 1, baseEjectionTime: .seconds(10), maxEjectionPercent: 50)
        var fourth = OutlierDetection.State(), fifth = OutlierDetection.State()
        #expect(half.record(error: true, into: &fourth, at: at(1), ejectedNow: 1, total: 4) != nil, "2 of 4 is 50 %")
        #expect(half.record(error: true, into: &fifth, at: at(1), ejectedNow: 1, total: 3) == nil, "2 of 3 is 67 % > 50 %")
    }
}

struct SlowStartTests {
    @Test func aRecoveredServerRampsFromTenPercentToItsFullWeight() {
        let slowStart = SlowStart(window: .seconds(30))
        #expect(slowStart.effectiveWeight(4, recoveredAt: nil, now: at(5)) == 4)
        #expect(slowStart.effectiveWeight(4, recoveredAt: at(10), now: at(10)) == 0.4)
        #expect(slowStart.effectiveWeight(4, recoveredAt: at(10), now: at(25)) == 2)
        #expect(slowStart.effectiveWeight(4, recoveredAt: at(10), now: at(40)) == 4)
    }
}

struct GatewayTests {
    @Test func aTokenBucketPassesItsBurstThenItsRate() {
        let limit = TokenBucket.Configuration(rate: 2, burst: 3)
        var bucket = TokenBucket(limit, now: at(0))
        #expect((0..<4).map { _ in bucket.take(limit, at: at(0)) } == [true, true, true, false])
        let early = bucket.take(limit, at: at(0.4))
        let refilled = bucket.take(limit, at: at(0.5))
        let again = bucket.take(limit, at: at(0.5))
        #expect(!early)
        #expect(refilled, "two tokens a second: one more after half a second")
        #expect(!again)
        #expect((0..<4).map { _ in bucket.take(limit, at: at(100)) } == [true, true, true, false], "never more than the burst")
    }

    @Test func theCircuitBreakerOpensOnTheFailureRatioThenHalfOpensAndCloses() {
        var breaker = CircuitBreaker(.init(failureRatio: 0.5, window: 4, minimumRequests: 4, openDuration: .seconds(5), halfOpenRequests: 2))
        var tickets: [CircuitBreaker.Ticket] = []
        for _ in 0..<4 { tickets.append(breaker.admit(at: at(1)).ticket!) }
        #expect(breaker.record(tickets[0], failed: true, at: at(1)) == nil)
        #expect(breaker.record(tickets[1], failed: false, at: at(1)) == nil)
        #expect(breaker.record(tickets[2], failed: false, at: at(1)) == nil)
        #expect(breaker.record(tickets[3], failed: true, at: at(2)) == .opened, "2 failures of the last 4 reach 50 %")
        #expect(breaker.admit(at: at(6.9)).ticket == nil)
        let trial = breaker.admit(at: at(7))
        #expect(trial.transition == .halfOpened)
        let second = breaker.admit(at: at(7)).ticket!
        #expect(breaker.admit(at: at(7)).ticket == nil, "only two trial requests")
        #expect(breaker.record(trial.ticket!, failed: false, at: at(7.1)) == nil)
        #expect(breaker.record(second, failed: false, at: at(7.2)) == .closed)
        #expect(breaker.state == .closed)
    }

    @Test func aFailedTrialReopensAndStaleOutcomesAreIgnored() {
        var breaker = CircuitBreaker(.init(failureRatio: 1, window: 2, minimumRequests: 2, openDuration: .seconds(5), halfOpenRequests: 1))
        let old = breaker.admit(at: at(0)).ticket!
        let a = breaker.admit(at: at(0)).ticket!, b = breaker.admit(at: at(0)).ticket!
        _ = breaker.record(a, failed: true, at: at(1))
        #expect(breaker.record(b, failed: true, at: at(1)) == .opened)
        let trial = breaker.admit(at: at(6)).ticket!
        #expect(breaker.record(old, failed: false, at: at(6.1)) == nil, "a request admitted while closed cannot close it")
        #expect(breaker.state == .halfOpen)
        #expect(breaker.record(trial, failed: true, at: at(6.2)) == .opened)
        #expect(breaker.state == .open(until: at(11.2)))
    }
}
