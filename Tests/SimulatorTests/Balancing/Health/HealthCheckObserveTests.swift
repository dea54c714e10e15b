import Testing
@testable import Simulator

/// HAProxy's `observe layer4|layer7` with `error-limit` and `on-error` (`__health_adjust` in
/// `src/check.c`, the statuses of `analyze_statuses`, the calls in `http_ana.c`, `stream.c` and
/// `backend.c`). The fixture: two servers behind round robin (requests alternate s1, s2 while
/// both are up), a LAN of 0.5 ms each way, 1 ms of service, so a forward is answered 2 ms after
/// it leaves and a passed check ends 1 ms after it starts; a forward to a crashed server times
/// out 500 ms after it leaves (the balancer's forward timeout). s2 answers every request with a
/// 500 (its health endpoint still with a 200) unless crashed.
struct HealthCheckObserveTests {
    // MARK: What counts

    /// `analyze_statuses`: layer 4 judges the connection (any answer good, none an error); layer
    /// 7 the status (100–499, 501 and 505 good, the rest errors) and no answer as an error.
    @Test func whatEachLayerCounts() {
        let answers = [100, 200, 404, 499, 500, 501, 502, 503, 504, 505, 506, 99].map { ForwardOutcome.answered(status: $0) }
        #expect(answers.map { ActiveHealthCheck.judges($0, at: .layer7) } == [true, true, true, true, false, true, false, false, false, true, false, false])
        #expect(answers.allSatisfy { ActiveHealthCheck.judges($0, at: .layer4) == true })
        for error in [NetworkError.timeout, .refused, .unreachable] {
            #expect(ActiveHealthCheck.judges(.failed(error), at: .layer4) == false)
            #expect(ActiveHealthCheck.judges(.failed(error), at: .layer7) == false)
        }
    }

    /// The count: errors add up, a good outcome resets it, the limit acts and starts it again; a
    /// 501 is a good answer at layer 7 (a client's request caused it), so it resets too.
    @Test func aGoodOutcomeResetsTheCountAndTheLimitStartsItAgain() {
        let check = ActiveHealthCheck(rise: 2, fall: 3, observe: .init(layer: .layer7, errorLimit: 3, onError: .fastInterval))
        var state = ActiveHealthCheck.State()
        let fiveHundred = ForwardOutcome.answered(status: 500)
        #expect(check.observe(fiveHundred, into: &state) == nil && check.observe(fiveHundred, into: &state) == nil)
        #expect(state.observedErrors == 2)
        #expect(check.observe(.answered(status: 501), into: &state) == nil && state.observedErrors == 0)
        #expect(check.observe(fiveHundred, into: &state) == nil && check.observe(.failed(.timeout), into: &state) == nil)
        #expect(!state.forcesFastInterval)
        #expect(check.observe(fiveHundred, into: &state) == .init(transition: nil, failedCheck: false))
        #expect(state.observedErrors == 0 && state.forcesFastInterval && state.isUp && check.health(of: state) == 2)
        // Nothing observed: nothing counted.
        let blind = ActiveHealthCheck(rise: 2, fall: 3)
        #expect(blind.observe(fiveHundred, into: &state) == nil && state.observedErrors == 0)
    }

    /// A passed check clears the observed errors: `set_server_check_status` stores 0 in
    /// `consecutive_errors` on every pass, so two 500s, a passed check and a third 500 are one
    /// error, not the limit (an outside checker's world: Orrery had marked the server down there).
    @Test func aPassedCheckClearsTheObservedErrors() {
        let check = ActiveHealthCheck(rise: 2, fall: 3, observe: .init(layer: .layer7, errorLimit: 3, onError: .markDown))
        var state = ActiveHealthCheck.State()
        let fiveHundred = ForwardOutcome.answered(status: 500)
        #expect(check.observe(fiveHundred, into: &state) == nil && check.observe(fiveHundred, into: &state) == nil)
        #expect(check.record(passed: true, into: &state) == nil)
        #expect(state.observedErrors == 0)
        #expect(check.observe(fiveHundred, into: &state) == nil && state.observedErrors == 1 && state.isUp)
        // A failed check leaves them.
        #expect(check.record(passed: false, into: &state) == nil && state.observedErrors == 1)
    }

