import Testing
@testable import Scenarios
@testable import Simulator

/// Checker Z's F1 and F16 (session 79): with one try, the one-slow paragraph said "nothing times
/// out" beside 91–113 errors — it read timeouts from retries, which one try never makes — while
/// passive health had taken the slow server out; the header printed the file's description
/// ("1,000 requests/s … 4 servers") as the traffic of a 300/s, 3-server run.
struct StrategiesOneTryProseTests {
    static let world = """
    name: strategies
    description: Poisson arrivals at 1,000 requests/s from 500 clients through the balancer to 4 servers
    seed: 1
    run:
      duration: 12s
    network:
      latency: 0.5ms
    servers:
      - {name: s, count: 3, slots: 2, queue: 200, service_time: {exponential: 8ms}}
    balancer:
      forward_timeout: 1s
      retries: {tries: 1, on: [error, timeout]}
      passive_health: {max_fails: 3, fail_timeout: 10s}
    workload:
      type: open_loop
      rate: 300
      clients: 500
      keys: {zipf: {n: 10000, exponent: 0.9}}
      timeout: 5s
    """

    static let comparison: StrategyComparison = {
        let base = try! ScenarioLoader.parse(world, file: "sc-st/strategies.yaml")
        return StrategyComparison.run(base, jobs: 1, seedCount: 2)
    }()

    /// The strategies that keep the slow server's share fail requests on the per-try timeout, and
    /// passive health takes it out: said from their errors and the times it was out of rotation.
    @Test func oneTryCountsFailedRequestsNotRetries() {
        let text = Self.comparison.oneSlowText(Self.comparison.cells[2], affected: "s2")
        #expect(text == "`least_conn`, `least_request`, `health_based`, `hash_bounded` send it fewer requests as its connections pile up or its latency average rises (`least_conn` 13.4%, `least_request` 13.8%, `health_based` 5.4%, `hash_bounded` 14.7%), so nothing times out and p99 stays at 71.359 ms–176.895 ms. `round_robin`, `weighted_round_robin`, `random`, `ip_hash`, `hash` keep sending it its share until forwards to it outlast the 1.000 s per-try timeout: with one try each of them fails its request (91–113 requests failed), and it was taken out of rotation once (passive health, after three failed forwards), so it ends up serving little (`round_robin` 6.6%, `weighted_round_robin` 6.6%, `random` 7.0%, `ip_hash` 7.4%, `hash` 6.9%), and p99 stays at 724.479 ms–805.375 ms. A health check does not notice a slow server; only the strategy, or a timeout, can.")
        #expect(Self.comparison.cells[2].map(\.errors) == [99, 99, 0, 91, 0, 0, 113, 93, 0])
        #expect(Self.comparison.takenOutClause(Array(Self.comparison.cells[2].prefix(2)), "s2") == ", and it was taken out of rotation once (passive health, after three failed forwards)")
        #expect(Self.comparison.takenOutClause([Self.comparison.cells[2][2]], "s2") == ", and it was never taken out of rotation")
    }

    /// Strategies that count connections but still failed a few requests on the timeout (the
    /// crash row's figures, read by the same sentence) say how many, not "nothing times out".
    @Test func aFewFailuresAreCounted() {
        let text = Self.comparison.oneSlowText(Self.comparison.cells[3], affected: "s2")
        #expect(text.hasPrefix("`least_conn`, `least_request`, `health_based`, `hash_bounded` send it fewer requests as its connections pile up or its latency average rises (`least_conn` 16.1%, `least_request` 15.8%, `health_based` 15.3%, `hash_bounded` 15.5%), so only 3–9 requests fail, each on the 1.000 s per-try timeout with one try, and it was taken out of rotation once (passive health, after three failed forwards); p99 stays at 41.695 ms–44.383 ms. `round_robin`, "))
        #expect(Self.comparison.cells[3].filter { StrategyComparison.countsConnections($0.strategy) }.map(\.errors) == [5, 8, 3, 9])
    }

    /// The crash with one try: nothing is retried, so the paragraph says what the lost forwards
    /// did and whether passive health took the dead server out — it ended "Retries range from 0
    /// to 0" (builder BP, session 80).
    @Test func theCrashWithOneTrySaysNothingOfRetries() {
        let text = Self.comparison.crashText(Self.comparison.cells[3], affected: "s2")
        #expect(text == "Between 3 and 101 requests failed: with one try, each forward lost with `s2` failed its request, and it was taken out of rotation once (passive health, after three failed forwards). Strategies that count connections — `least_conn`, `least_request`, `health_based`, `hash_bounded` — stop choosing the dead server as soon as its unanswered connections pile up, so only 3–9 of their requests failed. After it is back, its first request after fail_timeout returns it to rotation.")
        #expect(Self.comparison.cells[3].map(\.errors) == [100, 100, 5, 98, 8, 3, 101, 96, 9])
        #expect(!Self.comparison.markdown().contains("Retries range"))
    }

    /// The header's traffic is the run's; the description is quoted as the file's.
    @Test func theHeaderSaysTheRunsTraffic() {
        let report = Self.comparison.markdown()
        #expect(report.contains("\n- traffic: Poisson arrivals at 300 requests/s to 3 servers\n- the file's description: “Poisson arrivals at 1,000 requests/s from 500 clients through the balancer to 4 servers”\n- balancer: per-try timeout 1.000 s, 1 try, max_fails=3 fail_timeout=10.000 s; the same for every strategy\n"))
    }
}
