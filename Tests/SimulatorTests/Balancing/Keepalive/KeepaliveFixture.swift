@testable import Simulator

/// A balancer with connection pools in front of servers `s1` … `sN` on a network with a constant
/// 1 ms one way (a 2 ms round trip), each server serving in a constant 10 ms, and every
/// connection setup and close recorded with its instant.
struct KeepaliveFixture {
    let upstream: UpstreamFixture
    let log = ConnectionLog()

    init(servers: Int = 1, keepalive: KeepaliveConfiguration, slots: Int = 4, retries: Int = 0, forwardTimeout: Duration = .seconds(1)) {
        var configuration = LoadBalancer.Configuration(forwardTimeout: forwardTimeout, retries: retries)
        configuration.keepalive = keepalive
        upstream = UpstreamFixture(servers: servers, configuration: configuration, service: 0.010, slots: slots)
        upstream.network.defaultLink = LinkProfile(latency: .constant(0.001))
        let log = log, routes = upstream.routes
        upstream.sim.trace.sink = { event in
            if event.kind == .route { routes.hostnames.append(event.object) }
            if event.kind == .custom, event.subject == "balancer" { log.entries.append((event.time.nanoseconds, event.object)) }
        }
    }

    var stats: ConnectionStats { upstream.balancer.connectionPools!.stats }

    /// Routes a request from `client` at `at` seconds.
    func route(at: Double, client: String = "client-1") -> RoutedRequest {
        upstream.route(at: at, client: NodeID(client))
    }

    /// Runs until `seconds` (idle timeouts keep the world going past the last answer).
    func run(until seconds: Double) { upstream.run(until: seconds) }
}

/// Setups and closes with their instants in nanoseconds. `@unchecked Sendable`: simulation thread only.
final class ConnectionLog: @unchecked Sendable {
    var entries: [(Int64, String)] = []
}
