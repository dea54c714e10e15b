import Testing
@testable import Simulator

/// HAProxy's check intervals (`srv_getinter` in `src/server.c`): `inter` while a server's health
/// is at its top, `downinter` while it is down with health 0, `fastinter` in between; and
/// `spread-checks`' jitter on each wait (`process_chk`) and on the first checks' span
/// (`start_check_task`). The fixture's LAN takes 0.5 ms each way and answers a heartbeat at once,
/// so a passed check ends 1 ms after it starts; a check of a crashed server ends at its timeout.
struct HealthCheckIntervalTests {
    // MARK: Which interval

    /// HAProxy's health counter and the interval it picks, state by state, with rise 2 and
    /// fall 3 (health 0…4, the top 4).
    @Test func theIntervalFollowsHAProxysHealthCounter() {
        let check = ActiveHealthCheck(interval: .seconds(2), rise: 2, fall: 3, fastInterval: .milliseconds(500), downInterval: .seconds(5))
        var state = ActiveHealthCheck.State()
        func step(_ passed: Bool) -> (Int, Duration) {
            _ = check.record(passed: passed, into: &state)
            return (check.health(of: state), check.interval(after: state))
        }
        // On trial: health 2 (= rise, below the top 4): fastinter.
        #expect(check.health(of: state) == 2 && check.interval(after: state) == .milliseconds(500))
        // A pass: the top, inter. Failures: 3 and 2 (fastinter, still up), then down at 0: downinter.
        #expect(step(true) == (4, .seconds(2)))
        #expect(step(false) == (3, .milliseconds(500)))
        #expect(step(false) == (2, .milliseconds(500)))
        #expect(step(false) == (0, .seconds(5)))
        // Down: a failure leaves it at 0; one pass of rise 2 is health 1: fastinter; a failure
        // drops it to 0 again; two passes bring it up at the top.
        #expect(step(false) == (0, .seconds(5)))
        #expect(step(true) == (1, .milliseconds(500)))
        #expect(step(false) == (0, .seconds(5)))
        #expect(step(true) == (1, .milliseconds(500)))
        #expect(step(true) == (4, .seconds(2)))
        // A pass after a failure while up goes back to the top at once.
        #expect(step(false) == (3, .milliseconds(500)))
        #expect(step(true) == (4, .seconds(2)))
    }

    /// With fall 1 the trial's health, rise, is the top (`rise + fall - 1`): inter, not fastinter.
    @Test func withFallOneTheTrialIsAtTheTop() {
        let check = ActiveHealthCheck(interval: .seconds(2), rise: 3, fall: 1, fastInterval: .milliseconds(500), downInterval: .seconds(5))
        var state = ActiveHealthCheck.State()
        #expect(check.health(of: state) == 3 && check.interval(after: state) == .seconds(2))
        #expect(check.record(passed: false, into: &state) == .markedDown)
        #expect(check.interval(after: state) == .seconds(5))
        _ = check.record(passed: true, into: &state)
        #expect(check.health(of: state) == 1 && check.interval(after: state) == .milliseconds(500))
    }

    /// Without fastinter and downinter every state waits `interval`, and nothing is drawn.
    @Test func withoutTheVariantsEveryStateWaitsTheInterval() {
        let check = ActiveHealthCheck(interval: .seconds(2), rise: 2, fall: 3)
        var state = ActiveHealthCheck.State()
        var intervals = [check.interval(after: state)]
        for passed in [true, false, false, false, false, true, true] {
            _ = check.record(passed: passed, into: &state)
            intervals.append(check.interval(after: state))
        }
        #expect(intervals == Array(repeating: .seconds(2), count: 8))
        var random = SeededRandom(seed: 1, stream: "any"), untouched = random
        #expect(check.jittered(.seconds(2), random: &random) == .seconds(2))
        #expect(random.next() == untouched.next())
    }

    // MARK: When the checks run

