import Testing
@testable import Simulator

/// The gateway-failure and local-origin detectors at the balancer, and a server ejected twice at
/// one tick (Envoy's `processSuccessRateEjections` does not pass over a success-rate outlier in
/// its failure-percentage loop).
///
/// The worlds: round robin over six servers with no retries and Envoy's 500 ms forward timeout,
/// one request every 0.5 ms from 1 s, 720 in all (120 a server: server b has requests
/// b − 1, b − 1 + 6, …), the interval timer every second. A hung server accepts its forwards and
/// never answers, so each times out 500 ms after it left.
struct OutlierErrorOriginsWorldTests {
    static func world(_ outlier: OutlierDetection, hang: Bool = true, errorRates: [Int: Double] = [:]) -> UpstreamFixture {
        let fixture = UpstreamFixture(servers: 6, configuration: .init(retries: 0, outlierDetection: outlier), errorRates: errorRates)
        if hang { fixture.network.hang("s6", for: nil) }
        for i in 0..<720 { _ = fixture.route(at: 1 + Double(i) * 0.0005) }
        return fixture
    }

    static func events(_ fixture: UpstreamFixture) -> [(Double?, String, BalancerEvent.Kind)] {
        fixture.events.map { (micros($0.0), $0.1, $0.2) }
    }

    /// Statistics off (both enforcing 0), consecutive 5xx not enforced: only the gateway detector.
    static func gateway(enforcing: Double) -> OutlierDetection {
        OutlierDetection(maxEjectionPercent: 20, interval: .seconds(1), enforcingConsecutiveErrors: 0, successRate: .init(enforcing: 0),
                         gatewayFailure: .init(enforcing: enforcing))
    }

    /// Without the split each timeout of the hung s6 is a 504, a gateway failure: its fifth
    /// forward left at 1 + 29 × 0.0005 = 1.0145 s and timed out at 1.5145 s, where
    /// `enforcing_consecutive_gateway_failure: 100` ejects it. Envoy's default 0 never does, and
    /// a server answering only 500s is no gateway failure even at 100.
    @Test func aHungServersTimeoutsAreGatewayFailures() {
        let enforced = Self.world(Self.gateway(enforcing: 100))
        enforced.run(until: 3)
        #expect(Self.events(enforced).map(\.0) == [1.5145])
        #expect(Self.events(enforced).map(\.1) == ["s6"])
        #expect(Self.events(enforced).map(\.2) == [.markedDown(.outlier)])
        let byDefault = Self.world(Self.gateway(enforcing: 0))
        byDefault.run(until: 3)
        #expect(byDefault.balancer.stats.failedForwards == 120)
        #expect(byDefault.events.isEmpty)
        let fiveHundreds = Self.world(Self.gateway(enforcing: 100), hang: false, errorRates: [6: 1])
        fiveHundreds.run(until: 3)
        #expect(fiveHundreds.balancer.stats.servers[5].serverErrors == 120)
        #expect(fiveHundreds.events.isEmpty)
    }

    static func split(_ localOrigin: OutlierDetection.LocalOrigin, successRate: Double = 100) -> OutlierDetection {
        OutlierDetection(maxEjectionPercent: 20, interval: .seconds(1), enforcingConsecutiveErrors: 0, successRate: .init(enforcing: successRate),
                         localOrigin: localOrigin)
    }

    /// With the split, each of s6's timeouts follows a connection made, which resets the
    /// local-origin count: at `consecutive_local_origin_failure: 5` its 120 timeouts eject it
    /// never; at 1, at its first timeout, 1.0025 + 0.5 = 1.5025 s.
    @Test func aHungServersTimeoutsInARowAreNoLocalOriginRun() {
        let five = Self.world(Self.split(.init(split: true, enforcingSuccessRate: 0), successRate: 0))
        five.run(until: 3)
        #expect(five.balancer.stats.failedForwards == 120)
        #expect(five.events.isEmpty)
        let one = Self.world(Self.split(.init(split: true, consecutiveFailures: 1, enforcingSuccessRate: 0), successRate: 0))
        one.run(until: 3)
        #expect(Self.events(one).map(\.0) == [1.5025])
        #expect(Self.events(one).map(\.1) == ["s6"])
    }

