import Foundation
import Testing
@testable import Scenarios
import Simulator

/// The requests an open loop's servers hold at once — their queues' room where they may fall
/// behind, the rate times how long a request waits where they keep up — and the refusals
/// pointing at the one key that drives an estimate rather than at its section.
struct ResourceBudgetHeldRequestsTests {
    static func error(_ text: String, file: String = "h.yaml") -> String? {
        ResourceBudgetRunningOnTests.error(text, file: file)
    }

    /// 1,000 requests a second for 3 hours into a queue of 10⁷ served in 1 ms by 8 slots: held
    /// 29, 27, 30 and 28 MB at its peak at 30 minutes, 1, 2 and 3 hours, where 512 bytes for each
    /// of the 10⁷ places (4.8 GiB) had been charged and it was refused. Served in 10 ms (800 a
    /// second against 1,000), its backlog stays queued (37, 45, 60 MB at 2, 4, 8 minutes).
    static func bigQueue(queue: String = "10000000", service: String = "1ms", duration: String = "3h") -> String {
        """
        name: k3
        run: {duration: \(duration)}
        servers: [{name: web, slots: 8, queue: \(queue), service_time: \(service)}]
        workload: {type: open_loop, rate: 1000, timeout: 1s}
        """
    }

    @Test func serversThatKeepUpHoldOnlyWhatArrivesWhileOneWaits() throws {
        let scenario = try ScenarioLoader.parse(Self.bigQueue(), file: "k3.yaml")
        let budget = ResourceBudget(scenario)
        // 1,000 a second × the client's 1 s timeout.
        #expect(ResourceBudget.requestsHeldWhileKeepingUp(in: scenario, workload: try #require(scenario.workload)) == 1_000)
        #expect(budget.bytes < 100_000_000)
        #expect(Self.error(Self.bigQueue()) == nil)
        // Served in 4 ms, 8 slots serve 2,000 a second, twice the rate: still kept up.
        #expect(Self.error(Self.bigQueue(service: "4ms")) == nil)
    }

