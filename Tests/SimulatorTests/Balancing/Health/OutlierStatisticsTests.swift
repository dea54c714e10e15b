import Testing
@testable import Simulator

/// Envoy's statistical outlier detectors (`processSuccessRateEjections`): at each tick of the
/// interval timer, the servers' success rates over the last whole interval.
///
/// The worlds: round robin over n servers with no retries, one request every 0.5 ms, so each
/// server has every nth one; a server serves in 1 ms over a 0.5 ms link. A bad server answers
/// 500 from its Kth request of a batch on (a version with error rate 1 installed between its
/// (K−1)th answer and its Kth), so its counts are exact. `enforcing_consecutive_5xx: 0` keeps
/// the errors in a row from ejecting it first.
struct OutlierStatisticsTests {
    /// n servers, each answering `perServer` requests sent from `start` on; `bad` servers fail
    /// from their request number `goodFirst` (0-based) of that batch.
    static func world(servers n: Int, outlier: OutlierDetection, perServer: Int = 120, start: Double = 1, bad: [Int] = [6],
                      goodFirst: Int = 84, warmUp: Bool = false) -> UpstreamFixture {
        let fixture = UpstreamFixture(servers: n, configuration: .init(retries: 0, outlierDetection: outlier))
        if warmUp {
            // 100 good requests each in the first interval.
            for i in 0..<(100 * n) { _ = fixture.route(at: Double(i) * 0.0005) }
        }
        for i in 0..<(perServer * n) { _ = fixture.route(at: start + Double(i) * 0.0005) }
        // The last good answer of server b (1-based) ends 1.5 ms after its request; its next one 0.5 ms × n later.
        let servers = fixture.servers, sim = fixture.sim
        for b in bad {
            let lastGood = start + Double((goodFirst - 1) * n + b - 1) * 0.0005
            sim.spawn("release") { _ in
                await sim.sleep(until: .after(.seconds(double: lastGood + 0.0025)))
                await servers[b - 1].install(version: 2, errorRate: 1)
            }
        }
        return fixture
    }

    static let detection = OutlierDetection(maxEjectionPercent: 20, interval: .seconds(1), enforcingConsecutiveErrors: 0)

    /// Success rates 100 (five servers) and 84/120 = 70: mean 95, variance (5 × 5² + 25²) / 6 =
    /// 125, standard deviation 11.18, threshold 95 − 1.9 × 11.18 = 73.76. At the tick of 1 s
    /// every server had 100 good answers (deviation 0, threshold 100, no one below it); at 2 s
    /// s6 is below 73.76 and goes, for base_ejection_time × 1 = 30 s.
    @Test func aServerFailingThirtyPercentIsEjectedAtTheFirstTickItsRateIsAnOutlier() {
        let fixture = Self.world(servers: 6, outlier: Self.detection, warmUp: true)
        fixture.run(until: 3)
        #expect(fixture.balancer.stats.servers.map(\.forwarded) == [220, 220, 220, 220, 220, 220])
        #expect(fixture.balancer.stats.servers[5].serverErrors == 36)
        #expect(fixture.events.map(\.0) == [2])
        #expect(fixture.events.map(\.1) == ["s6"])
        #expect(fixture.events.map(\.2) == [.markedDown(.outlier)])
        let counts = Array(repeating: OutlierDetection.IntervalCounts(successes: 120, requests: 120), count: 5) + [.init(successes: 84, requests: 120)]
        let found = Self.detection.statisticalOutliers(counts)
        #expect(found.mean == 95)
        #expect(abs(found.threshold! - (95 - 1.9 * 125.0.squareRoot())) < 1e-12)
        #expect(found.bySuccessRate == [5])
        // Ejected at 2 s for 30 s: back at the tick of 32 s.
        fixture.run(until: 33)
        #expect(fixture.events.map(\.0) == [2, 32])
    }

