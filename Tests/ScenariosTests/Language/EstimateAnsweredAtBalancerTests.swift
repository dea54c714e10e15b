import Foundation
import Testing
@testable import Scenarios

/// A closed loop's request the balancer answers at once, with no server in rotation, is counted
/// at its own events (``ResourceBudget/eventsAnsweredAtBalancer``, 6), not at a forwarded
/// request's 16 and its retries (s80). A checker's `h160` — least_conn over three servers under
/// passive health and outlier detection at 10 ms, a restart, a 1 s dropping partition, a hang and
/// a slowdown, 50 users at 1 µs — was refused at 2.7 × 10⁹ events and runs 126,986,549 (the
/// release binary, 18.8 s: 25,397,147 requests, 5.0 events each).
struct EstimateAnsweredAtBalancerTests {
    static let h160 = """
        name: h160
        seed: 1
        run: {duration: 5s}
        network: {latency: 1us}
        servers:
        - {name: s, count: 3, slots: 1, queue: 10, service_time: {exponential: 10ms}}
        workload: {type: closed_loop, users: 50, timeout: 30s}
        balancer:
          strategy: least_conn
          forward_timeout: 1s
          passive_health: {max_fails: 3, fail_timeout: 1s}
          outlier_detection: {consecutive_errors: 1, base_ejection_time: 1s, max_ejection_percent: 100, interval: 10ms}
        faults:
        - {at: 2.54s, restart: s2, boot_time: 1s}
        - {at: 1.09s, partition: [[balancer], [s1, s2, s3]], mode: drop, for: 1s}
        - {at: 1.29s, hang: s3, for: 0.5s}
        - {at: 0.54s, slow: s1, factor: 10, for: 0.1s}

        """

    /// The partition leaves no server in rotation from 1.09 s to the run's end (its second and
    /// the third ejection's 3 s after it): 3.91 s, all of it answered at the balancer. Those
    /// seconds cost less at 6 events a request (1.6 × 10⁸ a second) than the loop's own cycling
    /// at a forwarded request's (2.3 × 10⁸), so the estimate is the cycling's: it loads.
    @Test func h160LoadsAndRunsWithinItsEstimate() throws {
        let world = try ScenarioLoader.parse(Self.h160, file: "h160.yaml")
        let span = ResourceBudget.spinningSpan(in: world, over: 5)
        #expect((span.seconds * 1e6).rounded() == 3_910_000)
        #expect((span.atBalancer * 1e6).rounded() == 3_910_000)
        let budget = ResourceBudget(world)
        #expect(budget.events.rounded() == 911_512_086)
        #expect(budget.problem(eventLimit: world.limits.eventLimit) == nil)
        #expect(budget.events >= 126_986_549)
    }
}