    /// inter 2 s, fastinter 500 ms, timeout 1 s, fall 3: s2 passes its first check at 0.251 s
    /// (the first checks spread over fastinter, 500 ms × 1/2), so its next is 2 s later, at
    /// 2.251 s; it crashed at 1.5 s, so that one times out at 3.251 s. Health 3 of 4: 500 ms
    /// later, 3.751 s, out at 4.751 s; health 2: at 5.251 s, out at 6.251 s, where it is down
    /// (against 9.251 s with inter alone). Down with no downinter: its next check is 2 s later.
    @Test func aCrashedServerIsCheckedAtFastinterUntilItIsDown() {
        let check = ActiveHealthCheck(interval: .seconds(2), timeout: .seconds(1), rise: 2, fall: 3, fastInterval: .milliseconds(500))
        let fixture = UpstreamFixture(servers: 2, configuration: .init(retries: 0, healthCheck: check))
        let log = IntervalCheckLog(fixture)
        fixture.sim.schedule(after: .milliseconds(1_500)) { fixture.network.crash("s2") }
        fixture.balancer.startHealthChecks()
        fixture.run(until: 9)
        #expect(log.starts("s2") == ["0.25", "2.251", "3.751", "5.251", "8.251"])
        #expect(log.ends("s2") == ["0.251 passed", "3.251 failed", "4.751 failed", "6.251 failed"])
        #expect(fixture.events.map { micros($0.0)! } == [6.251])
        #expect(fixture.events.map(\.1) == ["s2"])
        #expect(fixture.events.map(\.2) == [.markedDown(.active)])
        // s1 stays at the top: every 2 s.
        #expect(log.starts("s1") == ["0.0", "2.001", "4.002", "6.003", "8.004"])
    }

    /// downinter 5 s, fastinter 500 ms, rise 3: a server down from the start fails its first
    /// check (at 0, out at 1 s) and is down at once; checked every 5 s after each ends (6 s,
    /// 12 s, 18 s), it fails until its restart at 15 s; it passes at 18.001 s (health 1) and
    /// 18.502 s (health 2), each 500 ms after the last, and the third pass, at 19.003 s, marks
    /// it up: 2 s to its next check.
    @Test func aDownServerIsCheckedAtDowninterAndAtFastinterWhileItRises() {
        let check = ActiveHealthCheck(interval: .seconds(2), timeout: .seconds(1), rise: 3, fall: 2,
                                      fastInterval: .milliseconds(500), downInterval: .seconds(5))
        let fixture = UpstreamFixture(servers: 1, configuration: .init(retries: 0, healthCheck: check))
        let log = IntervalCheckLog(fixture)
        fixture.network.crash("s1")
        fixture.sim.schedule(after: .seconds(15)) { fixture.network.restart("s1") }
        fixture.balancer.startHealthChecks()
        fixture.run(until: 22)
        #expect(log.starts("s1") == ["0.0", "6.0", "12.0", "18.0", "18.501", "19.002", "21.003"])
        #expect(log.ends("s1") == ["1.0 failed", "7.0 failed", "13.0 failed", "18.001 passed", "18.502 passed", "19.003 passed", "21.004 passed"])
        #expect(fixture.events.map { micros($0.0)! } == [1, 19.003])
        #expect(fixture.events.map(\.2) == [.markedDown(.active), .markedUp(.active)])
    }

    /// Servers start on trial, so the first checks are spread over fastinter (600 ms × 0/3, 1/3,
    /// 2/3: 0, 0.2 and 0.4 s); once each passes it is at the top and waits inter (3 s).
    @Test func theFirstChecksAreSpreadOverFastinterSinceServersStartOnTrial() {
        let check = ActiveHealthCheck(interval: .seconds(3), timeout: .seconds(1), rise: 2, fall: 3, fastInterval: .milliseconds(600))
        let fixture = UpstreamFixture(servers: 3, configuration: .init(retries: 0, healthCheck: check))
        let log = IntervalCheckLog(fixture)
        fixture.balancer.startHealthChecks()
        fixture.run(until: 4)
        #expect(log.all == ["0.0 s1", "0.2 s2", "0.4 s3", "3.001 s1", "3.201 s2", "3.401 s3"])
    }

    /// With fall 1 the trial is the top of the health: the first checks are spread over inter
    /// (3 s × 0/3, 1/3, 2/3), fastinter or not.
    @Test func withFallOneTheFirstChecksAreSpreadOverTheInterval() {
        let check = ActiveHealthCheck(interval: .seconds(3), timeout: .seconds(1), rise: 2, fall: 1, fastInterval: .milliseconds(600))
        let fixture = UpstreamFixture(servers: 3, configuration: .init(retries: 0, healthCheck: check))
        let log = IntervalCheckLog(fixture)
        fixture.balancer.startHealthChecks()
        fixture.run(until: 4)
        #expect(log.all == ["0.0 s1", "1.0 s2", "2.0 s3", "3.001 s1"])
    }

    // MARK: spread-checks

