import Testing
@testable import Simulator

/// nginx's `effective_weight`: `ngx_http_upstream_free_round_robin_peer` lowers a failed peer's by
/// `weight / max_fails` (integer division, not below 0), and every `ngx_http_upstream_get_peer`
/// adds each eligible peer's to its `current_weight` and the total, then raises it by one while
/// it is below `weight`. Every sequence here was worked out by hand from that loop; a, b, c are
/// servers 1, 2, 3.
struct NginxEffectiveWeightTests {
    static func names(_ ids: [Int]) -> String {
        ids.map { ["-", "a", "b", "c"][$0] }.joined(separator: " ")
    }

    /// Weights 5, 1, 1: two picks (a, a) leave current weights −4, 2, 2; then a fails once and
    /// stays eligible. With `max_fails=1` its effective weight drops by 5 to 0 and climbs back
    /// one a pick: a adds 0, 1, 2, 3, 4 in picks 3–7, so b and c take picks 3–6 (b c b c) and the
    /// rotation is back to a a a b a a c a from there. With `max_fails=2` it drops by 5 / 2 = 2
    /// to 3: a adds 3 and 4 in picks 3–4, and c takes pick 4. With `max_fails=5` it drops by 1
    /// (pick 3 adds 4), which moves c from pick 5 to pick 6; with `max_fails=6`, 5 / 6 = 0: nothing
    /// changes.
    @Test(arguments: [
        (1, "a a b c b c a a a b a a c a"),
        (2, "a a b c a a a b a a c a a a"),
        (5, "a a b a c a a a b a a c a a"),
        (6, "a a b a c a a a a b a c a a"),
    ])
    func aFailureLowersTheWeightByWeightOverMaxFails(maxFails: Int, expected: String) {
        var strategy = SmoothWeightedRoundRobinStrategy()
        let servers = candidates(active: [0, 0, 0], weights: [5, 1, 1])
        var chosen = picks(&strategy, servers, count: 2)
        strategy.passiveFailure(of: 1, weight: 5, maxFails: maxFails)
        chosen += picks(&strategy, servers, count: 12)
        #expect(Self.names(chosen) == expected)
    }

    /// A peer held out (unavailable) is skipped before nginx's `effective_weight++`: a, out of the
    /// two picks after its failure (`max_fails=1`), comes back still at 0 and climbs from there.
    @Test func aServerOutOfRotationRegainsNoWeight() {
        var strategy = SmoothWeightedRoundRobinStrategy()
        let servers = candidates(active: [0, 0, 0], weights: [5, 1, 1])
        var chosen = picks(&strategy, servers, count: 2)
        strategy.passiveFailure(of: 1, weight: 5, maxFails: 1)
        // Without a: b 3, c 3, total 2 → b (1); b 2, c 4 → c (2).
        chosen += picks(&strategy, candidates(active: [0, 0, 0], weights: [5, 1, 1], ineligible: [1]), count: 2)
        // From −4, 2, 2, a adds 0, 1, 2, 3, 4 (sums after adding): (−4, 3, 3) total 2 → b;
        // (−3, 2, 4) total 3 → c; (−1, 3, 2) total 4 → b; (2, 0, 3) total 5 → c;
        // (6, 1, −1) total 6 → a; from there a adds its weight 5 again.
        chosen += picks(&strategy, servers, count: 12)
        #expect(Self.names(chosen) == "a a b c b c b c a a a b a a c a")
    }

    /// `ip_hash` frees its peers with the round robin's free function, so a failure lowers the
    /// `effective_weight` its fallback rotation reads. a (weight 10,000, out) takes every one of
    /// the 20 rehashes of the client's hash, so each pick falls back to the rotation over b and c:
    /// b c b c as is; after b fails (`max_fails=1`) b adds 0 at the first pick, so c b c b.
    @Test func ipHashsFallbackRotationHearsTheFailure() {
        let servers = candidates(active: [0, 0, 0], weights: [10_000, 1, 1], ineligible: [1])
        var plain = IPHashStrategy()
        #expect(Self.names(picks(&plain, servers, count: 4)) == "b c b c")
        var failed = IPHashStrategy()
        failed.passiveFailure(of: 2, weight: 1, maxFails: 1)
        #expect(Self.names(picks(&failed, servers, count: 4)) == "c b c b")
    }

    /// The weight is not lowered below zero, and failures add up: with `max_fails=2` and weight 5,
    /// three failures take 2 + 2 + 1 (not 2), so a adds 0 at its next pick.
    @Test func repeatedFailuresStopAtZero() {
        var strategy = SmoothWeightedRoundRobinStrategy()
        for _ in 0..<3 { strategy.passiveFailure(of: 1, weight: 5, maxFails: 2) }
        // From zero: a adds 0 (→ 1), b 1, c 1: b; a 1, b −1 + 1, c 2: c; a 1 + 2 = 3: a.
        #expect(Self.names(picks(&strategy, candidates(active: [0, 0, 0], weights: [5, 1, 1]), count: 3)) == "b c a")
    }

    /// Slow start (nginx Plus's) applies on top: a server of weight 4 halfway up its ramp has a
    /// slow-start weight of 2; its `effective_weight` lowered by 4 / 2 = 2 (`max_fails=2`) to 2
    /// of 4, it adds 2 × 2/4 = 1, then 2 × 3/4 = 1.5, then 2, against b of weight 1.
    @Test func slowStartScalesTheLoweredWeight() {
        var strategy = SmoothWeightedRoundRobinStrategy()
        strategy.passiveFailure(of: 1, weight: 4, maxFails: 2)
        let servers = [UpstreamCandidate(serverID: 1, weight: 4, effectiveWeight: 2), UpstreamCandidate(serverID: 2, weight: 1)]
        // Pick 1: a 0 + 1 = 1, b 0 + 1 = 1, total 2 → a (first), a −1.
        // Pick 2: a −1 + 1.5 = 0.5, b 2, total 2.5 → b, b −0.5.
        // Pick 3: a 0.5 + 2 = 2.5, b 0.5, total 3 → a, a −0.5.
        // Pick 4: a 1.5, b 1.5, total 3 → a (first), a −1.5.
        // Pick 5: a 0.5, b 2.5 → b, b −0.5.
        #expect(Self.names(picks(&strategy, servers, count: 5)) == "a b a a b")
    }

