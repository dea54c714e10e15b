/// Clients send every request to the balancer, which routes it to a replica.
public struct BalancedServers: RequestTarget {
    let network: Network
    let balancer: LoadBalancer

    public init(network: Network, balancer: LoadBalancer) {
        self.network = network
        self.balancer = balancer
    }

    public func send(_ request: Request, timeout: Duration) async throws(NetworkError) -> Response {
        try await network.call(from: request.client, to: balancer.id, timeout: timeout) { [balancer] in
            await balancer.handle(request)
        }
    }
}
