/// Where clients send their requests: directly to servers, or through a load balancer.
public protocol RequestTarget: Sendable {
    /// Sends `request` from its client host and returns the answer.
    ///
    /// - Throws: the ``NetworkError`` the client saw.
    func send(_ request: Request, timeout: Duration) async throws(NetworkError) -> Response
}

/// Clients talk straight to the servers, spreading requests by request id (round robin).
public struct DirectServers: RequestTarget {
    let network: Network
    let servers: [ServerReplica]

    /// Targets `servers` (at least one) over `network`.
    public init(network: Network, servers: [ServerReplica]) {
        precondition(!servers.isEmpty, "DirectServers needs at least one server")
        self.network = network
        self.servers = servers
    }

    public func send(_ request: Request, timeout: Duration) async throws(NetworkError) -> Response {
        let server = servers[Int(request.id % UInt64(servers.count))]
        return try await network.call(from: request.client, to: server.id, timeout: timeout) {
            await server.handle(request)
        }
    }
}
