import Foundation
import Testing
@testable import Scenarios
import Simulator

/// The events a request takes, as measured: 11 straight to the servers, 16 through a balancer.
struct ResourceBudgetEventsPerRequestTests {
    static func error(_ text: String, file: String = "e.yaml") -> String? { FaultKindSettingsTests.error(text, file: file) }

    /// Four servers of 8 slots (1 ms) behind least_conn, 1,000 requests a second for 10 minutes:
    /// measured 9,592,582 events for 599,536 requests (16.0 each; the same with round robin, 1 or
    /// 50 servers, connection pools or a connection queue; 11.0 without the balancer).
    static func world(balancer: Bool = true, maxEvents: String = "8000000") -> String {
        """
        name: e
        run: {duration: 10m, max_events: \(maxEvents)}
        network: {latency: 0.5ms}
        servers:
          - {name: s, count: 4, slots: 8, queue: 100, service_time: {exponential: 1ms}}
        \(balancer ? "balancer: {strategy: least_conn}" : "")
        workload: {type: open_loop, rate: 1000, timeout: 1s}
        """
    }

    @Test func aWorldThatWouldReachItsEventLimitIsRefused() {
        // Loaded before (6.2 × 10⁶ estimated at 10 a request) and stopped at its limit of
        // 8 × 10⁶ events at 500 s of its 600. (9.8 × 10⁶ before a waiting request's wake was
        // counted: 0.03 a request, each server's 250 a second on 8,000 a second of slots.)
        #expect(Self.error(Self.world())
            == "e.yaml:7:35: error: this world would need about 9.9 × 10⁶ events over its 600.000 s of virtual time (mostly from 'workload'), more than its event limit of 8 × 10⁶ (run.max_events); shorten the run (run.duration, run.time_limit, or the latest time the file schedules something) or lower the rate or size (at workload.rate)")
        #expect(Self.error(Self.world(maxEvents: "10000000")) == nil)
    }

    @Test func theEstimateIsAtLeastWhatWasMeasured() throws {
        let through = ResourceBudget(try ScenarioLoader.parse(Self.world(maxEvents: "10000000"), file: "e.yaml"))
        let straight = ResourceBudget(try ScenarioLoader.parse(Self.world(balancer: false, maxEvents: "10000000"), file: "e.yaml"))
        #expect(through.events >= 9_592_582)
        #expect(straight.events >= 6_594_900)
        #expect(ResourceBudget.eventsPerRequest(through: nil) == 11)
    }
}
