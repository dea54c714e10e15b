import Testing
@testable import Simulator

/// When the active checks run, as HAProxy's `src/check.c` schedules them: one check task per
/// server, the first checks spread over the interval (`start_check_task`), at most one check of a
/// server in flight, the next one `interval` after the previous one ended (`process_chk`).
/// The fixture's LAN takes 0.5 ms each way and answers a heartbeat at once, so a passed check
/// ends 1 ms after it starts.
struct HealthCheckSchedulingTests {
    @Test func theFirstChecksAreSpreadOverTheInterval() {
        let check = ActiveHealthCheck(interval: .seconds(3), timeout: .seconds(1), rise: 2, fall: 3)
        let fixture = UpstreamFixture(servers: 3, configuration: .init(retries: 0, healthCheck: check))
        let checks = CheckLog(fixture)
        fixture.balancer.startHealthChecks()
        fixture.run(until: 7)
        // s1, s2, s3 at 0, 1 and 2 s (3 s × 0/3, 1/3, 2/3); each next one 3 s after the last ended.
        #expect(checks.starts == ["0.0 s1", "1.0 s2", "2.0 s3", "3.001 s1", "4.001 s2", "5.001 s3", "6.002 s1"])
        #expect(checks.ends == ["0.001 s1 passed", "1.001 s2 passed", "2.001 s3 passed", "3.002 s1 passed",
                                "4.002 s2 passed", "5.002 s3 passed", "6.003 s1 passed"])
        #expect(fixture.events.isEmpty)
    }

    @Test func aServerHasOneCheckInFlightAtATime() {
        let check = ActiveHealthCheck(interval: .seconds(1), timeout: .seconds(4), rise: 2, fall: 3)
        let fixture = UpstreamFixture(servers: 1, configuration: .init(retries: 0, healthCheck: check))
        let checks = CheckLog(fixture)
        fixture.network.hang("s1", for: nil)
        fixture.balancer.startHealthChecks()
        fixture.run(until: 18)
        // Each check times out 4 s after it started; the next starts 1 s later: 5 s apart, never
        // overlapping (a fixed 1 s clock would have had four in flight).
        #expect(checks.starts == ["0.0 s1", "5.0 s1", "10.0 s1", "15.0 s1"])
        #expect(checks.ends == ["4.0 s1 failed", "9.0 s1 failed", "14.0 s1 failed"])
        // On trial, the first failure takes it down.
        #expect(fixture.events.map { micros($0.0)! } == [4])
        #expect(fixture.balancer.stats.servers[0].failedHealthChecks == 3)
    }

    @Test func aCrashIsDetectedWhenTheFallthFailedCheckEndsAndARestartWhenTheRisethPasses() {
        let check = ActiveHealthCheck(interval: .seconds(2), timeout: .seconds(1), rise: 2, fall: 3)
        let fixture = UpstreamFixture(servers: 2, configuration: .init(retries: 0, healthCheck: check))
        let checks = CheckLog(fixture)
        fixture.sim.schedule(after: .milliseconds(1_500)) { fixture.network.crash("s2") }
        fixture.sim.schedule(after: .seconds(11)) { fixture.network.restart("s2") }
        fixture.balancer.startHealthChecks()
        fixture.run(until: 16)
        // s2 passes at 1.001 s; its checks at 3.001, 6.001 and 9.001 s time out 1 s later, 3 s
        // apart: down at 10.001 s. Restarted at 11 s, it passes at 12.002 and 14.003 s: up then.
        #expect(checks.ends.filter { $0.hasSuffix("s2 failed") || $0.hasSuffix("s2 passed") }
            == ["1.001 s2 passed", "4.001 s2 failed", "7.001 s2 failed", "10.001 s2 failed", "12.002 s2 passed", "14.003 s2 passed"])
        #expect(fixture.events.map { micros($0.0)! } == [10.001, 14.003])
        #expect(fixture.events.map(\.1) == ["s2", "s2"])
        #expect(fixture.events.map(\.2) == [.markedDown(.active), .markedUp(.active)])
    }

    @Test func aServerThatJoinsIsCheckedAtOnceAndARemovedOneNoMore() {
        let check = ActiveHealthCheck(interval: .seconds(3), timeout: .seconds(1), rise: 2, fall: 3)
        let fixture = UpstreamFixture(servers: 3, configuration: .init(retries: 0, healthCheck: check))
        let checks = CheckLog(fixture)
        let balancer = fixture.balancer, sim = fixture.sim
        sim.spawn("operations") { _ in
            await sim.sleep(until: .after(.milliseconds(500)))
            // s3 (id 3) goes before its first check at 2 s; s4 takes its id and is checked at once.
            _ = try! await balancer.rm(n: 1, hostnames: ["s3"])
            _ = try! await balancer.add(n: 1, hostnames: ["s4"])
        }
        fixture.balancer.startHealthChecks()
        fixture.run(until: 7)
        #expect(!checks.starts.contains { $0.hasSuffix("s3") })
        // One loop for id 3: s3's, asleep until 2 s, ends when it finds another member there.
        #expect(checks.starts.filter { $0.hasSuffix("s4") } == ["0.5 s4", "3.501 s4", "6.502 s4"])
        #expect(checks.starts.filter { $0.hasSuffix("s1") || $0.hasSuffix("s2") } == ["0.0 s1", "1.0 s2", "3.001 s1", "4.001 s2", "6.002 s1"])
    }
}

/// The fixture's health checks as they start (the balancer's sends: no requests are routed) and
/// end, as "seconds hostname" and "seconds hostname passed|failed". `@unchecked Sendable`:
/// written on the simulation thread only.
private final class CheckLog: @unchecked Sendable {
    var starts: [String] = []
    var ends: [String] = []

    init(_ fixture: UpstreamFixture) {
        fixture.sim.trace.sink = { [unowned self] event in
            let at = micros(event.time.seconds)!
            if event.kind == .send && event.subject == fixture.balancer.id.name { starts.append("\(at) \(event.object)") }
            if event.kind == .healthCheck { ends.append("\(at) \(event.object) \(event.value == 1 ? "passed" : "failed")") }
        }
    }
}
