import Testing
import Reports
@testable import Scenarios
@testable import Simulator

/// The keepalive report at its edges (session 73's checker).
struct KeepaliveEdgeTests {
    /// A 1 µs service time: the experiment's own bursty world is beyond its budget. The refusal
    /// read "lower the rate or size (at workload)" for a file that sets no rate.
    @Test func aBurstyWorldBeyondItsBudgetPointsAtTheServiceTime() throws {
        let refusal = try shippedFileRefusal("keepalive.yaml", replacing: "service_time: {exponential: 10.638ms}", with: "service_time: {exponential: 1us}") { _ = try KeepaliveComparison.loadBase(path: $0) }
        #expect(refusal == "PATH:19:3: error: the keepalive experiment's own 'bursty: no pooling' world sends open-loop requests at 1,800,000 requests/s (60% of the 3,000,000 requests/s that 3 servers with the file's mean service_time of 0.001 ms complete) with bursts of 4×; this world would need about 4.3 × 10⁹ events over its 30.000 s of virtual time (mostly from its requests, whose rate the file's 3 servers and their mean service_time of 0.001 ms set), more than its event limit of 2 × 10⁹ (run.max_events); lengthen the servers' service_time or shorten run.duration (at servers)")
    }

    /// A 1 µs link: the file's keepalive 32 had 12 idle at its peak, seed 004's pool (which
    /// retires connections) 11; the cache this traffic needs is the larger, from the pool that had it.
    @Test func theCacheNeededIsTheMostIdleInAnyPoolThatNeverEvicted() throws {
        let shipped = try String(contentsOf: packageRoot.appendingPathComponent("scenarios/keepalive.yaml"), encoding: .utf8)
        let base = try ScenarioLoader.parse(shipped.replacingOccurrences(of: "  latency: 2ms\n", with: "  latency: 1us\n"), file: "k.yaml")
        let comparison = KeepaliveComparison.run(base, jobs: 1, sweepUsers: [])
        let report = comparison.markdown()
        #expect(report.contains("| keepalive 32 (the file) |    8,445 |     12 |         0.0014 | 35.549 ms | 31.663 ms | 99.327 ms | 0.000 ms |        12 |        12 |"))
        #expect(report.contains("With a pool large enough never to evict (keepalive 32 (the file)), never more than 12 connections were idle at once (the end of the run included, when every user has stopped), so a cache of 12 covers this traffic; "))
        #expect(!report.contains("a cache of 11"))
    }
}
