/// A client request as it travels through the simulated system.
public struct Request: Sendable, Equatable {
    /// Unique id within a run, in issue order.
    public var id: UInt64
    /// The path asked for (`home`, `heartbeat`, or any other endpoint).
    public var path: String
    /// The routing key (e.g. the assignment's 6-digit request id, or a Zipf-distributed key).
    public var key: UInt64
    /// The client host that issued it.
    public var client: NodeID

    public init(id: UInt64, path: String = "home", key: UInt64, client: NodeID) {
        self.id = id
        self.path = path
        self.key = key
        self.client = client
    }
}

/// A server's answer.
public struct Response: Sendable, Equatable {
    /// HTTP-style status: from a server 200 served, 503 rejected (queue full), 500 a server error,
    /// 404 a path it does not serve; from a balancer also 400, 429, 502 and 504 of its own.
    public var status: Int
    /// The server that produced it.
    public var server: NodeID
    /// The body, e.g. `Hello from Server: 2` for `home`.
    public var body: String

    public init(status: Int, server: NodeID, body: String = "") {
        self.status = status
        self.server = server
        self.body = body
    }

    /// Whether the status is a success (2xx).
    public var isSuccess: Bool { (200..<300).contains(status) }
}