    /// The modes on HAProxy's health counter (rise 2, fall 3: 0…4, up from 2), from the top:
    /// fail_check lowers it by one (4 → 3 → 2 → down); sudden_death sets it to rise + 1 = 3 and
    /// lowers it (2: one failure from down), then down; mark_down sets it to rise and lowers it:
    /// down at once.
    @Test(arguments: [
        (ActiveHealthCheck.ErrorAction.failCheck, [3, 2, 0]),
        (.suddenDeath, [2, 0, 0]),
        (.markDown, [0, 0, 0]),
        (.fastInterval, [4, 4, 4]),
    ])
    func eachModeOnTheHealthCounter(_ mode: ActiveHealthCheck.ErrorAction, _ healths: [Int]) {
        let check = ActiveHealthCheck(rise: 2, fall: 3, observe: .init(layer: .layer4, errorLimit: 1, onError: mode))
        var state = ActiveHealthCheck.State()
        _ = check.record(passed: true, into: &state)
        var seen: [Int] = [], downs = 0
        for _ in 0..<3 {
            let reached = check.observe(.failed(.refused), into: &state)
            if reached?.transition == .markedDown { downs += 1 }
            seen.append(check.health(of: state))
        }
        #expect(seen == healths)
        #expect(downs == (mode == .fastInterval ? 0 : 1))
    }

    // MARK: In a world

    /// error_limit 3, mark_down, layer 7: s2's 500s at 0.202, 0.402 and 0.602 s; the third marks
    /// it down then. Its first check (1 s: the first checks spread over the 2 s interval) passes
    /// at 1.001 s (health 1 of rise 2); the next starts 2 s later and passes at 3.002 s: up.
    @Test func markDownTakesTheServerDownAtTheLimitsError() {
        let fixture = Self.world(.init(layer: .layer7, errorLimit: 3, onError: .markDown))
        Self.route(fixture, from: 0.1, to: 0.6)
        fixture.run(until: 4)
        #expect(fixture.events.map { micros($0.0)! } == [0.602, 3.002])
        #expect(fixture.events.map(\.1) == ["s2", "s2"])
        #expect(fixture.events.map(\.2) == [.markedDown(.active), .markedUp(.active)])
    }

    /// At layer 4 a 500 is a connection made: it never counts.
    @Test func atLayerFourAnAnswerIsGood() {
        let fixture = Self.world(.init(layer: .layer4, errorLimit: 3, onError: .markDown))
        Self.route(fixture, from: 0.1, to: 1.5)
        fixture.run(until: 4)
        #expect(fixture.events.isEmpty)
    }

    /// A good answer between: s2's 500s at 0.202 and 0.402 s, its 404 (a path it does not serve)
    /// at 0.602 s resets the count, and so does its first check, passed at 1.001 s, after the 500
    /// of 0.802 s; so the third error in a row is the 500 of 1.402 s (after 1.002 and 1.202 s),
    /// not 0.802 s.
    @Test func aGoodAnswerBetweenResetsTheCount() {
        let fixture = Self.world(.init(layer: .layer7, errorLimit: 3, onError: .markDown))
        for tenth in 1...16 { _ = fixture.route(at: Double(tenth) / 10, path: tenth == 6 ? "missing" : "home") }
        fixture.run(until: 2)
        #expect(fixture.events.map { micros($0.0)! } == [1.402])
        #expect(fixture.events.map(\.2) == [.markedDown(.active)])
    }

    /// fail_check: before any check has passed s2 is on trial (health at rise), so the first
    /// round — the 500 of 0.602 s — takes it down, as one failed check would.
    @Test func failCheckOnTrialIsDownAtTheFirstRound() {
        let fixture = Self.world(.init(layer: .layer7, errorLimit: 3, onError: .failCheck))
        Self.route(fixture, from: 0.1, to: 0.6)
        fixture.run(until: 1)
        #expect(fixture.events.map { micros($0.0)! } == [0.602])
    }