    /// A server that joins starts at its weight: a failure before it left is forgotten.
    @Test func aServerThatJoinsAgainStartsAtItsWeight() throws {
        var strategy = SmoothWeightedRoundRobinStrategy()
        strategy.passiveFailure(of: 1, weight: 5, maxFails: 1)
        strategy.serverRemoved(1)
        try strategy.serverAdded(1, hostname: "a", weight: 5)
        #expect(Self.names(picks(&strategy, candidates(active: [0, 0, 0], weights: [5, 1, 1]), count: 7)) == "a a b a c a a")
    }

    /// nginx's `least_conn` moves weights only when several peers tie for the fewest connections
    /// per weight, and then exactly as round robin does. a fails (`max_fails=1`, weight 5 → 0)
    /// after two tied picks; three picks where b alone is least loaded move nothing; the tied picks
    /// that follow are round robin's from current weights −4, 2, 2 with a at 0: b c b c a a a …
    @Test func leastConnectionsRaisesTheWeightOnlyAtTiedPicks() {
        var strategy = LeastConnectionsStrategy()
        let idle = candidates(active: [0, 0, 0], weights: [5, 1, 1])
        var chosen = picks(&strategy, idle, count: 2)
        strategy.passiveFailure(of: 1, weight: 5, maxFails: 1)
        chosen += picks(&strategy, candidates(active: [5, 0, 1], weights: [5, 1, 1]), count: 3)
        chosen += picks(&strategy, idle, count: 12)
        #expect(Self.names(chosen) == "a a b b b b c b c a a a b a a c a")
    }

    /// In a balancer: smooth weighted round robin over s1, s2, s3 of weight 1 with
    /// `max_fails=1 fail_timeout=10s`, one try more, s1 booting until 15 s, a request each second
    /// at 1–6 s and 21–27 s. At 1 s s1 is picked (current weights 1, 1, 1), refuses, and is
    /// marked down at 1.001 s with its effective weight 1 − 1/1 = 0; the retry goes to s2. s2 and
    /// s3 alternate until 6 s, leaving current weights −2, 1, 1. From 21 s s1 is eligible again
    /// but adds 0, then 1: s2 (−2, 2, 2), s3 (−1, 1, 3), s2 (0, 2, 1), s3 (1, 0, 2) win, and s1 is
    /// probed only at 25 s (1 + 1 = 2 against 1 and 0), answered at 25.002 s. Without nginx's
    /// effective weight it was probed at 23 s, when all three were at 1.
    @Test func aFailedServerIsProbedLaterWhileItsWeightClimbsBack() {
        let fixture = UpstreamFixture(strategy: SmoothWeightedRoundRobinStrategy(),
                                      configuration: .init(retries: 1, passiveHealth: .init(maxFails: 1, failTimeout: .seconds(10))))
        fixture.network.restart("s1", bootTime: .seconds(15))
        let requests = ([1.0, 2, 3, 4, 5, 6] + (21...27).map(Double.init)).map { fixture.route(at: $0) }
        fixture.run(until: 40)
        #expect(requests.allSatisfy { $0.status == 200 })
        #expect(fixture.routes.hostnames == ["s1", "s2", "s3", "s2", "s3", "s2", "s3", "s2", "s3", "s2", "s3", "s1", "s2", "s3"])
        let events = fixture.events.map { (micros($0.0)!, $0.1, $0.2) }
        #expect(events.map(\.0) == [1.001, 25, 25.002])
        #expect(events.map(\.2) == [.markedDown(.passive), .probe, .markedUp(.passive)])
    }

    /// The balancer tells the strategy of each failure passive health counts, with the server's
    /// weight and `max_fails`; of none for a lone server (`peers->single`: nginx's
    /// `ngx_http_upstream_free_round_robin_peer` returns before lowering anything).
    @Test(arguments: [1, 2])
    func theBalancerReportsFailuresExceptForALoneServer(servers: Int) {
        let recorder = FailureRecorder()
        let fixture = UpstreamFixture(servers: servers, strategy: RecordingStrategy(recorder: recorder),
                                      configuration: .init(retries: 0, passiveHealth: .init(maxFails: 2, failTimeout: .seconds(10))),
                                      weights: [1: 3])
        fixture.network.restart("s1", bootTime: .seconds(5))
        _ = fixture.route(at: 1)
        fixture.run(until: 10)
        #expect(recorder.failures == (servers == 1 ? [] : [[1, 3, 2]]))
    }
}

/// Passive failures a ``RecordingStrategy`` heard of, as [server, weight, max_fails].
/// `@unchecked Sendable`: written on the simulation thread only.
final class FailureRecorder: @unchecked Sendable {
    var failures: [[Int]] = []
}

/// Always picks the first eligible server and records the passive failures it is told of.
struct RecordingStrategy: BalancingStrategy {
    let recorder: FailureRecorder
    var name: String { "recording" }

    func pick(_ request: Request, from servers: [UpstreamCandidate], random: inout SeededRandom) -> Int? {
        servers.first { $0.isEligible }?.serverID
    }

    func passiveFailure(of serverID: Int, weight: Int, maxFails: Int) {
        recorder.failures.append([serverID, weight, maxFails])
    }
}
