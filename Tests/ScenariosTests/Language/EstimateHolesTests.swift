import Foundation
import Testing
@testable import Scenarios

/// Checker E's (s76) five holes in the load-time estimate, each linear in duration × users: a
/// small legal file loaded and ran for minutes. Each world here is E's reproducer, shrunk to a
/// short run; the estimate is an upper bound on what it runs (its events in the result), and its
/// figure is pinned.
struct EstimateHolesTests {
    /// The closed loop every reproducer shares: `users` users, no think time, a 1 µs network.
    static func world(_ body: String, users: Int = 10, duration: String = "10ms", latency: String = "1us", timeout: String = "10s") throws -> Scenario {
        try ScenarioLoader.parse(text(body, users: users, duration: duration, latency: latency, timeout: timeout), file: "h.yaml")
    }

    static func text(_ body: String, users: Int = 10, duration: String = "10ms", latency: String = "1us", timeout: String = "10s") -> String {
        """
        name: h
        seed: 1
        run:
          duration: \(duration)
        network:
          latency: \(latency)
        workload:
          type: closed_loop
          users: \(users)
          timeout: \(timeout)

        """ + body
    }

    /// The world's estimate and the events it ran, checked to be within it.
    static func estimateAndRun(_ world: Scenario) -> (estimate: Double, events: UInt64) {
        let estimate = ResourceBudget(world).events
        let events = ScenarioRunner.run(world).events
        #expect(Double(events) <= estimate)
        return (estimate.rounded(), events)
    }

    static let twoServers = """
        servers:
        - name: s
          count: 2
          slots: 10
          queue: 10
          service_time: {constant: 1ms}

        """

    // MARK: 1. What answers at once with every server up, with no fault

    /// A server's `max_conns: 1` (E #1: 247,500,214 events in a virtual second, 1,610 estimated):
    /// the balancer answers every try past the one connection at once.
    @Test func aServersConnectionLimitSpinsTheWholeRun() throws {
        let world = try Self.world("""
            servers:
            - name: s
              slots: 100
              queue: 100
              max_conns: 1
              service_time: {constant: 1s}
            balancer: {strategy: round_robin}
            """)
        let (estimate, events) = Self.estimateAndRun(world)
        #expect(estimate == 805_000)
        #expect(events == 225_034)
        #expect(ResourceBudget(world).spinningUsers?.causes == ["servers.max_conns"])
    }

    /// A balancer's rate limit (E #5) and a gateway's (E #14), with no balancer section.
    @Test func aRateLimitSpinsTheWholeRun() throws {
        let balancer = try Self.world(Self.twoServers + "balancer: {strategy: round_robin, rate_limit: {rate: 1, burst: 1}}\n")
        let (estimate, events) = Self.estimateAndRun(balancer)
        #expect(estimate == 810_009)
        #expect(events == 225_042)
        let gateway = try Self.world(Self.twoServers + "gateway: {rate_limit: {rate: 1, burst: 1}}\n")
        let (gatewayEstimate, gatewayEvents) = Self.estimateAndRun(gateway)
        #expect(gatewayEstimate == 810_009)
        #expect(gatewayEvents == 225_042)
        #expect(ResourceBudget(gateway).spinningUsers?.causes == ["gateway.rate_limit"])
    }

    /// A link that loses every answer of one server, a 1 ms forward timeout and passive health
    /// (E #15): both servers may be out for the whole run.
    @Test func aLossyLinkUnderHealthSpinsTheWholeRun() throws {
        let lossy = try ScenarioLoader.parse(Self.text(Self.twoServers + """
            balancer:
              strategy: round_robin
              forward_timeout: 1ms
              passive_health: {max_fails: 1, fail_timeout: 10s}
            """).replacingOccurrences(of: "  latency: 1us\n", with: "  latency: 1us\n  links:\n  - {from: s1, to: balancer, drop_rate: 1.0}\n"), file: "h.yaml")
        let (estimate, events) = Self.estimateAndRun(lossy)
        #expect(estimate == 310_000)
        #expect(events == 222_605)
    }

    // MARK: 2. Ejection with no fault

    /// Servers answering half their requests 500 under outlier detection that may eject them
    /// all (E #3), or under checks that observe the traffic and mark a server down (E #9).
    @Test func serversErrorsUnderHealthThatEjectsForThemSpinTheWholeRun() throws {
        let erring = Self.twoServers.replacingOccurrences(of: "  service_time: {constant: 1ms}\n", with: "  service_time: {constant: 1ms}\n  error_rate: 0.5\n")
        let outlier = try Self.world(erring + """
            balancer:
              strategy: round_robin
              outlier_detection: {consecutive_errors: 1, base_ejection_time: 10s, max_ejection_percent: 100, interval: 100ms}
            """)
        let (estimate, events) = Self.estimateAndRun(outlier)
        #expect(estimate == 310_000)
        #expect(events == 200_062)
        let observed = try Self.world(erring + """
            balancer:
              strategy: round_robin
              health_check: {interval: 10s, timeout: 1s, rise: 1, fall: 1, observe: layer7, on_error: mark_down, error_limit: 1}
            """)
        let (observedEstimate, observedEvents) = Self.estimateAndRun(observed)
        #expect(observedEstimate == 310_000)
        #expect(observedEvents == 200_071)
    }