    /// Envoy's own example (`successRateEjectionThreshold`): 50, 100, 100, 100, 100 have mean 90,
    /// standard deviation 20, threshold 90 − 1.9 × 20 = 52.
    @Test func envoysExampleThreshold() {
        let (mean, threshold) = OutlierDetection.successRateThreshold(rates: [50, 100, 100, 100, 100], sum: 450, stdevFactor: 1.9)
        #expect(mean == 90)
        #expect(abs(threshold - 52) < 1e-12)
    }

    /// Fewer servers with the request volume than `success_rate_minimum_hosts`: no one is judged
    /// (six servers of 120 requests against a minimum of 7; or a volume of 121 that none reaches).
    @Test(arguments: [(7, 100), (5, 121)])
    func tooFewBusyServersEjectNoOne(minimumHosts: Int, volume: Int) {
        var outlier = Self.detection
        outlier.successRate = .init(minimumHosts: minimumHosts, requestVolume: volume)
        let fixture = Self.world(servers: 6, outlier: outlier)
        fixture.run(until: 3)
        #expect(fixture.balancer.stats.servers[5].serverErrors == 36)
        #expect(fixture.events.isEmpty)
    }

    /// Failure percentage alone (success rate not enforced), threshold 50: s6 fails 72 of 120,
    /// 60 % ≥ 50 %, and goes at the tick of 2 s; at threshold 61 it stays.
    @Test func aFailurePercentageAtTheThresholdEjects() {
        var outlier = Self.detection
        outlier.successRate.enforcing = 0
        outlier.failurePercentage = .init(threshold: 50, enforcing: 100)
        let fixture = Self.world(servers: 6, outlier: outlier, goodFirst: 48)
        fixture.run(until: 3)
        #expect(fixture.balancer.stats.servers[5].serverErrors == 72)
        #expect(fixture.events.map(\.0) == [2])
        #expect(fixture.events.map(\.1) == ["s6"])
        outlier.failurePercentage.threshold = 61
        let kept = Self.world(servers: 6, outlier: outlier, goodFirst: 48)
        kept.run(until: 3)
        #expect(kept.events.isEmpty)
    }

    /// Ten servers, s9 and s10 at 84/120 = 70: mean 94, variance (8 × 6² + 2 × 24²) / 10 = 144,
    /// standard deviation 12, threshold 94 − 22.8 = 71.2: both are outliers. Envoy's default 10 %
    /// lets one go (100 × 1 / 10 ≤ 10), the first in member order; 20 % lets both.
    @Test func maxEjectionPercentLimitsTheStatisticalEjections() {
        var outlier = Self.detection
        outlier.maxEjectionPercent = 10
        let limited = Self.world(servers: 10, outlier: outlier, bad: [9, 10])
        limited.run(until: 3)
        #expect(limited.balancer.stats.servers.suffix(2).map(\.serverErrors) == [36, 36])
        #expect(limited.events.map(\.1) == ["s9"])
        #expect(limited.events.map(\.0) == [2])
        outlier.maxEjectionPercent = 20
        let both = Self.world(servers: 10, outlier: outlier, bad: [9, 10])
        both.run(until: 3)
        #expect(both.events.map(\.1) == ["s9", "s10"])
        #expect(both.events.map(\.0) == [2, 2])
    }

