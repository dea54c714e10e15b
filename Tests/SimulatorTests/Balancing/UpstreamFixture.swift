@testable import Simulator

/// A balancer with a strategy over servers `s1` … `sN` on a LAN with 0.5 ms one way, each server
/// one slot with a constant service time, and every route recorded.
struct UpstreamFixture {
    let sim: Simulation
    let network: Network
    let balancer: LoadBalancer
    let servers: [ServerReplica]
    let routes = RouteLog()

    init(servers count: Int = 3, strategy: any BalancingStrategy = RoundRobinStrategy(), configuration: LoadBalancer.Configuration = .init(),
         service: Double = 0.001, slots: Int = 1, errorRates: [Int: Double] = [:], backups: Set<Int> = [], weights: [Int: Int] = [:], seed: UInt64 = 1) {
        sim = Simulation(seed: seed)
        network = Network(simulation: sim, defaultLink: LinkProfile(latency: .constant(0.0005)))
        balancer = LoadBalancer(strategy: strategy, configuration: configuration, network: network)
        let network = network
        servers = (1...count).map { index in
            ServerReplica(NodeID("s\(index)"), configuration: ServerConfiguration(slots: slots, serviceTime: .constant(service), errorRate: errorRates[index] ?? 0), network: network)
        }
        let balancer = balancer, servers = servers
        sim.spawn("setup") { _ in
            for (index, server) in servers.enumerated() {
                _ = try? await balancer.register(server, weight: weights[index + 1] ?? 1, backup: backups.contains(index + 1))
            }
        }
        try! sim.runToCompletion(timeLimit: .zero)
        let routes = routes
        sim.trace.sink = { event in
            if event.kind == .route { routes.hostnames.append(event.object) }
        }
    }

    /// Routes one request for `path` at virtual time `at` (from `client`); returns the answer and when it came.
    func route(at: Double, key: UInt64 = 1, client: NodeID = "client", path: String = "home") -> RoutedRequest {
        let outcome = RoutedRequest()
        let balancer = balancer, sim = sim
        sim.spawn("request") { _ in
            let instant = VirtualInstant.after(.seconds(double: at))
            if sim.now < instant { await sim.sleep(until: instant) }
            outcome.response = await balancer.route(Request(id: UInt64(at * 1000), path: path, key: key, client: client))
            outcome.answeredAt = sim.now
        }
        return outcome
    }

    /// Runs until every request has its answer (daemons such as health checks stop there).
    func run(until seconds: Double = 600) {
        try! sim.run(until: .after(.seconds(double: seconds)))
    }

    /// The balancer's events as (seconds, subject, kind).
    var events: [(Double, String, BalancerEvent.Kind)] {
        balancer.stats.events.map { ($0.at.seconds, $0.subject, $0.kind) }
    }
}

/// One routed request's outcome. `@unchecked Sendable`: written on the simulation thread only.
final class RoutedRequest: @unchecked Sendable {
    var response: Response?
    var answeredAt: VirtualInstant?
    var status: Int? { response?.status }
    var seconds: Double? { answeredAt?.seconds }
}

/// Hostnames of every forward in order. `@unchecked Sendable`: written on the simulation thread only.
final class RouteLog: @unchecked Sendable {
    var hostnames: [String] = []
}

/// `seconds` rounded to the microsecond, so instants compare as decimal literals.
func micros(_ seconds: Double?) -> Double? {
    seconds.map { ($0 * 1e6).rounded() / 1e6 }
}
