import Testing
@testable import Simulator

private func at(_ seconds: Double) -> VirtualInstant { .after(.seconds(double: seconds)) }

/// nginx's passive health counts whole seconds (`ngx_time()`, `peer->checked`, `peer->accessed`,
/// `fail_timeout` from `ngx_parse_time(&s, 1)`): a server is out while `now - checked <=
/// fail_timeout`, a pick moves `checked` when `now - checked > fail_timeout`, and a success clears
/// `fails` when `accessed < checked` — all in seconds of the run.
struct PassiveHealthSecondsTests {
    let health = PassiveHealth(maxFails: 1, failTimeout: .seconds(10))

    /// A failure at 10.0 s and one at 10.9 s are both in second 10; second 20 is 10 s later, not
    /// more, so the server is out until 21.0 s in both cases (it was 20.0 s + 1 ns and 20.9 s + 1 ns).
    @Test(arguments: [10.0, 10.9])
    func aFailureAnywhereInSecond10ComesBackAt21Seconds(failedAt: Double) {
        var state = PassiveHealth.State()
        #expect(health.failed(&state, at: at(failedAt)) == .markedDown)
        #expect(state.accessed == 10 && state.checked == 10)
        #expect(!health.isAvailable(state, at: at(20.95)))
        #expect(!health.isAvailable(state, at: VirtualInstant(nanoseconds: 20_999_999_999)))
        #expect(health.isAvailable(state, at: at(21)))
        #expect(health.picked(&state, at: at(21)) == .probe)
        #expect(state.checked == 21)
    }

    /// With `max_fails=2` a server that failed once at 10.5 s stays in rotation. A pick at 20.6 s
    /// is in second 20, 10 s after second 10 and not more: it is no check, so the success of that
    /// request does not clear the failure (`accessed` 10 is not below `checked` 10), and a second
    /// failure at 20.9 s is the second within the window: the server is marked down. Comparing
    /// instants, the pick 10.1 s after the failure was a check and the failure was forgotten.
    @Test func aPickTenSecondsAndAFractionAfterAFailureIsNoCheckWhenInTheTenthSecond() {
        let twice = PassiveHealth(maxFails: 2, failTimeout: .seconds(10))
        var state = PassiveHealth.State()
        #expect(twice.failed(&state, at: at(10.5)) == nil)
        #expect(twice.picked(&state, at: at(20.6)) == nil)
        #expect(state.checked == 10)
        #expect(twice.succeeded(&state) == nil)
        #expect(state.fails == 1)
        #expect(twice.failed(&state, at: at(20.9)) == .markedDown)
        #expect(state.fails == 2)
        // Both stamps are now second 20: out through second 30, probed in second 31.
        #expect(!twice.isAvailable(state, at: at(30.999)))
        #expect(twice.picked(&state, at: at(31)) == .probe)
    }

    /// `accessed < checked` compares seconds. The probe picked at 21.2 s moves `checked` to 21; a
    /// forward that was already in flight fails at 21.7 s, stamping `accessed` and `checked` 21;
    /// the probe's success at 21.9 s then finds `accessed` 21 not below `checked` 21 and clears
    /// nothing: the server stays out until second 32. A success whose check is in a later second
    /// than the failure (the probe at 32 s) clears it.
    @Test func aSuccessDoesNotClearAFailureCountedInTheSecondOfTheLastCheck() {
        var state = PassiveHealth.State()
        #expect(health.failed(&state, at: at(10)) == .markedDown)
        #expect(health.picked(&state, at: at(21.2)) == .probe)
        #expect(health.failed(&state, at: at(21.7)) == .markedDown)
        #expect(health.succeeded(&state) == nil)
        #expect(state.fails == 2 && state.accessed == 21 && state.checked == 21)
        #expect(!health.isAvailable(state, at: at(31.999)))
        #expect(health.picked(&state, at: at(32)) == .probe)
        #expect(health.succeeded(&state) == .markedUp)
        #expect(state.fails == 0)
    }

    /// nginx refuses a `fail_timeout` in milliseconds; whole seconds are what it can hold.
    @Test func onlyWholeSecondsAreFailTimeouts() {
        #expect(PassiveHealth.isWholeSeconds(.seconds(10)))
        #expect(PassiveHealth.isWholeSeconds(.milliseconds(2_000)))
        #expect(!PassiveHealth.isWholeSeconds(.milliseconds(1_500)))
        #expect(!PassiveHealth.isWholeSeconds(.nanoseconds(10_000_000_001)))
    }

    /// In a balancer (plain round robin over s1 and s2, `max_fails=1 fail_timeout=10s`), s2 is
    /// booting until 15 s. The request at 0 s goes to s1; the one at `failedAt` to s2, which
    /// refuses it (marked down one round trip later, still in second 10) and it is retried on s1.
    /// The requests at 20.5 s and 20.95 s go to s1: s2 is still out in second 20. The one at
    /// 21.0 s is s2's probe, answered at 21.002 s (a round trip and 1 ms of service). (Comparing
    /// instants, s2 was back at 20.5 s after a failure at 10.0 s and at 20.95 s after one at
    /// 10.9 s.)
    @Test(arguments: [10.0, 10.9])
    func aServerThatFailedInSecond10IsProbedAt21Seconds(failedAt: Double) {
        let fixture = UpstreamFixture(servers: 2, configuration: .init(retries: 1, passiveHealth: .init(maxFails: 1, failTimeout: .seconds(10))))
        fixture.network.restart("s2", bootTime: .seconds(15))
        let requests = [0.0, failedAt, 20.5, 20.95, 21].map { fixture.route(at: $0) }
        fixture.run(until: 30)
        #expect(requests.allSatisfy { $0.status == 200 })
        #expect(fixture.routes.hostnames == ["s1", "s2", "s1", "s1", "s1", "s2"])
        let events = fixture.events.map { (micros($0.0)!, $0.1, $0.2) }
        #expect(events.map(\.0) == [micros(failedAt + 0.001)!, 21, 21.002])
        #expect(events.map(\.2) == [.markedDown(.passive), .probe, .markedUp(.passive)])
        #expect(events.allSatisfy { $0.1 == "s2" })
    }
}
