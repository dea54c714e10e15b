/// Clients in zones: each sends to its zone's point of presence of the balancer (so the hop to
/// the balancer stays in the zone), and what it sees is counted for its zone.
public struct ZonedBalancedServers: RequestTarget {
    let network: Network
    let balancer: LoadBalancer
    let layout: ZoneLayout
    let stats: ZoneStats
    /// Each zone's point of presence, by zone index.
    let pointsOfPresence: [NodeID]

    /// Clients of `layout` sending through `balancer`'s points of presence; figures go to `stats`.
    public init(network: Network, balancer: LoadBalancer, layout: ZoneLayout, stats: ZoneStats) {
        self.network = network
        self.balancer = balancer
        self.layout = layout
        self.stats = stats
        pointsOfPresence = layout.names.indices.map { layout.pointOfPresence(of: balancer.id, in: $0) }
    }

    public func send(_ request: Request, timeout: Duration) async throws(NetworkError) -> Response {
        guard let zone = layout.clientZones[request.client] else {
            return try await network.call(from: request.client, to: balancer.id, timeout: timeout) { [balancer] in await balancer.handle(request) }
        }
        let simulation = network.simulation
        let start = simulation.now
        stats.recordIssued(zone: zone)
        do {
            let response = try await network.call(from: request.client, to: pointsOfPresence[zone], timeout: timeout) { [balancer] in
                await balancer.handle(request)
            }
            stats.record(zone: zone, succeeded: response.isSuccess, latency: start.duration(to: simulation.now), at: simulation.now)
            return response
        } catch {
            stats.record(zone: zone, succeeded: false, latency: start.duration(to: simulation.now), at: simulation.now)
            throw error
        }
    }
}
