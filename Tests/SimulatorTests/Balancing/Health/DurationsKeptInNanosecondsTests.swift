import Testing
@testable import Simulator

/// The durations a pick and a forward read are converted once and kept beside the `Duration`
/// they come from (a 10 s duration's attoseconds overflow 64 bits, so each conversion at a pick
/// was a 128-bit division): the kept value follows the duration when it is set, and behaves as
/// the duration read afresh.
struct DurationsKeptInNanosecondsTests {
    private func at(_ seconds: Int64) -> VirtualInstant { VirtualInstant(nanoseconds: seconds * 1_000_000_000) }

    /// A `fail_timeout` of 10 s, then set to 30 s: a server that failed in second 5 is out until
    /// second 16, then (30 s) until second 36, exactly as one made with 30 s.
    @Test func passiveHealthsSecondsFollowItsFailTimeout() {
        var health = PassiveHealth(maxFails: 1, failTimeout: .seconds(10))
        #expect(health.failTimeoutSeconds == 10)
        var state = PassiveHealth.State()
        #expect(health.failed(&state, at: at(5)) == .markedDown)
        #expect(!health.isAvailable(state, at: at(15)))
        #expect(health.isAvailable(state, at: at(16)))
        health.failTimeout = .seconds(30)
        #expect(health.failTimeoutSeconds == 30)
        #expect(health == PassiveHealth(maxFails: 1, failTimeout: .seconds(30)))
        #expect(!health.isAvailable(state, at: at(35)))
        #expect(health.isAvailable(state, at: at(36)))
        // Past what 64 bits of attoseconds hold (~9.2 s) and far beyond.
        #expect(PassiveHealth(maxFails: 1, failTimeout: .seconds(86_400 * 365)).failTimeoutSeconds == 86_400 * 365)
    }

    /// A slow start window set after it was made ramps as one made with that window: half way
    /// through 20 s, half the weight.
    @Test func slowStartsRampFollowsItsWindow() {
        var ramp = SlowStart(window: .seconds(10), minimumFraction: 0.1)
        let recovered = at(100)
        #expect(ramp.effectiveWeight(4, recoveredAt: recovered, now: at(105)) == 2)
        ramp.window = .seconds(20)
        #expect(ramp == SlowStart(window: .seconds(20), minimumFraction: 0.1))
        #expect(ramp.effectiveWeight(4, recoveredAt: recovered, now: at(110)) == 2)
        #expect(ramp.effectiveWeight(4, recoveredAt: recovered, now: at(120)) == 4)
        #expect(ramp.effectiveWeight(4, recoveredAt: recovered, now: at(100)) == Double(4) * 0.1)
    }

    /// A balancer's forward timeout in nanoseconds is its configuration's, whole: 1 s and 12.5 s.
    @Test(arguments: [Duration.seconds(1), .milliseconds(12_500)])
    func aBalancersForwardTimeoutIsKeptInNanoseconds(timeout: Duration) {
        let network = Network(simulation: Simulation(seed: 1))
        let balancer = LoadBalancer("balancer", strategy: RoundRobinStrategy(), configuration: .init(forwardTimeout: timeout), network: network)
        #expect(balancer.forwardTimeoutNanoseconds == timeout.nanoseconds)
        #expect(balancer.forwardTimeoutNanoseconds == Int64(timeout.components.seconds) * 1_000_000_000 + timeout.components.attoseconds / 1_000_000_000)
    }
}
