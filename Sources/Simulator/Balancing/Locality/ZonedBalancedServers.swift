/// Clients in zones: each sends to its zone's point of presence of the balancer (so the hop to
/// the balancer stays in the zone), and what it sees is counted for its zone.
public struct ZonedBalancedServers: RequestDispatcher {
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
        let start = network.simulation.now
        let entry = issue(request)
        let outcome: Result<Response, NetworkError>
        do {
            outcome = .success(try await network.call(from: request.client, to: entry, timeout: timeout, handler: handler(for: request)))
        } catch {
            outcome = .failure(error)
        }
        settled(from: request.client, outcome, dispatchedAt: start)
        return try outcome.get()
    }

    func dispatch(_ request: consuming Request, timeoutNanoseconds timeout: Int64, waiter: WakeUp) -> PendingCall<Response> {
        let client = request.client, entry = issue(request)
        return network.dispatch(from: client, to: entry, timeout: timeout, handler: handler(for: consume request), waiter: waiter)
    }

    func settled(from client: NodeID, _ outcome: Result<Response, NetworkError>, dispatchedAt start: VirtualInstant) {
        guard let zone = layout.clientZones[client] else { return }
        let now = network.simulation.now
        stats.record(zone: zone, succeeded: (try? outcome.get())?.isSuccess ?? false, latency: start.duration(to: now), at: now)
    }

    /// Counts the request in its client's zone and returns where it enters: the zone's point of
    /// presence (the balancer itself for a client outside every zone).
    private func issue(_ request: Request) -> NodeID {
        guard let zone = layout.clientZones[request.client] else { return balancer.id }
        stats.recordIssued(zone: zone)
        return pointsOfPresence[zone]
    }

    private func handler(for request: consuming Request) -> PendingCall<Response>.Handler {
        .balancer(balancer, consume request)
    }
}
