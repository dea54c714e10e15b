/// Where clients send their requests: directly to servers, or through a load balancer.
public protocol RequestTarget: Sendable {
    /// Sends `request` from its client host and returns the answer.
    ///
    /// - Throws: the ``NetworkError`` the client saw.
    func send(_ request: Request, timeout: Duration) async throws(NetworkError) -> Response
}

/// A target that sends without a task waiting for the answer: how a workload's clients send.
/// Every target of this module is one.
protocol RequestDispatcher: RequestTarget {
    /// Sends `request` from its client host like ``RequestTarget/send(_:timeout:)``; the outcome
    /// goes to the step that `waiter` names, which reads it from the returned call. The timeout
    /// is in nanoseconds (the clients' hot path stays clear of `Duration` arithmetic). The
    /// request is moved into the call.
    func dispatch(_ request: consuming Request, timeoutNanoseconds timeout: Int64, waiter: WakeUp) -> PendingCall<Response>
    /// Hears the outcome of a request that `client` dispatched at `start`, before the client does.
    func settled(from client: NodeID, _ outcome: Result<Response, NetworkError>, dispatchedAt start: VirtualInstant)
}

extension RequestDispatcher {
    func settled(from client: NodeID, _ outcome: Result<Response, NetworkError>, dispatchedAt start: VirtualInstant) {}
}

/// Clients talk straight to the servers, spreading requests by request id (round robin).
public struct DirectServers: RequestDispatcher {
    let network: Network
    let servers: [ServerReplica]
    /// Each server's node and link, in the order of ``servers``: what a dispatched request needs
    /// of its server, where reading them through the server retained and released it.
    private let nodes: [NodeID]
    private let links: [ServerLink]

    /// Targets `servers` (at least one) over `network`.
    public init(network: Network, servers: [ServerReplica]) {
        precondition(!servers.isEmpty, "DirectServers needs at least one server")
        self.network = network
        self.servers = servers
        nodes = servers.map(\.id)
        links = servers.map(\.link)
    }

    public func send(_ request: Request, timeout: Duration) async throws(NetworkError) -> Response {
        try await network.call(from: request.client, to: server(for: request), timeout: timeout, request: request)
    }

    func dispatch(_ request: consuming Request, timeoutNanoseconds timeout: Int64, waiter: WakeUp) -> PendingCall<Response> {
        let index = serverIndex(for: request)
        return network.dispatch(from: request.client, to: nodes[index], timeout: timeout,
                                handler: .server(links[index], consume request), waiter: waiter)
    }

    private func server(for request: Request) -> ServerReplica {
        servers[serverIndex(for: request)]
    }

    /// The position in ``servers`` of the server that `request` goes to.
    private func serverIndex(for request: Request) -> Int {
        Int(request.id % UInt64(servers.count))
    }
}
