import Foundation
import Testing
@testable import Scenarios

/// The engine held to queueing theory: worlds whose answer is known in closed form (Poisson
/// arrivals, exponential service, c slots, a finite queue, a client timeout, a random split
/// through the balancer, retries of independent errors, closed-loop users who think) must measure
/// what the formulas say, within a margin of about three standard deviations of a run of this
/// length (estimated from 10-seed sweeps; the seeds are fixed, so each check is deterministic). A
/// wrong service time, a queue that holds one request too many or too few, a timeout that frees a
/// slot or a latency counted twice each move a figure by more than its margin.
struct QueueingTheoryTests {
    /// An M/M/c world: `rate` Poisson arrivals a second, `servers` servers of `slots` slots each
    /// with exponential service of mean `service`, a queue of `queue`, through a balancer with
    /// `strategy` when given.
    static func world(rate: Int, servers: Int = 1, slots: Int, queue: Int = 100_000, service: String = "1ms", latency: String = "0ms",
                      timeout: String = "100s", strategy: String? = nil, seconds: Int = 120) -> String {
        """
        name: queueing
        seed: 1
        run: {duration: \(seconds)s}
        network: {latency: \(latency)}
        servers:
          - {name: s, count: \(servers), slots: \(slots), queue: \(queue), service_time: {exponential: \(service)}}
        \(strategy.map { "balancer: {strategy: \($0)}" } ?? "")
        workload: {type: open_loop, rate: \(rate), timeout: \(timeout)}
        """
    }

    static func run(_ yaml: String) throws -> RunResult {
        let result = ScenarioRunner.run(try ScenarioLoader.parse(yaml, file: "queueing.yaml"))
        #expect(result.failure == nil)
        return result
    }

    static func metric(_ name: String, of result: RunResult) -> Double {
        result.metrics.first { $0.metric.description == name }?.value ?? .nan
    }

    /// Erlang's C formula: the chance that an arrival waits, with `c` servers and offered load `a`
    /// (arrival rate over one server's service rate, a < c).
    static func erlangC(servers c: Int, load a: Double) -> Double {
        var term = 1.0, sum = 0.0
        for k in 0..<c {
            sum += term
            term *= a / Double(k + 1)
        }
        let waiting = term * Double(c) / (Double(c) - a)
        return waiting / (sum + waiting)
    }

    /// The chance that an M/M/c response (wait plus service) takes longer than `t` seconds: a
    /// waiting arrival waits an exponential time of rate cμ − λ, then is served at rate μ.
    static func responseTail(_ t: Double, servers c: Int, arrival λ: Double, service μ: Double) -> Double {
        let wait = erlangC(servers: c, load: λ / μ), θ = Double(c) * μ - λ
        let waitedAndServed = (μ * exp(-θ * t) - θ * exp(-μ * t)) / (μ - θ)
        return (1 - wait) * exp(-μ * t) + wait * waitedAndServed
    }

    /// The `q` quantile of the M/M/c response time, by bisection of its tail.
    static func responseQuantile(_ q: Double, servers c: Int, arrival λ: Double, service μ: Double) -> Double {
        var low = 0.0, high = 10.0
        for _ in 0..<200 {
            let middle = (low + high) / 2
            if responseTail(middle, servers: c, arrival: λ, service: μ) > 1 - q { low = middle } else { high = middle }
        }
        return (low + high) / 2
    }

    static func isNear(_ measured: Double, _ expected: Double, within share: Double) -> Bool {
        abs(measured - expected) <= share * expected
    }

    @Test func twoSlotsAtThreeQuartersLoadWaitAsErlangCSays() throws {
        let result = try Self.run(Self.world(rate: 1500, slots: 2))
        // λ = 1,500/s, μ = 1,000/s, c = 2: a = 1.5, C = 9/14, W = C/(cμ − λ) + 1/μ = 2.2857 ms.
        #expect(abs(Self.erlangC(servers: 2, load: 1.5) - 9.0 / 14.0) < 1e-12)
        let mean = 9.0 / 14.0 / 500 + 0.001
        let p50 = Self.responseQuantile(0.5, servers: 2, arrival: 1500, service: 1000)
        let p99 = Self.responseQuantile(0.99, servers: 2, arrival: 1500, service: 1000)
        #expect(abs(p50 - 0.001689) < 1e-6 && abs(p99 - 0.0097095) < 1e-6, "\(p50) \(p99)")
        let measured = (mean: Self.metric("balancer.mean_latency", of: result), p50: Self.metric("balancer.p50", of: result), p99: Self.metric("balancer.p99", of: result))
        #expect(Self.isNear(measured.mean, mean, within: 0.03), "mean \(measured.mean) against \(mean)")
        #expect(Self.isNear(measured.p50, p50, within: 0.03), "p50 \(measured.p50) against \(p50)")
        #expect(Self.isNear(measured.p99, p99, within: 0.08), "p99 \(measured.p99) against \(p99)")
        // Nothing is refused or lost: every arrival of the run is answered.
        #expect(Self.metric("balancer.success_ratio", of: result) == 1)
        #expect(Self.isNear(Self.metric("balancer.throughput", of: result), 1500, within: 0.01))
        #expect(Self.isNear((result.traffic?.servers.first?.utilisation ?? 0), 0.75, within: 0.015))
    }

