import Testing
@testable import Simulator

/// A request that reaches the balancer over the network is routed in ready steps
/// (``BalancedRequest``) instead of on a task: the two must be the same run, event for event.
struct BalancedRequestTests {
    /// Everything a run shows of its balanced requests.
    struct Observed: Equatable {
        var digest: String
        var events: UInt64
        var balancer: [Int]
        var servers: [[Int]]
        var succeeded: Int
        var failedByStatus: [Int: Int]
        var failedByNetwork: [NetworkError: Int]
        var servedBy: [String: Int]
    }

    /// A world whose balanced requests take every way a request can take without a task: the
    /// gateway's rate limit and circuit breaker, lost and duplicated messages, timeouts, 500s
    /// retried on other servers, a crashed server and a restarted one, and tries running out.
    func run(stepsAllowed: Bool, strategy: any BalancingStrategy) -> (Observed, routedInSteps: Bool) {
        let simulation = Simulation(seed: 7)
        let network = Network(simulation: simulation, defaultLink: LinkProfile(latency: .uniform(min: 0.0002, max: 0.002), dropRate: 0.01, duplicateRate: 0.02))
        let configuration = LoadBalancer.Configuration(
            forwardTimeout: .milliseconds(25), retries: 2, retryOn: [.error, .timeout, .http5xx],
            passiveHealth: PassiveHealth(maxFails: 3, failTimeout: .seconds(1)),
            rateLimit: .init(rate: 90, burst: 5), circuitBreaker: .init(failureRatio: 0.5, window: 40, minimumRequests: 20, openDuration: .milliseconds(50)))
        let balancer = LoadBalancer("balancer", strategy: strategy, configuration: configuration, network: network, stepsAllowed: stepsAllowed)
        let servers = (1...4).map { index in
            ServerReplica(NodeID("s\(index)"), configuration: ServerConfiguration(slots: 2, serviceTime: .exponential(mean: 0.003), errorRate: index == 3 ? 0.2 : 0), network: network)
        }
        simulation.spawn("setup") { _ in
            for server in servers { _ = try? await balancer.register(server) }
        }
        try! simulation.runToCompletion(timeLimit: .zero)
        simulation.executor.schedule(after: .milliseconds(300)) { network.crash("s2") }
        simulation.executor.schedule(after: .milliseconds(900)) { network.restart("s2", bootTime: .milliseconds(100)) }
        simulation.executor.schedule(after: .milliseconds(1_200)) { network.pause("s4", for: .milliseconds(100)) }
        let metrics = WorkloadMetrics()
        let workload = Workload(arrivals: .closedLoop(users: 12, thinkTime: .exponential(mean: 0.005)), requestLimit: 6_000,
                                timeout: .milliseconds(120), clients: 1)
        WorkloadDriver.start(workload, target: BalancedServers(network: network, balancer: balancer), simulation: simulation, metrics: metrics)
        try! simulation.runToCompletion(timeLimit: .after(.seconds(600)))
        let stats = balancer.stats
        let observed = Observed(
            digest: simulation.trace.digestHex, events: simulation.executor.eventsProcessed,
            balancer: [stats.forwarded, stats.failedForwards, stats.retried, stats.unanswered, stats.rateLimited, stats.circuitRejected, stats.answered, stats.failedAnswers,
                       stats.gatewayTimeouts, stats.badGateways],
            servers: stats.servers.map { [$0.forwarded, $0.succeeded, $0.serverErrors, $0.connectErrors, $0.timeouts] },
            succeeded: metrics.succeeded, failedByStatus: metrics.failedByStatus, failedByNetwork: metrics.failedByNetwork,
            servedBy: Dictionary(uniqueKeysWithValues: metrics.servedBy.map { ($0.key.name, $0.value) }))
        simulation.tearDown()
        return (observed, balancer.routesInSteps)
    }

    @Test(arguments: ["least_conn", "round_robin", "consistent_hash"])
    func stepsAndTasksRouteTheSameRun(strategyName: String) throws {
        let strategy: () -> any BalancingStrategy = {
            switch strategyName {
            case "least_conn": LeastConnectionsStrategy()
            case "round_robin": RoundRobinStrategy()
            default: PlacementStrategy(.assignment(try! ConsistentHashMap()))
            }
        }
        let (inSteps, usedSteps) = run(stepsAllowed: true, strategy: strategy())
        let (inTasks, usedTasks) = run(stepsAllowed: false, strategy: strategy())
        #expect(usedSteps && !usedTasks)
        #expect(inSteps == inTasks)
        // The run takes the ways it is meant to exercise.
        let balancer = inSteps.balancer
        #expect(balancer[1] > 0, "failed forwards")
        #expect(balancer[2] > 0, "retries")
        #expect(balancer[3] > 0, "requests whose tries ran out")
        #expect(balancer[4] > 0, "rate limited")
        #expect(inSteps.servers.contains { $0[2] > 0 } && inSteps.servers.contains { $0[4] > 0 }, "500s and timeouts")
    }

    @Test func aBalancerWithAQueueOrConnectionPoolsRoutesOnTasks() {
        let network = Network(simulation: Simulation(seed: 1))
        var queued = LoadBalancer.Configuration()
        queued.queue = ConnectionQueueConfiguration(capacity: 10, timeout: .seconds(1))
        #expect(LoadBalancer(strategy: RoundRobinStrategy(), network: network).routesInSteps)
        #expect(!LoadBalancer(strategy: RoundRobinStrategy(), configuration: queued, network: network).routesInSteps)
    }
}
