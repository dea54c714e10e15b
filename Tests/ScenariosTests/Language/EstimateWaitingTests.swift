import Foundation
import Testing
@testable import Scenarios

/// The load-time estimate's last holes (session 78): an open-loop request that waits in a
/// server's queue takes one event more (its wake), outlier ejections counted at what they can
/// reach in the run, a slowdown's room emptied at the normal speed after it, and a queue world
/// run on by a producer refused at that producer. Each estimate pinned, and an upper bound on
/// what its world runs.
struct EstimateWaitingTests {
    static func error(_ text: String, file: String = "h.yaml") -> String? { FaultKindSettingsTests.error(text, file: file) }

    /// The shipped `crash-and-restart.yaml` with another `run.duration`.
    static func crashAndRestart(_ duration: String) throws -> String {
        let shipped = try String(contentsOf: packageRoot.appendingPathComponent("scenarios/crash-and-restart.yaml"), encoding: .utf8)
        return shipped.replacingOccurrences(of: "  duration: 30s\n", with: "  duration: \(duration)\n")
    }

    // MARK: 1. A request that waits pays for its wake

    /// 600 a second over three servers of two 5 ms slots: each half busy, so at most half the
    /// requests wait (Markov on the busy slots), 11.5 events a request counted. The 30 s run.
    @Test func aWaitingRequestIsCountedItsWake() throws {
        let world = try ScenarioLoader.parse(try Self.crashAndRestart("30s"), file: "c.yaml")
        // Half of them while no fault is in force; every one over the 9.39 s of its 30 that a
        // fault (or its backlog, 0.13 s) spans: 0.5 + 0.5 × 9.39 / 30 (s80; 0.5 and 207,000 before).
        #expect(ResourceBudget.calmWaitingShare(in: world, workload: try #require(world.workload)) == 0.5)
        #expect((ResourceBudget.faultSpans(in: world, over: 30) * 1e6).rounded() == 9_390_000)
        #expect((ResourceBudget.waitingShare(in: world, workload: try #require(world.workload)) * 1e4).rounded() == 6_565)
        let (estimate, events) = EstimateHolesTests.estimateAndRun(world)
        #expect(estimate == 209_817)
        #expect(events == 193_414)
    }

