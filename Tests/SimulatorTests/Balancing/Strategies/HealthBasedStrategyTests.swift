import Foundation
import Testing
@testable import Simulator

/// `health_based` as Finagle's peak EWMA with the default decay time τ = 10 s: averages that
/// weigh by time, decay while a server is idle, and jump to a latency peak at once.
struct HealthBasedStrategyTests {
    /// A strategy over servers 1…`count`.
    static func strategy(servers count: Int, errorPenalty: Double = 20) -> HealthBasedStrategy {
        var strategy = HealthBasedStrategy(errorPenalty: errorPenalty)
        for id in 1...count { try? strategy.serverAdded(id, hostname: "s\(id)", weight: 1) }
        return strategy
    }

    /// Picks for request `id` at `seconds` among `servers` and, when one is picked, ends its
    /// forward `latency` later with `outcome`. Returns the server picked (0 for none).
    @discardableResult
    static func forward(_ strategy: inout HealthBasedStrategy, id: UInt64, at seconds: Double, among servers: [UpstreamCandidate],
                        outcome: ForwardOutcome = .answered(status: 200), latency: Duration) -> Int {
        var random = SeededRandom(seed: 1)
        let request = Request(id: id, key: id, client: "c")
        guard let picked = strategy.pick(request, from: servers, at: .after(.seconds(double: seconds)), random: &random) else { return 0 }
        strategy.forwardEnded(request, serverID: picked, outcome: outcome, latency: latency)
        return picked
    }

    @Test func anIdleServersCostHalvesAfterTauLn2() throws {
        var strategy = Self.strategy(servers: 1)
        Self.forward(&strategy, id: 1, at: 0, among: candidates(active: [0]), outcome: .answered(status: 500), latency: .milliseconds(40))
        // The first latency is taken as it is; the error weighs 1 − e^(−0.04 / 10), the time
        // since the server joined at 0.
        let ended = strategy.health(of: 1)
        #expect(ended.latency == 0.04 && ended.latencyUpdated == .after(.milliseconds(40)))
        #expect(ended.errorRate == 1 - exp(-0.004))
        let halfLife = Duration.seconds(double: 10 * log(2.0))
        #expect(halfLife == .nanoseconds(6_931_471_806))
        let later = strategy.health(of: 1, at: .after(.milliseconds(40) + halfLife))
        // Equal but for the half-life's rounding to the nanosecond (a relative 6e-11).
        #expect(abs(try #require(later.latency) / 0.02 - 1) < 1e-10)
        #expect(abs(later.errorRate / (ended.errorRate / 2) - 1) < 1e-10)
        // A pick reads the latency by observing 0: the stored value halves too.
        var random = SeededRandom(seed: 1)
        #expect(strategy.pick(Request(id: 2, key: 2, client: "c"), from: candidates(active: [0]), at: .after(.milliseconds(40) + halfLife), random: &random) == 1)
        #expect(abs(try #require(strategy.health(of: 1).latency) / 0.02 - 1) < 1e-10)
    }

    @Test func aPeakReplacesTheAverageAtOnceAndALowerLatencyIsBlendedByTime() throws {
        var strategy = Self.strategy(servers: 1)
        let only = candidates(active: [0])
        Self.forward(&strategy, id: 1, at: 0, among: only, latency: .milliseconds(10))
        Self.forward(&strategy, id: 2, at: 1, among: only, latency: .milliseconds(100))
        #expect(strategy.health(of: 1).latency == 0.1, "100 ms > 10 ms × e^(−0.099): replaced, not averaged")
        Self.forward(&strategy, id: 3, at: 2, among: only, latency: .milliseconds(20))
        // Read at 2 s (0.1 × e^(−0.09)), then 20 ms blended in when it ends 20 ms later, with weight 1 − e^(−0.002).
        let w = exp(-0.002)
        let expected = 0.1 * exp(-0.09) * w + 0.02 * (1 - w)
        #expect(abs(try #require(strategy.health(of: 1).latency) / expected - 1) < 1e-12)
        #expect(strategy.health(of: 1).latencyUpdated == .after(.milliseconds(2_020)))
    }