    /// The jitter's draws: each server's own stream, its first draw for the span its first check
    /// is placed in, then one per check. Two servers, inter 1 s, spread 50 %: s2's first check at
    /// (1 s ± 500 ms) × 1/2, every next one (1 s ± 500 ms) after the last ended.
    @Test func spreadChecksDrawsFromEachServersOwnStreamInOrder() {
        let check = ActiveHealthCheck(interval: .seconds(1), timeout: .seconds(1), rise: 2, fall: 3, spreadPercent: 50)
        let fixture = UpstreamFixture(servers: 2, configuration: .init(retries: 0, healthCheck: check), seed: 7)
        let log = IntervalCheckLog(fixture)
        fixture.balancer.startHealthChecks()
        fixture.run(until: 6)
        for (position, host) in ["s1", "s2"].enumerated() {
            var random = SeededRandom(seed: 7, stream: "balancer.balancer.health-check.\(host)")
            let span = check.jittered(.seconds(1), random: &random)
            var start = Int64(span.nanoseconds * Int64(position) / 2)
            var expected: [Int64] = []
            while start <= 6_000_000_000 {
                expected.append(start)
                start += 1_000_000 + check.jittered(.seconds(1), random: &random).nanoseconds
            }
            #expect(log.startNanoseconds(host) == expected, "\(host)")
        }
    }

    /// Every wait from the end of a check to the start of the next lies within 1 s ± 20 %, the
    /// waits are not all equal, and s2's and s3's first checks lie within (1 s ± 20 %) × p / 3.
    @Test func theJitterStaysWithinItsBounds() {
        let check = ActiveHealthCheck(interval: .seconds(1), timeout: .seconds(1), rise: 2, fall: 3, spreadPercent: 20)
        let fixture = UpstreamFixture(servers: 3, configuration: .init(retries: 0, healthCheck: check), seed: 3)
        let log = IntervalCheckLog(fixture)
        fixture.balancer.startHealthChecks()
        fixture.run(until: 60)
        var waits: [Int64] = []
        for host in ["s1", "s2", "s3"] {
            let starts = log.startNanoseconds(host)
            #expect(starts.count >= 50)
            // A passed check ends 1 ms after it starts.
            waits += zip(starts, starts.dropFirst()).map { $1 - ($0 + 1_000_000) }
        }
        #expect(waits.allSatisfy { (800_000_000...1_200_000_000).contains($0) })
        #expect(Set(waits).count > waits.count / 2)
        #expect(waits.contains { $0 < 900_000_000 } && waits.contains { $0 > 1_100_000_000 })
        #expect(log.startNanoseconds("s1").first == 0)
        #expect((266_666_666...400_000_000).contains(log.startNanoseconds("s2").first!))
        #expect((533_333_333...800_000_000).contains(log.startNanoseconds("s3").first!))
    }

    /// The same seed gives the same instants; another seed, others.
    @Test func theSameSeedGivesTheSameInstantsAndAnotherSeedOthers() {
        func starts(seed: UInt64) -> [String] {
            let check = ActiveHealthCheck(interval: .seconds(1), timeout: .seconds(1), rise: 2, fall: 3, spreadPercent: 10)
            let fixture = UpstreamFixture(servers: 3, configuration: .init(retries: 0, healthCheck: check), seed: seed)
            let log = IntervalCheckLog(fixture)
            fixture.balancer.startHealthChecks()
            fixture.run(until: 10)
            return log.all
        }
        let first = starts(seed: 11)
        #expect(first.count >= 27)
        #expect(starts(seed: 11) == first)
        #expect(starts(seed: 12) != first)
    }
}

/// The fixture's health checks as they start (the balancer's sends) and end. `@unchecked
/// Sendable`: written on the simulation thread only.
private final class IntervalCheckLog: @unchecked Sendable {
    /// (instant in nanoseconds, hostname) of each check's start, in order.
    var started: [(Int64, String)] = []
    /// "seconds hostname passed|failed" of each check's end, in order.
    var ended: [(String, String)] = []

    init(_ fixture: UpstreamFixture) {
        fixture.sim.trace.sink = { [unowned self] event in
            if event.kind == .send && event.subject == fixture.balancer.id.name { started.append((event.time.nanoseconds, event.object)) }
            if event.kind == .healthCheck {
                ended.append((event.object, "\(micros(event.time.seconds)!) \(event.value == 1 ? "passed" : "failed")"))
            }
        }
    }

    /// Every start as "seconds hostname".
    var all: [String] { started.map { "\(micros(Double($0.0) / 1e9)!) \($0.1)" } }
    /// `host`'s starts in seconds.
    func starts(_ host: String) -> [String] { started.filter { $0.1 == host }.map { "\(micros(Double($0.0) / 1e9)!)" } }
    /// `host`'s starts in nanoseconds.
    func startNanoseconds(_ host: String) -> [Int64] { started.filter { $0.1 == host }.map(\.0) }
    /// `host`'s ends as "seconds passed|failed".
    func ends(_ host: String) -> [String] { ended.filter { $0.0 == host }.map(\.1) }
}
