import Foundation
import Testing
@testable import Scenarios

/// The load-time estimate's false refusals and the holes left after checker E's (s76) pass:
/// each world is E's reproducer (or the hole's), shrunk to a short run; the estimate stays an
/// upper bound on what it runs (its events in the result), and its figure is pinned.
struct EstimateRefusalsTests {
    static func parse(_ text: String) throws -> Scenario { try ScenarioLoader.parse(text, file: "r.yaml") }

    /// The world's estimate and the events it ran, checked to be within it.
    static func estimateAndRun(_ world: Scenario) -> (estimate: Double, events: UInt64) {
        let estimate = ResourceBudget(world).events
        let events = ScenarioRunner.run(world).events
        #expect(Double(events) <= estimate)
        return (estimate.rounded(), events)
    }

    /// The refusal of `text`, nil when it loads.
    static func refusal(_ text: String) -> String? {
        do {
            _ = try ScenarioLoader.parse(text, file: "r.yaml")
            return nil
        } catch {
            return error.description
        }
    }

    // MARK: 1. A latency spike that can time nothing out

    /// E's J: two servers under outlier detection, a 5 ms spike for 20 s of 30 under 10 s
    /// timeouts — refused at about 2.4 × 10⁹ events; it ran 72,691. A try's longest is two
    /// crossings at 5.001 ms and 201 services of 10 ms (its room ahead of it): 2.02 s, short of
    /// every timeout, so the spike ejects nothing.
    static func spike(duration: String = "30s", spikeFor: String = "20s", forwardTimeout: String = "10s") -> String {
        """
        name: fr
        seed: 1
        run: {duration: \(duration)}
        network: {latency: 1us}
        servers:
        - {name: s, count: 2, slots: 1, queue: 200, service_time: {constant: 10ms}}
        workload: {type: closed_loop, users: 10, timeout: 10s}
        balancer:
          strategy: random
          forward_timeout: \(forwardTimeout)
          outlier_detection: {consecutive_errors: 5, base_ejection_time: 10s, max_ejection_percent: 100, interval: 100ms}
        faults:
        - {at: 0s, latency_spike: 5ms, for: \(spikeFor)}

        """
    }

    @Test func aSpikeShortOfEveryTimeoutIsNotCountedAsEjecting() throws {
        #expect(Self.refusal(Self.spike()) == nil)
        let world = try Self.parse(Self.spike(duration: "1s", spikeFor: "500ms"))
        #expect(ResourceBudget.spinningSeconds(in: world, over: 1) == 0)
        #expect(ResourceBudget(world).spinningUsers == nil)
        let (estimate, events) = Self.estimateAndRun(world)
        #expect(estimate == 16_212)
        #expect(events == 2_599)
    }

    /// Under a 1 s forward timeout the same spike can time a try out (2.02 s): it is counted
    /// as taking every server out for the spike and the longest ejection after it.
    @Test func aSpikeThatCanReachTheForwardTimeoutIsCounted() throws {
        let world = try Self.parse(Self.spike(duration: "1s", spikeFor: "500ms", forwardTimeout: "1s"))
        #expect(ResourceBudget.spikeCanTimeOut(0.005, in: world))
        #expect(ResourceBudget.spinningSeconds(in: world, over: 1) == 1)
    }

    // MARK: 2. A drain bounded by what a drained server holds

    /// E's K: three servers of 1 ms services drained all at once (boot 0.5 s, pause 0.1 s) under
    /// a 10 s forward timeout — refused at 2.0 × 10⁹ events; it ran 62,661,000. A drained server
    /// holds at most its room (1 slot, 200 places: 201 services of 1 ms) and the answer's way
    /// back: the drain is counted as 0.2012 s, not 10 s, where no fault within the deployment's
    /// span can lengthen it.
    static func drained(users: Int = 50, latency: String = "1us", duration: String = "5s", slowAt: String = "3.81s") -> String {
        """
        name: h110
        seed: 1
        run: {duration: \(duration)}
        network: {latency: \(latency)}
        servers:
        - {name: s, count: 3, slots: 1, queue: 200, service_time: {constant: 1ms}}
        workload: {type: closed_loop, users: \(users), timeout: 30s}
        balancer:
          strategy: health_based
          forward_timeout: 10s
          retries: {tries: 10, 'on': [error, http_5xx, timeout]}
        faults:
        - {at: \(slowAt), slow: s1, factor: 1000, for: 0.1s}
        deploy: {at: 0s, strategy: all_at_once, drain: true, boot_time: 500ms, pause: 100ms}

        """
    }

    @Test func aDrainIsBoundedByWhatTheDrainedServerHolds() throws {
        #expect(Self.refusal(Self.drained()) == nil)
        let world = try Self.parse(Self.drained(users: 2, latency: "100us", duration: "2s", slowAt: "1.5s"))
        #expect((ResourceBudget.spinningSeconds(in: world, over: 2) * 1e6).rounded() == 801_200)
        let (estimate, events) = Self.estimateAndRun(world)
        #expect(estimate == 83_081)
        #expect(events == 46_475)
    }

    /// A slowdown ×1,000 within the deployment's span may hold a drained server's room 201 s:
    /// the drain is the forward timeout again, and the spin the whole run.
    @Test func aSlowdownWithinTheDeploymentKeepsTheForwardTimeoutAsTheDrain() throws {
        let world = try Self.parse(Self.drained(users: 2, latency: "100us", duration: "2s", slowAt: "0.5s"))
        #expect(ResourceBudget.spinningSeconds(in: world, over: 2) == 2)
    }