    /// With the split the tick judges the local-origin buckets after the answers'. In [1, 2) s
    /// s6 had 120 connections made and 120 timeouts: 120 successes of 240, 50 %; the others 120
    /// of 120. The answers' pass has five servers at 100 (s6 has no answer) and ejects no one. The
    /// local-origin pass: mean 550 / 6 = 91.67, variance (5 × 8.33² + 41.67²) / 6 = 347.22,
    /// standard deviation 18.63, threshold 91.67 − 1.9 × 18.63 = 56.26 > 50: s6 goes at the tick of
    /// 2 s with `enforcing_local_origin_success_rate: 100`, and stays with 0.
    @Test func theLocalOriginSuccessRateEjectsAHungServerAtTheTick() {
        let enforced = Self.world(Self.split(.init(split: true)))
        enforced.run(until: 3)
        #expect(Self.events(enforced).map(\.0) == [2])
        #expect(Self.events(enforced).map(\.1) == ["s6"])
        let off = Self.world(Self.split(.init(split: true, enforcingSuccessRate: 0)))
        off.run(until: 3)
        #expect(off.events.isEmpty)
        let rates = OutlierDetection.successRateThreshold(rates: [100, 100, 100, 100, 100, 50], sum: 550, stdevFactor: 1.9)
        #expect(abs(rates.threshold - (550.0 / 6 - 1.9 * 347.2222222222222.squareRoot())) < 1e-9 && rates.threshold > 50)
    }

    /// The local-origin failure percentage (`enforcing_failure_percentage_local_origin`, default
    /// 0) shares `failure_percentage_threshold`: s6's local-origin failures are 50 %, so a
    /// threshold of 50 ejects it at 2 s and one of 51 does not.
    @Test func theLocalOriginFailurePercentageSharesTheThreshold() {
        for (threshold, ejected) in [(50.0, true), (51, false)] {
            var outlier = Self.split(.init(split: true, enforcingSuccessRate: 0, enforcingFailurePercentage: 100), successRate: 0)
            outlier.failurePercentage = .init(threshold: threshold)
            let fixture = Self.world(outlier)
            fixture.run(until: 3)
            #expect(fixture.events.map(\.0) == (ejected ? [2] : []), "threshold \(threshold)")
        }
    }

    /// s6 fails 72 of its 120 forwards in [1, 2) s (a success rate of 40): a success-rate outlier
    /// (rates 100 × 5 and 40: mean 90, standard deviation √500 = 22.36, threshold 47.51) and a
    /// failure-percentage one (60 ≥ 50). Envoy ejects it by its success rate, then again by its
    /// failure percentage at the same tick: `max_ejection_percent: 40` allows both (100 × 1 / 6,
    /// then 100 × 2 / 6 ≤ 40), the multiplier goes 0 → 1 → 2, and the ejection lasts 60 s: back at
    /// the tick of 62 s, not 32 s. The second leaves Envoy's `ejections_active` one too high: s6
    /// healed and s5 failing every forward from 5 s, s5 is both outliers at the tick of 11 s
    /// (rates 100 × 4 and 0 among the five in) but s6 and the phantom count two, and
    /// 100 × 3 / 6 > 40 refuses it; at the tick of 71 s, s6 back, the phantom alone counts and
    /// 100 × 2 / 6 ≤ 40 lets s5 go (once: its failure-percentage ejection would make three), for
    /// 30 s, back at 101 s.
    @Test func aSuccessRateOutlierIsEjectedAgainByItsFailurePercentage() {
        let outlier = OutlierDetection(maxEjectionPercent: 40, interval: .seconds(1), enforcingConsecutiveErrors: 0,
                                       failurePercentage: .init(threshold: 50, enforcing: 100))
        let fixture = OutlierStatisticsTests.world(servers: 6, outlier: outlier, goodFirst: 48)
        let servers = fixture.servers, sim = fixture.sim
        sim.spawn("change") { _ in
            await sim.sleep(until: .after(.seconds(5)))
            await servers[5].install(version: 3, errorRate: 0)
            await servers[4].install(version: 2, errorRate: 1)
        }
        for batch in [10.0, 70] {
            for i in 0..<720 { _ = fixture.route(at: batch + Double(i) * 0.0005) }
        }
        fixture.run(until: 102)
        #expect(fixture.balancer.stats.servers[5].serverErrors == 72)
        #expect(fixture.events.map(\.0) == [2, 62, 71, 101])
        #expect(fixture.events.map(\.1) == ["s6", "s6", "s5", "s5"])
        #expect(fixture.events.map(\.2) == [.markedDown(.outlier), .markedUp(.outlier), .markedDown(.outlier), .markedUp(.outlier)])
    }
}
