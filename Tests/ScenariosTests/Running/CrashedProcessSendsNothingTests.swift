import Testing
@testable import Scenarios
@testable import Simulator

/// Checker C's F2, F3 and F7 (s81), scaled down: a crashed backup host's bucket setup kept
/// retrying while it was down (a `send` from bkhost inside its downtime) and its next retry went
/// out as the restarted process's, whose sync due at 10 s was then skipped as "still busy"; a
/// balancer paused, then crashed inside the pause, left the answers the pause held with no trace
/// line. A crashed process now sends nothing — its retries stop with it — and an answer held for
/// it is a `drop` from the answerer at the crash.
struct CrashedProcessSendsNothingWorldTests {
    /// Every event of the run of `text`, with the result.
    static func run(_ text: String) throws -> (result: RunResult, events: [TraceEvent]) {
        let events = TraceEvents()
        let result = ScenarioRunner.run(try ScenarioLoader.parse(text, file: "crashed-process.yaml"), traceSink: { events.all.append($0) })
        return (result, events.all)
    }

    /// The `send` and `drop` lines from each node between its crash and its restart, in trace order.
    static func linesInsideDowntimes(_ events: [TraceEvent]) -> [String] {
        var down: Set<String> = []
        var inside: [String] = []
        for event in events {
            switch event.kind {
            case .crash: down.insert(event.subject)
            case .restart: down.remove(event.subject)
            case .send, .drop:
                guard down.contains(event.subject) else { continue }
                inside.append("\(event.time.nanoseconds) \(event.kind) \(event.subject) \(event.object)")
            default: break
            }
        }
        return inside
    }

    /// C's bk2 for 35 s: bkhost crashed at 0 s (just after its first bucket request) and
    /// restarted at 6 s. Before: 2 syncs and 1 skipped (10 s), a retry `send` from bkhost at
    /// 5.09 s; now the syncs at 10, 20 and 30 s all run, as in the world without faults.
    @Test func aCrashedBackupHostsSetupStopsAndItsSyncsAllRun() throws {
        let (result, events) = try Self.run("""
            seed: 8
            run: {duration: 35s}
            object_store:
              buckets: [{name: bkb}]
            backup:
              host: bkhost
              bucket: bkb
              sync_interval: 10s
              first_backup_at: 100s
              backup_interval: 1h
              retention_days: 1
              source: {files: 10, file_size: {median: 8KiB, sigma: 0.8}, change_every: 5s, changes_per_round: 2}
            faults:
              - {at: 0s, crash: bkhost}
              - {at: 6s, restart: bkhost}
            """)
        #expect(result.value(of: BackupMetric.syncs.metric) == 3)
        #expect(result.value(of: BackupMetric.skippedSyncs.metric) == 0)
        #expect(Self.linesInsideDowntimes(events) == [])
        let firstSends = events.filter { $0.kind == .send && $0.subject == "bkhost" }.prefix(2).map(\.time.nanoseconds)
        #expect(firstSends == [0, 10_000_000_000])
    }

    /// C's b1 at 50 requests a second for 7.5 s: the balancer paused at 6.0 s for 0.3 s and
    /// crashed at 6.1 s. s3's answer held by the pause, before traced neither `respond` nor
    /// `drop`, is a `drop` from s3 at the crash: every forward to s1 and s3 has one of the two.
    @Test func answersHeldByAPauseAreDroppedAtTheCallersCrash() throws {
        let (_, events) = try Self.run("""
            seed: 5
            run: {duration: 7.5s}
            network: {latency: 1ms}
            servers:
              - {name: s, count: 3, slots: 4, queue: 20, service_time: {exponential: 20ms}}
            balancer:
              strategy: round_robin
              forward_timeout: 2s
              retries: {tries: 2, on: [error, timeout]}
              passive_health: {max_fails: 2, fail_timeout: 5s}
              health_check: {interval: 1s, timeout: 500ms, rise: 2, fall: 2}
            workload: {type: open_loop, rate: 50, timeout: 3s}
            faults:
              - {at: 2s, crash: s2}
              - {at: 3s, crash: balancer}
              - {at: 3.5s, restart: balancer, boot_time: 200ms}
              - {at: 5s, restart: s2, boot_time: 100ms}
              - {at: 6s, pause: balancer, for: 300ms}
              - {at: 6.1s, crash: balancer}
              - {at: 7s, restart: balancer}
            """)
        func count(_ kind: TraceKind, _ server: String) -> Int {
            events.filter { kind == .send ? ($0.kind == kind && $0.subject == "balancer" && $0.object == server)
                                          : ($0.kind == kind && $0.subject == server && $0.object == "balancer") }.count
        }
        #expect([count(.send, "s1"), count(.respond, "s1"), count(.drop, "s1")] == [125, 125, 0])
        #expect([count(.send, "s3"), count(.respond, "s3"), count(.drop, "s3")] == [123, 121, 2])
        let atTheCrash = events.filter { $0.time.nanoseconds == 6_100_000_000 && $0.kind == .drop && $0.object == "balancer" }
        #expect(atTheCrash.map(\.subject) == ["s3"])
        #expect(Self.linesInsideDowntimes(events) == [])
    }
}