    /// An enforcing percentage between 0 and 100 draws from the server's own seeded stream:
    /// the same seed decides the same way; 0 never ejects and draws nothing.
    @Test func enforcingBetweenZeroAndAHundredDrawsFromTheSeed() {
        var outlier = Self.detection
        outlier.successRate.enforcing = 0
        let off = Self.world(servers: 6, outlier: outlier)
        off.run(until: 3)
        #expect(off.events.isEmpty)
        outlier.successRate.enforcing = 50
        let first = Self.world(servers: 6, outlier: outlier), second = Self.world(servers: 6, outlier: outlier)
        first.run(until: 3)
        second.run(until: 3)
        #expect(first.events.map(\.0) == second.events.map(\.0))
        #expect(first.sim.trace.digest == second.sim.trace.digest)
        // The draw: the first number of stream balancer.balancer.outlier.s6.0, as a share of 100.
        var stream = SeededRandom(seed: 1, stream: "balancer.balancer.outlier.s6.0")
        let ejects = Double(stream.next() >> 11) * 0x1.0p-53 * 100 < 50
        #expect(first.events.map(\.0) == (ejects ? [2] : []))
        // With the percentage just at or above the drawn share, it goes; just at or below, it stays.
        var again = SeededRandom(seed: 1, stream: "balancer.balancer.outlier.s6.0")
        let share = Double(again.next() >> 11) * 0x1.0p-53 * 100
        for (enforcing, ejected) in [(share.rounded(.down), false), (share.rounded(.up), true)] where enforcing > 0 && enforcing < 100 {
            outlier.successRate.enforcing = enforcing
            let world = Self.world(servers: 6, outlier: outlier)
            world.run(until: 3)
            #expect(world.events.map(\.0) == (ejected ? [2] : []), "enforcing \(enforcing) against a draw of \(share)")
        }
    }

    /// A jitter lengthens an ejection by a drawn whole number of milliseconds, and the ejection
    /// still ends at a tick: 30 s + up to 2.5 s ends at the tick of 32 s or 35 s (interval 1 s:
    /// 32 s + the jitter rounded up to a whole second).
    @Test func aJitterLengthensTheEjectionToALaterTick() {
        var outlier = Self.detection
        outlier.maximumEjectionTimeJitter = .milliseconds(2_500)
        let fixture = Self.world(servers: 6, outlier: outlier)
        fixture.run(until: 40)
        var stream = SeededRandom(seed: 1, stream: "balancer.balancer.outlier.s6.0")
        let jitter = Double(stream.next() % 2_501) / 1_000
        #expect(fixture.events.map(\.0) == [2, (32 + jitter).rounded(.up)])
    }

    /// A statistical ejection at a tick takes the multiplier before that tick's own decrement
    /// (Envoy's `onIntervalTimer` ejects, then decrements the servers back for an interval): a
    /// server back since the tick of 10 s with multiplier 5 is ejected at the tick of 13 s with 5 − 2
    /// (the ticks of 11 and 12 s), and by consecutive errors just after it with 5 − 3.
    @Test func anEjectionAtATickTakesTheMultiplierBeforeThatTicksDecrement() {
        let detection = OutlierDetection(interval: .seconds(1))
        var state = OutlierDetection.State()
        state.backoff = 5
        state.ejectedUntil = .after(.seconds(10))
        #expect(detection.backoff(of: state, at: .after(.seconds(13)), atTick: true) == 3)
        #expect(detection.backoff(of: state, at: .after(.seconds(13)), atTick: false) == 2)
        #expect(detection.backoff(of: state, at: .after(.seconds(10)), atTick: true) == 5)
    }

    /// Before the interval timer was needed no tick ran: three servers (fewer than both minimum
    /// hosts) with outlier detection route, eject and return exactly as with only consecutive
    /// errors (the statistics disabled), event for event.
    @Test func threeServersRunAsWithTheStatisticsOff() {
        var off = OutlierDetection(consecutiveErrors: 3, baseEjectionTime: .seconds(2), maxEjectionPercent: 50, interval: .seconds(1))
        let on = off
        off.successRate.enforcing = 0
        let a = Self.world(servers: 3, outlier: on, bad: [3], goodFirst: 60), b = Self.world(servers: 3, outlier: off, bad: [3], goodFirst: 60)
        a.run(until: 10)
        b.run(until: 10)
        #expect(a.events.count == 2)
        #expect(a.events.map(\.0) == b.events.map(\.0))
        #expect(a.sim.trace.digest == b.sim.trace.digest)
        #expect(a.sim.executor.eventsProcessed == b.sim.executor.eventsProcessed)
    }
}