    /// After s2's first check passed (1.001 s: health 4, the top), each round of three 500s is one
    /// failed check. Requests from 1.1 s every 100 ms give s2 those of 1.2 … 2.8 s: fail_check
    /// lowers its health at 1.602 s (3) and 2.202 s (2) and takes it down at 2.802 s; sudden_death
    /// sets it to 3 and lowers it to 2 at 1.602 s, and the next round is its end, at 2.202 s.
    /// No check comes between: the next is at 3.001 s (no fastinter, nothing is woken).
    @Test(arguments: [(ActiveHealthCheck.ErrorAction.failCheck, 2.802), (.suddenDeath, 2.202)])
    func afterAPassedCheckEachRoundIsOneFailedCheck(_ mode: ActiveHealthCheck.ErrorAction, _ down: Double) {
        let fixture = Self.world(.init(layer: .layer7, errorLimit: 3, onError: mode))
        Self.route(fixture, from: 1.1, to: 2.8)
        fixture.run(until: 3)
        #expect(fixture.events.map { micros($0.0)! } == [down])
        #expect(fixture.events.map(\.1) == ["s2"])
    }

    /// fastinter 500 ms, on_error fastinter: the first checks are spread over fastinter, so s2's
    /// is at 0.25 s and passes at 0.251 s (the top: next at 2.251 s). Its 500s at 0.402, 0.602
    /// and 0.802 s reach the limit: the next check moves to 0.802 + 0.5 = 1.302 s (fastinter,
    /// forced at the top), which passes; the forced interval is then cleared: 2 s to 3.303 s.
    /// Nothing is marked. Without observe s2 is checked at 0.25, 2.251 and 4.252 s.
    @Test func fastinterMovesTheNextCheckForward() {
        let check = ActiveHealthCheck(interval: .seconds(2), timeout: .seconds(1), rise: 2, fall: 3, fastInterval: .milliseconds(500),
                                      observe: .init(layer: .layer7, errorLimit: 3, onError: .fastInterval))
        let fixture = Self.world(check: check)
        let log = ObservedCheckLog(fixture)
        let requests = Self.route(fixture, from: 0.3, to: 0.8)
        fixture.run(until: 4)
        #expect(log.starts("s2", requests: requests) == ["0.25", "1.302", "3.303"])
        #expect(log.ends("s2") == ["0.251 passed", "1.303 passed", "3.304 passed"])
        #expect(fixture.events.isEmpty)
    }

    /// fastinter 500 ms, layer 4, error_limit 2, fail_check, s2 crashed at 2 s: its check of
    /// 2.251 s is in flight (it would time out at 3.251 s) when its forwards of 2.2 and 2.4 s
    /// time out, at 2.7 and 2.9 s. The second fails a check (health 4 → 3) and ends the one in
    /// flight there; the next is fastinter later, at 3.4 s, and fails at 4.4 s (2); the next at
    /// 4.9 s fails at 5.9 s: down, 0.351 s before the checks alone would (6.251 s). Down, the
    /// next check waits the interval: 7.9 s.
    @Test func aFailedCheckEndsTheCheckInFlightWithFastinter() {
        let check = ActiveHealthCheck(interval: .seconds(2), timeout: .seconds(1), rise: 2, fall: 3, fastInterval: .milliseconds(500),
                                      observe: .init(layer: .layer4, errorLimit: 2, onError: .failCheck))
        let fixture = Self.world(check: check)
        let log = ObservedCheckLog(fixture)
        fixture.sim.schedule(after: .seconds(2)) { fixture.network.crash("s2") }
        let requests = Self.route(fixture, from: 2.1, to: 2.4)
        fixture.run(until: 8)
        #expect(log.starts("s2", requests: requests) == ["0.25", "2.251", "3.4", "4.9", "7.9"])
        #expect(log.ends("s2") == ["0.251 passed", "4.4 failed", "5.9 failed"])
        #expect(fixture.events.map { micros($0.0)! } == [5.9])
        #expect(fixture.events.map(\.2) == [.markedDown(.active)])
    }

