import Foundation
import Testing
@testable import Scenarios
import Simulator

/// The balancer's connection queue (`balancer.queue`, nginx's `queue N timeout=T` with
/// `max_conns`): the servers' held-requests rule reused — a queue behind servers that keep up
/// through their connection limits holds what they would, one behind servers that may fall
/// behind up to its room, and never more than arrives in its `timeout` — and the waits it gives
/// up on, which stay in it until a connection ends.
struct ResourceBudgetBalancerQueueTests {
    static func error(_ text: String, file: String = "q.yaml") -> String? { FaultKindSettingsTests.error(text, file: file) }

    /// Four servers of 8 slots served in 1 ms (32,000 a second) behind least_conn, an open loop
    /// of `rate` a second for an hour, a connection queue of 10⁶ places. With `max_conns: 100`
    /// the servers keep up: 1,000 a second with a room of 100,000 queued none (30 MB peak, 16.0
    /// events a request), where the room was charged. With `max_conns: 1` four connections of
    /// ~2 ms serve ~2,000 a second: 10,000 a second with an hour's timeout filled a room of
    /// 100,000 in seconds (564 MB peak at 60 s).
    static func queued(rate: String = "1000", maxConns: String = "100", timeout: String = "60s", size: String = "1000000", duration: String = "1h") -> String {
        """
        name: q
        seed: 1
        run: {duration: \(duration)}
        network: {latency: 0.5ms}
        servers:
          - {name: s, count: 4, slots: 8, queue: 100, service_time: {exponential: 1ms}}
        balancer:
          strategy: least_conn
          max_conns: \(maxConns)
          queue: {size: \(size), timeout: \(timeout)}
        workload: {type: open_loop, rate: \(rate), timeout: 1s}
        """
    }

    @Test func aBigQueueBehindServersThatKeepUpLoads() throws {
        // Refused before: "q.yaml:10:10: error: this world would hold about 5.7 GiB (mostly for
        // 'balancer.queue'), more than the 4 GiB a run may use; make it smaller (at balancer.queue)".
        #expect(Self.error(Self.queued()) == nil)
        let scenario = try ScenarioLoader.parse(Self.queued(), file: "q.yaml")
        let workload = try #require(scenario.workload)
        let queue = try #require(scenario.balancer?.configuration.queue)
        // 1,000 a second × the balancer's 60 s per-try timeout, as the servers' rule counts it.
        #expect(ResourceBudget.requestsHeldWhileKeepingUp(in: scenario, workload: workload, throughConnectionLimits: true) == 60_000)
        #expect(ResourceBudget.requestsQueuedAtBalancer(queue, in: scenario, workload: workload, inFlight: 3.6e6) == 60_000)
        #expect(ResourceBudget(scenario).bytes < 500_000_000)
    }

    @Test func aQueueBehindConnectionLimitsThatCannotKeepUpIsBoundedByItsRoom() throws {
        // The servers' slots could serve 32,000 a second, but one connection each of ~2 ms
        // (1 ms of service, two crossings at 0.5 ms) serves ~2,000: the queue fills.
        let scenario = try ScenarioLoader.parse(Self.queued(rate: "10000", maxConns: "1", timeout: "1h", size: "100000", duration: "60s"), file: "q.yaml")
        let workload = try #require(scenario.workload)
        let queue = try #require(scenario.balancer?.configuration.queue)
        #expect(ResourceBudget.requestsHeldWhileKeepingUp(in: scenario, workload: workload) != nil)
        #expect(ResourceBudget.requestsHeldWhileKeepingUp(in: scenario, workload: workload, throughConnectionLimits: true) == nil)
        #expect(ResourceBudget.requestsQueuedAtBalancer(queue, in: scenario, workload: workload, inFlight: 6e5) == 100_000)
        #expect(Self.error(Self.queued(rate: "10000", maxConns: "1", timeout: "1h"))
            == "q.yaml:10:10: error: this world would hold about 5.8 GiB (mostly for 'balancer.queue'), more than the 4 GiB a run may use; make it smaller (at balancer.queue)")
    }

    @Test func noRequestWaitsLongerThanTheQueuesTimeout() throws {
        // 10,000 a second behind ~2,000 of connections, 10 s at most in the queue: measured 525 MB
        // at its peak after 60 s and 559 MB after 10 minutes (a room of 150,000), where the room
        // of 10⁶ was charged (5.7 GiB, refused). Counted: 10,000 × 4 tries × 10 s.
        let text = Self.queued(rate: "10000", maxConns: "1", timeout: "10s")
        #expect(Self.error(text) == nil)
        let scenario = try ScenarioLoader.parse(text, file: "q.yaml")
        let queue = try #require(scenario.balancer?.configuration.queue)
        #expect(ResourceBudget.requestsQueuedAtBalancer(queue, in: scenario, workload: try #require(scenario.workload), inFlight: 3.6e7 * 4) == 400_000)
        #expect(ResourceBudget(scenario).bytes > 559_000_000 * 2)
    }

    /// Four servers whose connections last an hour (`max_conns: 1`, 1 h of service, a 2 h
    /// per-try timeout), so that no connection ends; a queue of 100 waits of 1 ms each.
    /// Every request waits and gives up, and each wait stays in the queue: measured 585,846 of
    /// them at 60 s (53 MB), 15 × 10⁶ at 5 minutes (627 MB peak, ~42 bytes each) — at 30,000 a
    /// second for an hour 1.08 × 10⁸ of them, 4.5 GB, where 614 KB for the room had been charged.
    static func neverEnding(rate: String) -> String {
        """
        name: q
        seed: 1
        run: {duration: 1h}
        network: {latency: 0.5ms}
        servers:
          - {name: s, count: 4, slots: 1, queue: 100, service_time: 1h}
        balancer:
          strategy: least_conn
          max_conns: 1
          forward_timeout: 2h
          retries: {tries: 1}
          queue: {size: 100, timeout: 1ms}
        workload: {type: open_loop, rate: \(rate), timeout: 1s}
        """
    }

    @Test func waitsGivenUpInAQueueNoConnectionLeavesAreCounted() throws {
        // Loaded before.
        #expect(Self.error(Self.neverEnding(rate: "30000"))
            == "q.yaml:12:10: error: this world would hold about 6.4 GiB (mostly for 'balancer.queue'), more than the 4 GiB a run may use; make it smaller (at balancer.queue)")
        // A thousand a second: 3.6 × 10⁶ waits, 230 MB.
        #expect(Self.error(Self.neverEnding(rate: "1000")) == nil)
        let scenario = try ScenarioLoader.parse(Self.neverEnding(rate: "1000"), file: "q.yaml")
        let queue = try #require(scenario.balancer?.configuration.queue)
        let workload = try #require(scenario.workload)
        // Every request of the hour: 1,000 × 3,600, fewer than the 100 every 1 ms could give up.
        #expect(ResourceBudget.settledWaitsAtBalancer(queue, in: scenario, workload: workload, requests: 3.6e6, over: 3_600) == 3.6e6)
    }

    @Test func connectionsEndAtLeastEveryForwardTimeout() throws {
        // The default 60 s per-try timeout ends a connection at least every minute: at most the
        // waits of a minute stay, 10,000 a second × 4 tries × 60 s.
        let scenario = try ScenarioLoader.parse(Self.queued(rate: "10000", maxConns: "1", timeout: "10s"), file: "q.yaml")
        let queue = try #require(scenario.balancer?.configuration.queue)
        #expect(ResourceBudget.settledWaitsAtBalancer(queue, in: scenario, workload: try #require(scenario.workload), requests: 3.6e7, over: 3_600) == 2.4e6)
    }
}
