import Foundation
import Testing
@testable import Scenarios
import Simulator

/// What the relaxed estimates of session 69 let through, found by its second checker (C2) and
/// closed: servers that keep up only on paper (a normal service time's negative draws are 0 s, so
/// `normal(1ms, sd 10s)` serves ~4 s on average; a per-try timeout shorter than the service sends
/// every request to ten servers, each try held in a queue), and a job whose keys all go to one
/// reducer (a million one-letter lines, 1,000 s of reducing where an even spread was estimated).
struct ResourceBudgetKeepUpTests {
    static func error(_ text: String, file: String = "c2.yaml") -> String? { FaultKindSettingsTests.error(text, file: file) }

    @Test func aNormalServiceTimesMeanIsTheMeanOfItsDurations() {
        // μ Φ(μ/σ) + σ φ(μ/σ) with μ = 1 ms, σ = 10 s: about σ/√(2π) = 3.99 s.
        let mean = try! #require(Distribution.normal(mean: 0.001, standardDeviation: 10).durationMean)
        #expect(abs(mean - 3.989_923) < 1e-5)
        // Far from zero the clamp changes nothing.
        #expect(abs(try! #require(Distribution.normal(mean: 0.1, standardDeviation: 0.01).durationMean) - 0.1) < 1e-12)
        #expect(Distribution.exponential(mean: 0.01).durationMean == 0.01)
    }

    /// n3 ran 18.4 s into a SIGSEGV at 5.76 GB; n1 (200 s) held 3.41 GB.
    @Test func serversWhoseNormalServiceIsLongOnAverageDoNotKeepUp() {
        let world = { (duration: String) in """
            name: n
            run: {duration: \(duration)}
            servers:
              - {name: s, count: 10, slots: 10, queue: 10000000, service_time: {normal: {mean: 1ms, sd: 10s}}}
            workload: {type: open_loop, rate: 50000, clients: 100, timeout: 1s}
            """ }
        #expect(Self.error(world("600s")) == "c2.yaml:5:35: error: this world would hold about 14.3 GiB (mostly for 'servers'), more than the 4 GiB a run may use; make it smaller (at workload.rate)")
        #expect(Self.error(world("200s")) != nil)
        #expect(Self.error(world("100s")) == nil)
    }

    /// a3 (330 s) ran to 4.46 GB, a4 (1,800 s) into a SIGSEGV at 5.8 GB: each request's ten
    /// tries timed out after 1 ms and queued at ten servers.
    @Test func triesThatTimeOutWhileServedAreEachHeld() {
        let world = { (duration: String, timeout: String) in """
            name: a
            run: {duration: \(duration)}
            servers:
              - {name: s, count: 10, slots: 10, queue: 10000000, service_time: {exponential: 10ms}}
            balancer:
              strategy: round_robin
              forward_timeout: \(timeout)
              retries: {tries: 10, on: [error, timeout]}
              passive_health: {max_fails: 0}
            workload: {type: open_loop, rate: 5000, clients: 100, timeout: 1s}
            """ }
        #expect(Self.error(world("330s", "1ms")) == "c2.yaml:10:35: error: this world would hold about 7.9 GiB (mostly for 'servers'), more than the 4 GiB a run may use; make it smaller (at workload.rate)")
        let scenario = try! ScenarioLoader.parse(world("60s", "1ms"), file: "a.yaml")
        #expect(ResourceBudget.queuedTries(in: scenario) == 10)
        // A per-try timeout 50 mean services long: one try a request is served.
        let patient = try! ScenarioLoader.parse(world("330s", "500ms"), file: "a.yaml")
        #expect(ResourceBudget.queuedTries(in: patient) == 1)
        #expect(Self.error(world("330s", "500ms")) == nil)
    }

    /// m1: a million lines of `a` behind 1,000 reducers, 1 ms a reduced record, 1 ms heartbeats
    /// of 100 workers — the event limit reached after 39.7 s at 285 s of virtual time (m3, ten
    /// workers run to the end: a makespan of 1,006 s).
    @Test func aJobWhoseKeysAllGoToOneReducerIsEstimatedAsLongAsThatReducer() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("orrery-one-key-\(UUID().uuidString).txt")
        try Data(String(repeating: "a\n", count: 1_000_000).utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let world = { (workers: Int) in """
            name: m
            run: {max_events: \(workers == 10 ? 1_000_000_000 : 100_000_000)}
            mapreduce:
              cluster:
                workers: \(workers)
                reduce_slots: 16
                cost: {reduce_per_record: 1ms}
                policy: {heartbeat_interval: 1ms, worker_timeout: 10s, task_timeout: 600s}
              jobs:
                - {id: j, name: word-count, reducers: 1000, combiner: false, input: {files: [\(url.path)]}}
            """ }
        // Ten workers (m3): within the limit, estimated past the 1,006 s the run took.
        let budget = ResourceBudget(try ScenarioLoader.parse(world(10), file: "m.yaml"))
        #expect(budget.endsWithJobs)
        // The lone reducer's 10⁶ records at 1 ms: at least the 1,006 s it took, twice over.
        #expect(budget.horizon > .seconds(2_000))
        #expect(Self.error(world(100))?.hasPrefix("c2.yaml:8:34: error: this world would need about 2.2 × 10⁹ events over its 2,165.298 s of virtual time (the longest its jobs may take: it ends with them)") == true)
    }
}