    /// Without fastinter nothing is woken: s2 (crashed at 2 s) is checked at 3.001 s, in flight
    /// to 4.001 s, when its forwards of 3.1 and 3.3 s time out at 3.6 and 3.8 s: the second fails
    /// a check (health 3) and with it the check in flight, whose own timeout at 4.001 s then
    /// counts for nothing. The next waits the interval from there (6.001 s, out at 7.001 s: 2),
    /// and 9.001 s takes it down at 10.001 s.
    @Test func withoutFastinterTheCheckInFlightRunsOutAndCountsForNothing() {
        let check = ActiveHealthCheck(interval: .seconds(2), timeout: .seconds(1), rise: 2, fall: 3,
                                      observe: .init(layer: .layer7, errorLimit: 2, onError: .failCheck))
        let fixture = Self.world(check: check)
        let log = ObservedCheckLog(fixture)
        fixture.sim.schedule(after: .seconds(2)) { fixture.network.crash("s2") }
        let requests = Self.route(fixture, from: 3.0, to: 3.3)
        fixture.run(until: 11)
        #expect(log.starts("s2", requests: requests) == ["1.0", "3.001", "6.001", "9.001"])
        #expect(log.ends("s2") == ["1.001 passed", "7.001 failed", "10.001 failed"])
        #expect(fixture.events.map { micros($0.0)! } == [10.001])
    }

    // MARK: Fixture

    /// Two servers, s2 answering 500s, checked with inter 2 s, timeout 1 s, rise 2, fall 3 and
    /// `observation`; the checks started at 0.
    static func world(_ observation: ActiveHealthCheck.Observation) -> UpstreamFixture {
        world(check: ActiveHealthCheck(interval: .seconds(2), timeout: .seconds(1), rise: 2, fall: 3, observe: observation))
    }

    static func world(check: ActiveHealthCheck) -> UpstreamFixture {
        let fixture = UpstreamFixture(servers: 2, configuration: .init(retries: 0, healthCheck: check), errorRates: [2: 1])
        fixture.balancer.startHealthChecks()
        return fixture
    }

    /// A request every 100 ms from `first` to `last` seconds; returns their instants as the
    /// check log writes them.
    @discardableResult
    static func route(_ fixture: UpstreamFixture, from first: Double, to last: Double) -> Set<String> {
        var instants: Set<String> = []
        for tenth in Int((first * 10).rounded())...Int((last * 10).rounded()) {
            _ = fixture.route(at: Double(tenth) / 10)
            instants.insert("\(micros(Double(tenth) / 10)!)")
        }
        return instants
    }
}

/// The fixture's health checks of each server as they start and end. `@unchecked Sendable`:
/// written on the simulation thread only.
private final class ObservedCheckLog: @unchecked Sendable {
    var started: [(String, String)] = []
    var ended: [(String, String)] = []

    init(_ fixture: UpstreamFixture) {
        fixture.sim.trace.sink = { [unowned self] event in
            // The balancer's sends: its checks, and its forwards (told apart by their instants).
            if event.kind == .send && event.subject == fixture.balancer.id.name {
                started.append((event.object, "\(micros(event.time.seconds)!)"))
            }
            if event.kind == .healthCheck {
                ended.append((event.object, "\(micros(event.time.seconds)!) \(event.value == 1 ? "passed" : "failed")"))
            }
        }
    }

    /// `host`'s check starts: the balancer's sends to it at none of the `requests`' instants.
    func starts(_ host: String, requests: Set<String>) -> [String] { started.filter { $0.0 == host && !requests.contains($0.1) }.map(\.1) }
    func ends(_ host: String) -> [String] { ended.filter { $0.0 == host }.map(\.1) }
}