    /// Envoy's default `max_ejection_percent` (10) ejects none of two servers for their errors:
    /// no spin is counted, as before.
    @Test func outlierDetectionThatCannotEjectEveryServerIsNotCountedAsSpinning() throws {
        let erring = Self.twoServers.replacingOccurrences(of: "  service_time: {constant: 1ms}\n", with: "  service_time: {constant: 1ms}\n  error_rate: 0.5\n")
        let world = try Self.world(erring + """
            balancer:
              strategy: round_robin
              outlier_detection: {consecutive_errors: 1, base_ejection_time: 10s, interval: 100ms}
            """)
        #expect(ResourceBudget.spinningSeconds(in: world, over: 0.01) == 0)
        #expect(ResourceBudget(world).spinningUsers == nil)
    }

    // MARK: 3. The shortest path

    /// A 1 s network with a 1 µs link between the client and its server both ways (E #10), and
    /// a 1 µs zone under it (E #11): the cycle is at the link's latency.
    @Test func aFastLinkOrZoneSetsTheCycle() throws {
        let server = "servers:\n- name: s\n  slots: 1\n  queue: 0\n  service_time: {constant: 1us}\n"
        let linked = try ScenarioLoader.parse(Self.text(server, users: 1, duration: "1s", latency: "1s")
            .replacingOccurrences(of: "  latency: 1s\n", with: "  latency: 1s\n  links:\n  - {from: client-1, to: s, latency: 1us}\n  - {from: s, to: client-1, latency: 1us}\n"), file: "h.yaml")
        #expect(ResourceBudget.shortestLatency(in: linked) == 1e-6)
        let (estimate, events) = Self.estimateAndRun(linked)
        #expect(estimate == 3_666_667)
        #expect(events == 2_333_340)
        let zoned = try Self.world("""
            zones:
              list: [{name: a}]
              within: {latency: 1us}
            servers:
            - {name: s, zone: a, slots: 1, queue: 0, service_time: {constant: 1us}}
            balancer: {strategy: round_robin}
            """, users: 1, duration: "1s", latency: "1s")
        let (zonedEstimate, zonedEvents) = Self.estimateAndRun(zoned)
        #expect(zonedEstimate == 5_366_667)
        #expect(zonedEvents == 2_400_006)
    }

    // MARK: 4. A timeout shorter than the service

    /// One user, a 1 ms timeout against a 1 s service (E #13): its abandoned request keeps the
    /// one slot, and every later try is refused at once. Ten servers slowed ×100,000 behind a 1 ms
    /// timeout (E #16) likewise.
    @Test func aTimeoutShorterThanTheServiceSpinsTheWholeRun() throws {
        let world = try Self.world("servers:\n- name: s\n  slots: 1\n  queue: 0\n  service_time: {constant: 1s}\n", users: 1, duration: "1s", latency: "1ms", timeout: "1ms")
        let (estimate, events) = Self.estimateAndRun(world)
        #expect(estimate == 11_000)
        #expect(events == 5_995)
        let slowed = try Self.world(Self.twoServers + "faults:\n- {at: 0s, slow: s1, factor: 100000, for: 1s}\n", timeout: "1ms")
        let (slowedEstimate, slowedEvents) = Self.estimateAndRun(slowed)
        #expect(slowedEstimate == 550_000)
        #expect(slowedEvents == 1_032)
    }

    /// The refusal names the timeout and what to raise.
    @Test func theRefusalNamesTheTimeout() throws {
        let text = Self.text("servers:\n- name: s\n  slots: 1\n  queue: 0\n  service_time: {constant: 1s}\n", users: 1000, duration: "60s", timeout: "1ms")
        do {
            _ = try ScenarioLoader.parse(text, file: "h.yaml")
            Issue.record("loaded")
        } catch {
            #expect(error.description == "h.yaml:6:12: error: this world would need about 3.3 × 10¹¹ events over its 60.000 s of virtual time (mostly from 'workload': 1,000 users counted as trying every round trip of the network (0.002 ms: 500,000 a second) for the whole run, while the file's workload.timeout (shorter than a request's service and round trip: each abandoned request keeps its place at the server) may fail every try at once or leave no server to answer), more than its event limit of 2 × 10⁹ (run.max_events); raise workload.timeout above the service time and the round trip, or raise network.latency or workload.think_time, or use fewer users; if the servers are back sooner, raise run.max_events (at most 1,000,000,000,000): the estimate takes every failure and ejection at its longest (at network.latency)")
        }
    }

    // MARK: 5. Operations under a storm

    /// Twenty `list_buckets` under a storm at rate 1, 1,000 attempts each (E #4), and the same
    /// from a `storm:` fault entry (E #18).
    @Test func operationsUnderAStormAreChargedEveryAttempt() throws {
        let steps = "operations:\n- create_bucket: b\n" + String(repeating: "- list_buckets\n", count: 20)
        let client = "  client: {timeout: 1s, max_attempts: 1000, base_delay: 1ms, max_delay: 1ms, jitter: 0}\n"
        let stormy = try ScenarioLoader.parse("name: st\nseed: 1\nobject_store:\n  latency: {constant: 1ms}\n  storms:\n  - {at: 0s, for: 100h, rate: 1.0, code: ServiceUnavailable}\n" + client + steps, file: "h.yaml")
        let (estimate, events) = Self.estimateAndRun(stormy)
        #expect(estimate == 210_000)
        #expect(events == 188_962)
        let faulted = try ScenarioLoader.parse("name: t\nseed: 1\nobject_store:\n  latency: {constant: 1ms}\n" + client + "faults:\n- {at: 0s, storm: s3, for: 100h, rate: 1.0}\n" + steps, file: "h.yaml")
        let (faultedEstimate, faultedEvents) = Self.estimateAndRun(faulted)
        #expect(faultedEstimate == 210_000)
        #expect(faultedEvents == 188_962)
    }
}