    /// H's F0: at 303,030 s (the longest duration the loader takes) it loaded, counted at 11 a
    /// request, and stopped at its event limit at 297,835.750 s; it takes 11.19. Now refused,
    /// and so is 290,000 s; 289,000 s loads and ran to its end in 1,940,629,076 events (the
    /// release binary, 148 s), within its estimate.
    @Test func crashAndRestartAtItsLongestIsRefused() throws {
        #expect(Self.error(try Self.crashAndRestart("303030s"), file: "c.yaml")
            == "c.yaml:21:9: error: this world would need about 2.1 × 10⁹ events over its 303,030.000 s of virtual time (mostly from 'workload'), more than its event limit of 2 × 10⁹ (run.max_events); shorten the run (run.duration, run.time_limit, or the latest time the file schedules something) or lower the rate or size (at workload.rate)")
        #expect(Self.error(try Self.crashAndRestart("290000s"), file: "c.yaml")
            == "c.yaml:21:9: error: this world would need about 2.001 × 10⁹ events over its 290,000.000 s of virtual time (mostly from 'workload'), more than its event limit of 2 × 10⁹ (run.max_events); shorten the run (run.duration, run.time_limit, or the latest time the file schedules something) or lower the rate or size (at workload.rate)")
        #expect(Self.error(try Self.crashAndRestart("289000s")) == nil)
        let longest = ResourceBudget(try ScenarioLoader.parse(try Self.crashAndRestart("289000s"), file: "c.yaml"))
        #expect(longest.events.rounded() == 1_994_102_817)
        #expect(longest.events >= 1_940_629_076)
    }

    /// Servers that cannot keep up turn most requests away: a request wakes from the queue only
    /// to be served, so the wakes are at most what the slots serve (4,000 a second of 100,000).
    @Test func anOverloadedServerWakesOnlyWhatItServes() throws {
        let world = try ScenarioLoader.parse("name: e1\nrun: {duration: 1s}\nservers: [{name: s, slots: 4, service_time: 1ms}]\nworkload: {type: open_loop, rate: 100000, timeout: 1s}\n", file: "e1.yaml")
        #expect(ResourceBudget.waitingShare(in: world, workload: try #require(world.workload)) == 0.04)
        let (estimate, events) = EstimateHolesTests.estimateAndRun(world)
        #expect(estimate == 1_104_000)
        #expect(events == 912_714)
    }

    // MARK: 2. Outlier ejections at what they can reach

    /// A drop partition of every server for 1 s at 10 s of 60, outlier detection ejecting on one
    /// error for 1 s (`max_ejection_time` 300 s by default): the k-th ejection lasts k s and comes
    /// after the k − 1 before it, so within 60 s the 11th (11 s) is the longest, not 300 s.
    static let ejecting = """
        name: ej
        seed: 1
        run: {duration: 60s}
        network: {latency: 1ms}
        servers: [{name: s, count: 3, slots: 1, queue: 10, service_time: {exponential: 10ms}}]
        workload: {type: closed_loop, users: 50, timeout: 30s}
        balancer:
          strategy: least_conn
          forward_timeout: 1s
          outlier_detection: {consecutive_errors: 1, base_ejection_time: 1s, max_ejection_percent: 100, interval: 10ms}
        faults:
          - {at: 10s, partition: [[balancer], [s1, s2, s3]], mode: drop, for: 1s}

        """

    @Test func ejectionsAreCountedAtTheLongestTheRunReaches() throws {
        let world = try ScenarioLoader.parse(Self.ejecting, file: "ej.yaml")
        let configuration = try #require(world.balancer?.configuration)
        let outlier = try #require(configuration.outlierDetection)
        // The 11th ejection within 60 s; the 3rd within h160's 5 s; 300 s within 10⁶ s.
        #expect(ResourceBudget.longestEjection(outlier, servers: 3, checked: false, over: 60) == 11)
        #expect(ResourceBudget.longestEjection(outlier, servers: 3, checked: false, over: 5) == 3)
        #expect(ResourceBudget.longestEjection(outlier, servers: 3, checked: false, over: 1e6) == 300)
        // A passed check may end an ejection early, so that the steps come sooner: the longest.
        #expect(ResourceBudget.longestEjection(outlier, servers: 3, checked: true, over: 60) == 300)
        // The balancer's passive health (nginx's default `fail_timeout` 10 s) or the ejection
        // and the tick that ends it.
        #expect(ResourceBudget.readmission(of: configuration, servers: 3, over: 60) == 11.01)
        #expect(ResourceBudget.readmission(of: configuration, servers: 3, over: 5) == 10)
        // Spinning from the partition to 12 s after it, where the 300 s ejection was counted
        // to the run's end (50 s).
        #expect((ResourceBudget.spinningSeconds(in: world, over: 60) * 1_000).rounded() == 12_010)
        let (estimate, events) = EstimateHolesTests.estimateAndRun(world)
        #expect(estimate == 11_317_274)
        #expect(events == 3_699_168)
    }

    // MARK: 3. A slowdown's room empties at the normal speed after it

    /// Ten users on one server of ten 1 ms slots and a queue of 100, slowed ×100 for 100 ms at
    /// 1 s under a 50 ms timeout: its room fills with abandoned requests. After the slowdown only
    /// the services started slowed run slowed (100 ms), then the room's other ten turns at 1 ms:
    /// 110 ms, where every request in the room was counted slowed (1.1 s): spinning 210 ms of the
    /// run, not 1.2 s.
    static let slowed = """
        name: sl
        seed: 1
        run: {duration: 5s}
        network: {latency: {constant: 1ms}}
        servers: [{name: s, slots: 10, queue: 100, service_time: {constant: 1ms}}]
        workload: {type: closed_loop, users: 10, timeout: 50ms}
        faults:
          - {at: 1s, slow: s, factor: 100, for: 100ms}

        """

    @Test func aSlowdownsRoomEmptiesAtTheNormalSpeedAfterIt() throws {
        let world = try ScenarioLoader.parse(Self.slowed, file: "sl.yaml")
        #expect((ResourceBudget.roomTail(in: world, slowdown: 100) * 1_000).rounded() == 110)
        #expect((ResourceBudget.spinningSeconds(in: world, over: 5) * 1_000).rounded() == 210)
        let (estimate, events) = EstimateHolesTests.estimateAndRun(world)
        #expect(estimate == 194_883)
        #expect(events == 114_512)
    }

    // MARK: 4. A queue world run on by a producer is refused at the producer

    /// The producer cut off from the brokers (``ResourceBudgetRunningOnTests/cutOffProducer(maxEvents:)``)
    /// keeps the world running to 120.9 s; under a limit its 10 s alone do not fit, the refusal
    /// was at the consumers' polls (`queue.consumers`), which only that time made large.
    @Test func aWorldRunOnByAProducerIsRefusedAtTheProducer() {
        #expect(Self.error(ResourceBudgetRunningOnTests.cutOffProducer(maxEvents: "50000"), file: "q.yaml")
            == "q.yaml:10:40: error: this world would need about 1.6 × 10⁶ events over its 120.900 s of virtual time (past its run.duration, because producer 'p', whose 10 messages may each take up to 100 attempts of 100.000 s and as long between two until it expires 120.000 s after its send (its delivery timeout), may still be retrying until 120.900 s) (mostly from 'queue.consumers'), more than its event limit of 50,000 (run.max_events); send the producer's messages sooner (a higher rate or fewer messages), or set a shorter run.time_limit, or shorten run.duration (at queue.producers.[0].messages)")
    }
}
