import Reports
import Simulator

/// One run of "launch R concurrent requests at a balancer with N replicas and count who served
/// what": the measurement behind A-1, A-2 and A-4, done through the simulated balancer, network
/// and servers rather than by calling the hash map directly.
public struct DistributionRun: Sendable {
    /// Requests served by each replica, in replica order (`Server 1` … `Server N`).
    public var counts: [(hostname: String, requests: Int)]
    /// Requests that did not get a 2xx answer.
    public var failed: Int
    /// The run's trace digest.
    public var digest: String
    /// Virtual time until the last answer.
    public var makespan: Double

    /// How long a client waits for its answer, and the balancer for a replica's: long enough that
    /// only a replica's queue outlasting it leaves a request unanswered. The reports that explain
    /// unanswered requests name it from here.
    public static let clientTimeout: Duration = .seconds(600)

    /// "600.000 s", as the reports write the wait.
    static var clientTimeoutText: String { DurationFormat.seconds(clientTimeout.seconds) }

    /// Runs `requests` concurrent requests (random 6-digit ids, each from its own client, all
    /// launched at once) against `servers` replicas placed by `placement`.
    public static func run(placement: PlacementSpec, servers: Int, requests: Int, server: ServerConfiguration, seed: UInt64) throws(PlacementError) -> DistributionRun {
        let simulation = Simulation(seed: seed)
        let network = Network(simulation: simulation, defaultLink: LinkProfile(latency: .uniform(min: 0.0002, max: 0.0008)))
        let balancer = LoadBalancer(placement: try placement.makePlacement(), configuration: .init(forwardTimeout: clientTimeout, retries: 0, server: server), network: network)
        let hostnames = (1...servers).map { ConsistentHashMap.defaultHostname(for: $0) }
        // The loader checked that the map holds every server; a refusal would leave none.
        simulation.spawn("setup") { _ in _ = try? await balancer.add(n: servers, hostnames: hostnames) }
        do {
            try simulation.runToCompletion(timeLimit: .zero)
        } catch {
            preconditionFailure("adding the initial replicas takes no virtual time: \(error)")
        }
        let metrics = WorkloadMetrics()
        let workload = Workload(arrivals: .closedLoop(users: requests, thinkTime: .constant(0)), requestLimit: requests,
                                timeout: clientTimeout, keys: .sixDigitIDs)
        WorkloadDriver.start(workload, target: BalancedServers(network: network, balancer: balancer), simulation: simulation, metrics: metrics)
        var failed = 0
        do {
            try simulation.runToCompletion(timeLimit: .after(.seconds(3_600)))
        } catch {
            failed = requests
        }
        simulation.tearDown()
        let counts = hostnames.map { name in (name, metrics.servedBy[NodeID(name)] ?? 0) }
        return DistributionRun(counts: counts, failed: failed + metrics.completed - metrics.succeeded,
                               digest: simulation.trace.digestHex, makespan: metrics.lastCompletion.seconds)
    }
}