    @Test func serversThatMayFallBehindAreRefusedAtTheirQueue() {
        #expect(Self.error(Self.bigQueue(service: "4.1ms"), file: "k3.yaml")
            == "k3.yaml:3:40: error: this world would hold about 4.8 GiB (mostly for 'servers'), more than the 4 GiB a run may use; make the servers' queues smaller, or let them keep up (servers that can serve twice the rate hold only what arrives while a request waits for its answer) (at servers.[0].queue)")
        #expect(Self.error(Self.bigQueue(queue: "8500000", service: "10ms"), file: "k3.yaml")?.hasPrefix("k3.yaml:3:40: error: this world would hold about 4.1 GiB (mostly for 'servers')") == true)
        // Just inside.
        #expect(Self.error(Self.bigQueue(queue: "8300000", service: "10ms")) == nil)
        // A crash scheduled on the server could stop it keeping up: the queue's room again.
        #expect(Self.error(Self.bigQueue() + "\nfaults: [{at: 1h, pause: web, for: 1s}]")?.contains("(at servers.[0].queue)") == true)
    }

    /// The same with connection pools: 3 servers, queues of 10⁶, 1,000 a second for 20 minutes
    /// (refused at 7.4 GiB for `balancer.keepalive`; at 5, 10 and 15 minutes 30 MB each).
    static func keepalive(queue: String = "1000000", service: String = "1ms", rate: String = "1000", strategy: String = "least_conn") -> String {
        """
        name: k2
        run: {duration: 20m}
        servers: [{name: web, count: 3, slots: 8, queue: \(queue), service_time: \(service)}]
        balancer: {strategy: \(strategy), keepalive: {connections: 32}}
        workload: {type: open_loop, rate: \(rate), timeout: 1s}
        """
    }

    @Test func aKeepaliveBalancerBehindServersThatKeepUpLoads() {
        #expect(Self.error(Self.keepalive()) == nil)
        #expect(Self.error(Self.keepalive(queue: "250000", service: "10ms", rate: "5000"), file: "k2.yaml")
            == "k2.yaml:3:50: error: this world would hold about 4.7 GiB (mostly for 'balancer.keepalive'), more than the 4 GiB a run may use; make the servers' queues smaller, or let them keep up (servers that can serve twice the rate hold only what arrives while a request waits for its answer) (at servers.[0].queue)")
        #expect(Self.error(Self.keepalive(queue: "200000", service: "10ms", rate: "5000")) == nil)
        // Served in 6 ms, one server serves 1,333 a second, three 4,000: least_conn spreads the
        // 1,000 a second over the three and keeps up; a hash may send them all to one, which
        // may fall behind — the requests in flight again (1.2 × 10⁶ on the balancer's tasks).
        #expect(Self.error(Self.keepalive(service: "6ms")) == nil)
        #expect(Self.error(Self.keepalive(service: "6ms", strategy: "ip_hash"), file: "k2.yaml")
            == "k2.yaml:5:35: error: this world would hold about 7.4 GiB (mostly for 'balancer.keepalive'), more than the 4 GiB a run may use; make it smaller (at workload.rate)")
    }

    /// An open loop's arrivals are driven by its rate: the refusal points at `rate:`. (11 events
    /// a request straight to the servers and 0.04 for the wakes of the 4,000 a second its slots
    /// serve: 100,000 a second reach 2 × 10⁹ past 1,811 s; 1,818 s before the wakes were counted.
    /// Its 20 s took 18,233,442 events, 9.12 a request: 1,811 s would take 1.65 × 10⁹.)
    @Test func anOpenLoopIsRefusedAtItsRate() {
        let world = { (duration: String) in
            "name: e1\nrun: {duration: \(duration)}\nservers: [{name: s, slots: 4, service_time: 1ms}]\nworkload: {type: open_loop, rate: 100000, timeout: 1s}\n"
        }
        #expect(Self.error(world("1812s"), file: "e1.yaml")
            == "e1.yaml:4:35: error: this world would need about 2.0004 × 10⁹ events over its 1,812.000 s of virtual time (mostly from 'workload'), more than its event limit of 2 × 10⁹ (run.max_events); shorten the run (run.duration, run.time_limit, or the latest time the file schedules something) or lower the rate or size (at workload.rate)")
        #expect(Self.error(world("1811s")) == nil)
    }

    /// A job's map tasks × reducers are driven by its reducers: 2 × 10⁶ one-byte splits.
    @Test func aJobsPartitionsAreRefusedAtItsReducers() {
        let job = { (reducers: Int) in
            "name: t4\nmapreduce:\n  cluster: {workers: 4}\n  jobs: [{id: counts, name: word-count, reducers: \(reducers), submit_at: 10s, input: {synthetic: {lines: 20000, seed: 1}, split_size: 1}}]\n"
        }
        #expect(Self.error(job(10_000), file: "t4.yaml")
            == "t4.yaml:4:51: error: this world would need about 4 × 10¹⁰ events over its 3,610.000 s of virtual time (mostly from 'mapreduce.jobs'), more than its event limit of 2 × 10⁹ (run.max_events); shorten the run (run.duration, run.time_limit, or the latest time the file schedules something) or lower the rate or size (at mapreduce.jobs.[0].reducers)")
        #expect(Self.error(job(34), file: "t4.yaml")
            == "t4.yaml:4:51: error: this world would hold about 4.1 GiB (mostly for 'mapreduce.jobs'), more than the 4 GiB a run may use; give the job fewer reducers (each holds its records and a partition from every map task) or a smaller input (at mapreduce.jobs.[0].reducers)")
        #expect(Self.error(job(30)) == nil)
    }

    /// `*` follows a list to its item whose next key holds the largest number.
    @Test func aStarFollowsTheListToItsLargestValue() throws {
        let yaml = "servers: [{name: a, queue: 10}, {name: b, queue: 1000}, {name: c}]\n"
        let top = try ScenarioDocument.parse(bytes: Array(yaml.utf8), file: "x.yaml").root.openMapping()
        let cursor = ScenarioLoader.budgetCursor("servers.*.queue", in: top)
        #expect(cursor.text == "1000")
        // No item has it: the list.
        #expect((try? ScenarioLoader.budgetCursor("servers.*.slots", in: top).list())?.count == 3)
    }
}