    @Test func aFiniteQueueRefusesAsTheBirthDeathChainSays() throws {
        // M/M/1/K with one slot and a queue of 5 (K = 6) at ρ = 0.9: an arrival finding 6 in the
        // system is refused (503) with chance (1 − ρ)ρ⁶/(1 − ρ⁷) = 0.1019; the accepted wait
        // L/λ_accepted, L = Σ n pₙ.
        let result = try Self.run(Self.world(rate: 900, slots: 1, queue: 5, seconds: 200))
        let ρ = 0.9, capacity = 6
        let normaliser = (1 - ρ) / (1 - pow(ρ, Double(capacity + 1)))
        let blocked = normaliser * pow(ρ, Double(capacity))
        let inSystem = (0...capacity).reduce(0.0) { $0 + Double($1) * normaliser * pow(ρ, Double($1)) }
        let meanAccepted = inSystem / (900 * (1 - blocked))
        let refused = Self.metric("balancer.rejected", of: result) / Self.metric("balancer.completed", of: result)
        #expect(Self.isNear(refused, blocked, within: 0.03), "refused \(refused) against \(blocked)")
        #expect(Self.isNear(Self.metric("balancer.mean_latency", of: result), meanAccepted, within: 0.03))
        #expect(Self.metric("balancer.timeouts", of: result) == 0)
    }

    @Test func aClientTimeoutCutsTheTailAndLeavesTheServerBusy() throws {
        // M/M/1 at ρ = 0.9 with a 20 ms client timeout: the server does not know the client gave
        // up, so the queue is M/M/1's and P(W > 20 ms) = e^(−(μ − λ)·0.02) = e⁻² of the requests
        // time out.
        let result = try Self.run(Self.world(rate: 900, slots: 1, timeout: "20ms", seconds: 200))
        let timedOut = Self.metric("balancer.timeouts", of: result) / Self.metric("balancer.completed", of: result)
        #expect(Self.isNear(timedOut, Foundation.exp(-2.0), within: 0.04), "timed out \(timedOut) against \(Foundation.exp(-2.0))")
        #expect(Self.metric("balancer.max_latency", of: result) < 0.020)
        #expect(Self.isNear((result.traffic?.servers.first?.utilisation ?? 0), 0.9, within: 0.015))
    }

    @Test func aRandomSplitThroughTheBalancerIsThreeErlangQueuesAndFourHops() throws {
        // Random picks split the Poisson stream into three of 1,500/s, each an M/M/2 as above;
        // the client-balancer-server legs add 4 × 0.5 ms of constant latency.
        let result = try Self.run(Self.world(rate: 4500, servers: 3, slots: 2, latency: "0.5ms", strategy: "random", seconds: 60))
        let mean = 9.0 / 14.0 / 500 + 0.001 + 0.002
        let p50 = Self.responseQuantile(0.5, servers: 2, arrival: 1500, service: 1000) + 0.002
        #expect(Self.isNear(Self.metric("balancer.mean_latency", of: result), mean, within: 0.03))
        #expect(Self.isNear(Self.metric("balancer.p50", of: result), p50, within: 0.02))
        for server in result.traffic?.servers ?? [] {
            #expect(Self.isNear(server.utilisation, 0.75, within: 0.02), "\(server.id): \(server.utilisation)")
        }
    }

    @Test func retriesOnOtherServersMultiplyTheErrorChances() throws {
        // Every answer is a 500 with chance 0.1, independently; three tries over three servers
        // (round robin, passive health off so that no server is taken out) fail only when all
        // three do: 0.1³ of the requests, and 0.1 + 0.01 retries a request.
        let yaml = """
            name: retries
            seed: 1
            run: {duration: 100s}
            network: {latency: 0.5ms}
            servers:
              - {name: s, count: 3, slots: 8, queue: 1000, error_rate: 0.1, service_time: {exponential: 1ms}}
            balancer: {strategy: round_robin, retries: {tries: 3, on: [http_5xx]}, passive_health: {max_fails: 0}}
            workload: {type: open_loop, rate: 1000, timeout: 10s}
            """
        let result = try Self.run(yaml)
        let completed = Self.metric("balancer.completed", of: result)
        #expect(Self.isNear(Self.metric("balancer.error_ratio", of: result), 0.001, within: 0.3), "\(Self.metric("balancer.error_ratio", of: result))")
        #expect(Self.isNear(Self.metric("balancer.retries", of: result) / completed, 0.11, within: 0.03))
    }

    @Test func closedLoopUsersWithThinkTimeMatchTheFiniteSourceQueue() throws {
        // Five users thinking an exponential 4 ms between requests to one slot serving in an
        // exponential 1 ms: the machine-repairman queue M/M/1//5. With r = 1/4,
        // p₀ = 1/Σₙ 5!/(5−n)! rⁿ, throughput X = (1 − p₀)·1,000/s, response R = 5/X − 4 ms.
        let yaml = """
            name: closed
            seed: 1
            run: {duration: 200s}
            network: {latency: 0ms}
            servers:
              - {name: s, count: 1, slots: 1, queue: 1000, service_time: {exponential: 1ms}}
            workload: {type: closed_loop, users: 5, think_time: {exponential: 4ms}, timeout: 10s}
            """
        let result = try Self.run(yaml)
        var term = 1.0, sum = 1.0
        for n in 1...5 {
            term *= Double(5 - n + 1) * 0.25
            sum += term
        }
        let throughput = (1 - 1 / sum) * 1000
        let response = 5 / throughput - 0.004
        #expect(abs(throughput - 800.93) < 0.01 && abs(response - 0.0022427) < 1e-6, "\(throughput) \(response)")
        #expect(Self.isNear(Self.metric("balancer.throughput", of: result), throughput, within: 0.01))
        #expect(Self.isNear(Self.metric("balancer.mean_latency", of: result), response, within: 0.02))
    }
}
