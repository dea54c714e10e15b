import Foundation
import Reports
import Testing
@testable import Scenarios
@testable import Simulator

/// Seed 004's per-instance throughput has one model, the closed loop's steady state
/// min(N / (Z + R), C) / backends: the think-time chart draws it through the think time where it
/// crosses the claimed 100 requests/s, and the claim's prose names that model and gives the same
/// think time. The sweep's runs beside it are counted once every user's first request — sent at
/// once, over the ramp-up — is answered, so they measure that steady state and not the start.
struct Seed004SteadyStateTests {
    /// Seed 004's shape with two backends of four workers, 3,000 users ramped up over 20 s:
    /// capacity 400 requests/s, so 100 per backend is crossed inside the sweep (at about 15 s).
    static let file = """
    name: ramped-004
    seed: 24
    run:
      duration: 60s
    network:
      latency: 0.5ms
    servers:
      - {name: web, count: 2, slots: 4, queue: 1000, service_time: {exponential: 20ms}}
    balancer:
      strategy: least_conn
      forward_timeout: 20s
      retries: {tries: 3, on: [error, timeout, http_500, http_502, http_503, http_504], timeout: 10s}
      passive_health: {max_fails: 3, fail_timeout: 30s}
    workload:
      type: closed_loop
      users: 3000
      think_time: {exponential: 30s}
      ramp_up: 20s
      timeout: 60s
    faults:
      - {at: 30s, restart: web2, boot_time: 5s}
    """

    static let claims = Seed004Claims.run(try! ScenarioLoader.parse(file, file: "ramped-004.yaml"), jobs: 2)

    @Test func theChartDrawsTheModelTheProseWords() throws {
        let claims = Self.claims
        let check = try ClaimsProseFiguresTests.check(claims.checks, "Throughput: 100+")
        let chart = try #require(claims.thinkTimeChart().charts[1] as? LineChart)
        #expect(chart.series.map(\.name) == ["steady state min(N / (Z + R), C) / backends", "measured once the first requests are answered (mean of backends)", "claimed 100"])
        let model = chart.series[0].points
        #expect(model.map { "\(NumberFormat.fixed($0.x, decimals: 3)) → \(NumberFormat.fixed($0.y, decimals: 3))" } == [
            "5.000 → 200.000", "7.478 → 200.000", "10.000 → 149.664", "14.978 → 100.000", "15.000 → 99.851", "20.000 → 74.916", "30.000 → 49.963", "60.000 → 24.991",
        ])
        // Every point is the model's value at its think time, with the normal-load response time.
        let response = claims.normal.value(of: .meanLatency)
        for point in model { #expect(point.y == min(3000 / (point.x + response), 400) / 2) }
        // Where the drawn line crosses 100 is the think time the prose gives.
        let crossing = try #require(model.first { abs($0.y - 100) < 1e-9 })
        #expect(crossing.x == 3000 / 200 - response)
        #expect(check.toHold.contains("users thinking at most Z = N / 200 − R = \(ClaimCheck.s(crossing.x)) between requests"))
        #expect(check.toHold == "In that steady state at least 100 requests/s per instance needs N / (Z + R) ≥ 200 requests/s, i.e. users thinking at most Z = N / 200 − R = 14.978 s between requests (where the chart's model line crosses 100), and a per-instance capacity above 100 requests/s.")
        // Users do not bear on what an instance can serve: no "not tested as stated" opening (V2 F4).
        #expect(check.why.hasPrefix("Below saturation a backend serves what it is sent, not what it could. In the closed loop's steady state (Little's law; the think-time chart draws this model, “steady state min(N / (Z + R), C) / backends”) each backend serves X / 2 = min(N / (Z + R), C) / 2 = 50.0 requests/s at Z = 30.000 s, R = 22.418 ms (the mean response under normal load). The figure measures the users' demand; each backend could complete 200.0 requests/s. Every user sends its first request at once (spread over the 20.000 s ramp-up), so a whole run counts more than the steady state at long think times: the chart's runs are counted from 28.000 s on, once those first requests are answered."))
        let measured = chart.series[1].points
        #expect(measured.map { "\(NumberFormat.fixed($0.x, decimals: 0)) → \(NumberFormat.fixed($0.y, decimals: 3))" } == ["5 → 200.179", "10 → 149.413", "15 → 99.889", "20 → 74.710", "30 → 49.939", "60 → 24.979"])
    }

    /// The measured rate counts the run's completions from the ramp-up's end plus N / C, whole
    /// seconds, to the end of the 240 s run.
    @Test func theMeasuredRateLeavesTheFirstRequestsOut() throws {
        let claims = Self.claims
        #expect(claims.firstRequestsAnswered == 28)  // 20 s + 3,000 / 400 s = 27.5 s
        let point = try #require(claims.sweep.last)
        let counted = point.result.completionsPerSecond[28..<240].reduce(0, +)
        #expect(claims.measuredSteadyPerBackend(point) == Double(counted) / 212 / 2)
    }
}
