/// Clients send every request to the balancer, which routes it to a replica.
public struct BalancedServers: RequestDispatcher {
    let network: Network
    let balancer: LoadBalancer

    public init(network: Network, balancer: LoadBalancer) {
        self.network = network
        self.balancer = balancer
    }

    public func send(_ request: Request, timeout: Duration) async throws(NetworkError) -> Response {
        try await network.call(from: request.client, to: balancer.id, timeout: timeout, handler: .balancer(balancer, request))
    }

    func dispatch(_ request: consuming Request, timeoutNanoseconds timeout: Int64, waiter: WakeUp) -> PendingCall<Response> {
        let client = request.client
        return network.dispatch(from: client, to: balancer.id, timeout: timeout, handler: .balancer(balancer, consume request), waiter: waiter)
    }
}
