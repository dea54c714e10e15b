/// Clients send every request to the balancer, which routes it to a replica.
public struct BalancedServers: RequestDispatcher {
    let network: Network
    let balancer: LoadBalancer

    public init(network: Network, balancer: LoadBalancer) {
        self.network = network
        self.balancer = balancer
    }

    public func send(_ request: Request, timeout: Duration) async throws(NetworkError) -> Response {
        try await network.call(from: request.client, to: balancer.id, timeout: timeout, handler: handler(for: request))
    }

    func dispatch(_ request: Request, timeoutNanoseconds timeout: Int64, waiter: WakeUp) -> PendingCall<Response> {
        network.dispatch(from: request.client, to: balancer.id, timeout: timeout, handler: handler(for: request), waiter: waiter)
    }

    private func handler(for request: Request) -> PendingCall<Response>.Handler {
        .balancer(balancer, request)
    }
}
