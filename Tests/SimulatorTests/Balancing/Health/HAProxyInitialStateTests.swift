import Testing
@testable import Simulator

/// HAProxy's default `init-state up`: a server starts up with its health at `rise`, so until a
/// check passes it one failed check takes it down; once passed, it takes `fall` failures.
@Suite struct HAProxyInitialStateTests {
    @Test func untilACheckPassesOneFailureTakesTheServerDown() {
        let check = ActiveHealthCheck(rise: 2, fall: 3)
        var state = ActiveHealthCheck.State()
        #expect(state.isUp && state.onTrial)
        #expect(check.record(passed: false, into: &state) == .markedDown)
        #expect(!state.isUp && !state.onTrial)
        // Down: rise passes bring it back fully up, and then it takes fall failures.
        #expect(check.record(passed: true, into: &state) == nil)
        #expect(check.record(passed: true, into: &state) == .markedUp)
        #expect(check.record(passed: false, into: &state) == nil)
        #expect(check.record(passed: false, into: &state) == nil)
        #expect(check.record(passed: false, into: &state) == .markedDown)
    }

    @Test func aPassedFirstCheckEndsTheTrial() {
        let check = ActiveHealthCheck(rise: 2, fall: 3)
        var state = ActiveHealthCheck.State()
        let transitions = [true, false, false, false].map { check.record(passed: $0, into: &state) }
        #expect(transitions == [nil, nil, nil, .markedDown])
    }

    @Test func aServerDownFromTheStartIsMarkedDownAtItsFirstCheck() {
        let check = ActiveHealthCheck(interval: .seconds(2), timeout: .seconds(1), rise: 2, fall: 3)
        let fixture = UpstreamFixture(servers: 2, configuration: .init(retries: 0, healthCheck: check))
        fixture.network.crash("s2")
        fixture.balancer.startHealthChecks()
        fixture.run(until: 10)
        // The check at 0 s times out at 1 s: down then, not after three checks (5 s).
        #expect(fixture.events.map { micros($0.0)! } == [1])
        #expect(fixture.events.map(\.1) == ["s2"])
        #expect(fixture.events.map(\.2) == [.markedDown(.active)])
    }

    @Test func aServerThatPassedItsFirstCheckTakesFallFailures() {
        let check = ActiveHealthCheck(interval: .seconds(2), timeout: .seconds(1), rise: 2, fall: 3)
        let fixture = UpstreamFixture(servers: 2, configuration: .init(retries: 0, healthCheck: check))
        fixture.sim.schedule(after: .milliseconds(500)) { fixture.network.crash("s2") }
        fixture.balancer.startHealthChecks()
        fixture.run(until: 10)
        // Passed at 0 s; the checks at 2, 4 and 6 s time out: down at 7 s.
        #expect(fixture.events.map { micros($0.0)! } == [7])
        #expect(fixture.events.map(\.2) == [.markedDown(.active)])
    }
}