    /// Server 1 times out once (1 s) while server 2 answers in 10 ms, then both are offered at
    /// every whole second. Server 2, picked each time, costs 0.01 × e^(−0.099) at each pick (its
    /// own 10 ms, a peak, decayed over the 0.99 s since). Server 1 costs x (1 + 20 e₀ x) with
    /// x = e^(−(t − 1) / 10) and e₀ = 1 − e^(−0.1); they cross at
    /// x = (√(1 + 80 e₀ c₂) − 1) / (40 e₀), t = 48.21 s: server 1 is picked again at 49 s.
    @Test func aServerThatTimedOutIsPickedAgainOnceItsCostHasDecayedBelowTheOthers() throws {
        var strategy = Self.strategy(servers: 2)
        var random = SeededRandom(seed: 1)
        let first = Request(id: 1, key: 1, client: "c"), second = Request(id: 2, key: 2, client: "c")
        #expect(strategy.pick(first, from: candidates(active: [0, 0], ineligible: [1]), at: .zero, random: &random) == 2)
        #expect(strategy.pick(second, from: candidates(active: [0, 1], ineligible: [2]), at: .zero, random: &random) == 1)
        strategy.forwardEnded(first, serverID: 2, outcome: .answered(status: 200), latency: .milliseconds(10))
        strategy.forwardEnded(second, serverID: 1, outcome: .failed(.timeout), latency: .seconds(1))
        let e0 = 1 - exp(-0.1), c2 = 0.01 * exp(-0.099)
        #expect(strategy.health(of: 1) == .init(latency: 1, latencyUpdated: .after(.seconds(1)), errorRate: e0, errorsUpdated: .after(.seconds(1))))
        let x = ((1 + 80 * e0 * c2).squareRoot() - 1) / (40 * e0)
        let crossing = 1 + 10 * log(1 / x)
        #expect(abs(crossing - 48.2098) < 1e-4)

        var back: Int?
        for second in 2...120 {
            let request = Request(id: UInt64(100 + second), key: 0, client: "c")
            let picked = strategy.pick(request, from: candidates(active: [0, 0]), at: .after(.seconds(second)), random: &random)
            strategy.forwardEnded(request, serverID: picked ?? 0, outcome: .answered(status: 200), latency: .milliseconds(picked == 1 ? 20 : 10))
            if picked == 1 {
                back = second
                break
            }
        }
        #expect(back == Int(crossing.rounded(.up)))
        #expect(back == 49)
        // Its first answer since replaces the decayed latency (a peak); its error rate is the
        // decayed e₀, the success weighing 1 − e^(−48.02 / 10) of it.
        let health = strategy.health(of: 1)
        #expect(health.latency == 0.02 && health.latencyUpdated == .after(.milliseconds(49_020)))
        #expect(abs(health.errorRate / (e0 * exp(-4.802)) - 1) < 1e-12)
    }

    @Test func prefersTheServerWithTheLowerLatencyAverage() {
        var strategy = Self.strategy(servers: 2)
        let request = Request(id: 1, key: 1, client: "c")
        strategy.forwardEnded(request, serverID: 1, outcome: .answered(status: 200), latency: .milliseconds(50))
        strategy.forwardEnded(request, serverID: 2, outcome: .answered(status: 200), latency: .milliseconds(10))
        #expect(picks(&strategy, candidates(active: [0, 0]), count: 3) == [2, 2, 2])
        // Five busy connections make the fast server costlier: 10 ms × 6 > 50 ms × 1.
        #expect(picks(&strategy, candidates(active: [0, 5]), count: 1) == [1])
    }

    /// Ten 500s a second apart from 5 ms after the start: the error rate is 1 − e^(−9.005 / 10).
    @Test func drainsAServerThatReturnsErrors() {
        var strategy = Self.strategy(servers: 2)
        for second in 0..<10 {
            let at = Double(second)
            Self.forward(&strategy, id: UInt64(2 * second), at: at, among: candidates(active: [0, 0], ineligible: [2]), outcome: .answered(status: 500), latency: .milliseconds(5))
            Self.forward(&strategy, id: UInt64(2 * second + 1), at: at, among: candidates(active: [0, 0], ineligible: [1]), latency: .milliseconds(10))
        }
        #expect(abs(strategy.health(of: 1).errorRate - (1 - exp(-0.9005))) < 1e-12)
        #expect(strategy.health(of: 2).errorRate == 0)
        #expect(Self.forward(&strategy, id: 100, at: 10, among: candidates(active: [0, 0]), latency: .milliseconds(10)) == 2)
    }

    @Test func rotatesBeforeAnythingIsKnown() {
        var strategy = Self.strategy(servers: 3)
        #expect(picks(&strategy, candidates(active: [0, 0, 0]), count: 3) == [1, 2, 3])
    }
}
