import Reports
import Simulator
import Synchronization

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
    ///
    /// A run is a function of its arguments alone, so one already made in this process is handed
    /// back from ``memo`` rather than simulated again: `orrery experiment a1 a2 a3 a4` makes A-1's
    /// run and A-2's five again as A-2 and as A-4's first placement (6 of its 46 worlds).
    public static func run(placement: PlacementSpec, servers: Int, requests: Int, server: ServerConfiguration, seed: UInt64) throws(PlacementError) -> DistributionRun {
        let arguments = Arguments(placement: placement, servers: servers, requests: requests, server: server, seed: seed)
        if let made = memo.withLock({ $0.first { $0.arguments == arguments }?.run }) { return made }
        let run = try simulate(placement: placement, servers: servers, requests: requests, server: server, seed: seed)
        memo.withLock { runs in
            if runs.count == memoCapacity { runs.removeFirst() }
            runs.append((arguments, run))
        }
        return run
    }

    /// What a run is made from.
    private struct Arguments: Equatable {
        var placement: PlacementSpec
        var servers: Int
        var requests: Int
        var server: ServerConfiguration
        var seed: UInt64
    }

    /// The runs made in this process, oldest first: at most ``memoCapacity`` (a run keeps its
    /// counts and digest only, a few hundred bytes).
    private static let memo = Mutex<[(arguments: Arguments, run: DistributionRun)]>([])
    private static let memoCapacity = 64

    /// Empties the memo of runs made in this process and of ``RequestSlotHistogram``s counted, so
    /// that the next runs are simulated and counted again: for a benchmark that runs an
    /// experiment over and over and means to time the work, not the memo.
    public static func forgetMadeRuns() {
        memo.withLock { $0.removeAll() }
        RequestSlotHistogram.forgetMade()
    }

    /// Simulates the run, whatever ``memo`` holds.
    static func simulate(placement: PlacementSpec, servers: Int, requests: Int, server: ServerConfiguration, seed: UInt64) throws(PlacementError) -> DistributionRun {
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
