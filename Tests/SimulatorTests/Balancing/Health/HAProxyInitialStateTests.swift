import Testing
@testable import Simulator

/// HAProxy's default `init-state up`: a server starts up with its health at `rise`, so until a
/// check passes it one failed check takes it down; once passed, it takes `fall` failures.
struct HAProxyInitialStateTests {
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
        // s2's first check, at 1 s (2 s × 1/2: the first checks are spread over the interval),
        // times out at 2 s: down then, not after three checks (8 s).
        #expect(fixture.events.map { micros($0.0)! } == [2])
        #expect(fixture.events.map(\.1) == ["s2"])
        #expect(fixture.events.map(\.2) == [.markedDown(.active)])
    }

    @Test func aServerThatPassedItsFirstCheckTakesFallFailures() {
        let check = ActiveHealthCheck(interval: .seconds(2), timeout: .seconds(1), rise: 2, fall: 3)
        let fixture = UpstreamFixture(servers: 2, configuration: .init(retries: 0, healthCheck: check))
        fixture.sim.schedule(after: .milliseconds(500)) { fixture.network.crash("s1") }
        fixture.balancer.startHealthChecks()
        fixture.run(until: 10)
        // s1 passed at 0.001 s; its checks at 2.001, 5.001 and 8.001 s (each 2 s after the last
        // ended) time out 1 s later: down at 9.001 s.
        #expect(fixture.events.map { micros($0.0)! } == [9.001])
        #expect(fixture.events.map(\.2) == [.markedDown(.active)])
    }
}