    // MARK: 3. A fault shorter than the timeout that still fills the room

    /// One server (1 slot, 9 places) of 1 ms services, 10 users with a 100 ms timeout, slowed
    /// ×1,000 for 50 ms: the service it starts then takes 1 s, the users time out behind it and
    /// send again, their abandoned requests fill the room, and every later try is refused at once
    /// until it has worked through them. Not counted before (estimated at 548,902 events over 5 s,
    /// it ran 22,757,061); counted from the slowdown to its end and the room's longest stay after.
    static func held(_ fault: String, duration: String = "1s") -> String {
        """
        name: held
        seed: 1
        run: {duration: \(duration)}
        network: {latency: 100us}
        servers:
        - {name: s, slots: 1, queue: 9, service_time: {constant: 1ms}}
        workload: {type: closed_loop, users: 10, timeout: 100ms}
        faults:
        - {at: 200ms, \(fault)}

        """
    }

    @Test func aSlowdownThatHoldsRequestsPastTheTimeoutSpins() throws {
        let world = try Self.parse(Self.held("slow: s, factor: 1000, for: 50ms"))
        #expect((ResourceBudget.spinningSeconds(in: world, over: 1) * 1e6).rounded() == 800_000)
        let (estimate, events) = Self.estimateAndRun(world)
        #expect(estimate == 531_667)
        #expect(events == 177_787)
    }

    /// A hang of 200 ms reaches the 100 ms timeout: counted for the hang and the room's 10 ms
    /// after. One of 50 ms (its room served by 60 ms) does not, and is not counted.
    @Test func aHangCountsOnlyWhereItCanReachTheTimeout() throws {
        let long = try Self.parse(Self.held("hang: s, for: 200ms"))
        #expect((ResourceBudget.spinningSeconds(in: long, over: 1) * 1e6).rounded() == 210_000)
        let (estimate, events) = Self.estimateAndRun(long)
        #expect(estimate == 207_167)
        #expect(events == 6_713)
        let short = try Self.parse(Self.held("hang: s, for: 50ms"))
        #expect(ResourceBudget.spinningSeconds(in: short, over: 1) == 0)
    }

    // MARK: 5. A producer's messages expire at their delivery timeout

    /// A producer cut off from the brokers half a second in, its 10 messages (10 a second) of
    /// 100 attempts of 100 s each: counted retrying until 199,000 s (to the time limit, 3,620 s),
    /// the world ends by 120.9 s — the last message's send and Kafka's 120 s delivery timeout.
    /// (Its refusal: ``ResourceBudgetRunningOnTests``.)
    @Test func aProducerIsCountedUntilItsLastMessageExpires() throws {
        let world = try Self.parse(ResourceBudgetRunningOnTests.cutOffProducer())
        let budget = ResourceBudget(world)
        #expect((budget.horizon.seconds * 1_000).rounded() == 120_900)
        #expect(budget.runsOn?.what == "producer 'p', whose 10 messages may each take up to 100 attempts of 100.000 s and as long between two until it expires 120.000 s after its send (its delivery timeout), may still be retrying until 120.900 s")
        let (estimate, events) = Self.estimateAndRun(world)
        #expect(estimate == 1_649_233)
        #expect(events == 247_332)
    }

    // MARK: 6. A deadline shorter than the round trip

    /// 10,000 users with a 1 ms timeout on a 1 s network: each try is counted as lasting the
    /// timeout, and the refusal says so (it said "every round trip of the network (1.000 ms …)").
    @Test func theRefusalSaysATryLastsTheDeadlineShorterThanTheRoundTrip() {
        let text = """
            name: h
            seed: 1
            run: {duration: 60s}
            network: {latency: 1s}
            servers:
            - {name: s, slots: 1, queue: 0, service_time: {constant: 1s}}
            workload: {type: closed_loop, users: 10000, timeout: 1ms}
            """
        #expect(Self.refusal(text) == "r.yaml:7:54: error: this world would need about 6.6 × 10⁹ events over its 60.000 s of virtual time (mostly from 'workload': 10,000 users counted as trying every 1.000 ms (its workload.timeout of 1.000 ms, shorter than the network's round trip of 2.000 s: 1,000 a second) for the whole run, while the file's workload.timeout (shorter than a request's service and round trip: each abandoned request keeps its place at the server) may fail every try at once or leave no server to answer), more than its event limit of 2 × 10⁹ (run.max_events); raise workload.timeout above the service time and the round trip, or raise workload.think_time, or use fewer users; if the servers are back sooner, raise run.max_events (at most 1,000,000,000,000): the estimate takes every failure and ejection at its longest (at workload.timeout)")
        #expect(Self.refusal(text.replacingOccurrences(of: "timeout: 1ms}", with: "timeout: 1ms, think_time: {constant: 1ms}}")) == "r.yaml:7:54: error: this world would need about 3.3 × 10⁹ events over its 60.000 s of virtual time (mostly from 'workload': 10,000 users counted as trying every 2.000 ms (its think time and its workload.timeout of 1.000 ms, shorter than the network's round trip of 2.000 s: 500 a second) for the whole run, while the file's workload.timeout (shorter than a request's service and round trip: each abandoned request keeps its place at the server) may fail every try at once or leave no server to answer), more than its event limit of 2 × 10⁹ (run.max_events); raise workload.timeout above the service time and the round trip, or raise workload.think_time, or use fewer users; if the servers are back sooner, raise run.max_events (at most 1,000,000,000,000): the estimate takes every failure and ejection at its longest (at workload.timeout)")
    }
}
