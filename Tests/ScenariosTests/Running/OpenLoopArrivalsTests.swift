import Testing
@testable import Scenarios
@testable import Simulator

/// The open-loop arrivals run as steps of the ready queue (`OpenLoopArrivals`) where they were a
/// task sleeping between arrivals. The figures pinned here were produced by that task (the
/// release build of `39d5639`, `orrery run`): the steps must draw, send and count exactly as it did.
/// (The digests were re-derived once the digest folded in every answer's arrival, which changed
/// every digest and no event count: `bbb4a3f6cd96f834` and `86444e8baa5e137a` before.)
struct OpenLoopArrivalsTests {
    /// Ramp-up and a burst (so arrivals are thinned), 20 client hosts drawn at random, Zipf keys,
    /// through a balancer that retries.
    static let rampAndBurst = """
        name: open-loop-ramp-and-burst
        description: open-loop arrivals through a balancer, ramped up, with a burst, from 20 client hosts
        seed: 11
        run:
          duration: 12s
        network:
          latency: 0.5ms
        servers:
          - {name: s, count: 3, slots: 4, queue: 50, service_time: {exponential: 5ms}}
        balancer:
          strategy: least_conn
          forward_timeout: 1s
          retries: {tries: 2, on: [error, timeout]}
        workload:
          type: open_loop
          rate: 400
          clients: 20
          ramp_up: 3s
          bursts:
            - {at: 5s, for: 2s, multiplier: 3}
          keys: {zipf: {n: 1000, exponent: 0.9}}
          timeout: 2s
        """

    @Test func rampedAndBurstyArrivalsGiveTheTasksDigestAndEventCount() throws {
        let scenario = try ScenarioLoader.parse(Self.rampAndBurst, file: "ramp-and-burst.yaml")
        let result = ScenarioRunner.runTraffic(scenario)
        #expect(result.digest == "00f48a011b2e8ae4")
        #expect(result.events == 110_734)
        #expect(result.issued == 5_833 && result.succeeded == 5_833)
    }

    @Test func steadyArrivalsGiveTheTasksDigestAndEventCount() throws {
        let scenario = try WorldTearDownTests.scenario("strategies.yaml")
        let world = World(scenario, seed: scenario.seed, traceSink: nil)
        _ = world.run()
        #expect(world.simulation.trace.digestHex == "1667da5ba8d1e9e9")
        #expect(world.simulation.executor.eventsProcessed == 642_597)
    }

    /// A gap longer than the rest of the run ends the arrivals at the end of the window: waited
    /// for (1,000 s on average at 0.001 requests a second), it ran into the time limit and the
    /// run stopped early, where 0.05 requests a second drew a shorter gap and passed.
    /// (Written as text, as the file has them: `1e-320` as a literal makes the compiler warn of
    /// its underflow.)
    @Test(arguments: ["0.001", "0.05", "1e-9", "1e-320"])
    func aGapPastTheEndOfTheRunEndsTheArrivalsThere(rate: String) throws {
        let scenario = try ScenarioLoader.parse("""
            name: slow
            seed: 3
            run: {duration: 10s}
            servers: [{name: s, slots: 1, service_time: 1ms}]
            workload: {type: open_loop, rate: \(rate)}
            """, file: "slow.yaml")
        let world = World(scenario, seed: scenario.seed, traceSink: nil)
        #expect(world.run() == nil)
        #expect(world.simulation.now == .after(.seconds(10)))
    }
}
