import OrderedCollections

/// The customizable load balancer: routes every request through a placement algorithm to a
/// server replica over the network, and offers the assignment's operations `rep`, `add` and `rm`.
public actor LoadBalancer {
    /// One server behind the balancer.
    public struct Replica: Sendable {
        /// The id `i` that the hash functions see.
        public let id: Int
        /// Its hostname, unique among replicas (also its network node name).
        public let hostname: String
        /// The server itself.
        public let server: ServerReplica
    }

    /// Forwarding parameters.
    public struct Configuration: Sendable {
        /// How long the balancer waits for a replica's answer.
        public var forwardTimeout: Duration
        /// How many other replicas a request is retried on after a failed forward.
        public var retries: Int
        /// How each new replica serves.
        public var server: ServerConfiguration

        public init(forwardTimeout: Duration = .milliseconds(500), retries: Int = 1, server: ServerConfiguration = ServerConfiguration(slots: 4, serviceTime: .exponential(mean: 0.002))) {
            self.forwardTimeout = forwardTimeout
            self.retries = retries
            self.server = server
        }
    }

    /// The balancer's network node.
    public nonisolated let id: NodeID
    public nonisolated let unownedExecutor: UnownedSerialExecutor
    /// What it forwarded, retried and failed (readable after the run).
    public nonisolated let stats = BalancerStats()
    /// Its forwarding parameters.
    public nonisolated let configuration: Configuration
    nonisolated let network: Network
    var placement: BalancerPlacement
    /// The replicas, in the order they joined.
    public internal(set) var replicas = OrderedDictionary<Int, Replica>()
    var random: SeededRandom

    /// A balancer on node `id` with the given placement (empty of servers) and parameters.
    public init(_ id: NodeID = "balancer", placement: BalancerPlacement, configuration: Configuration = Configuration(), network: Network) {
        self.id = id
        self.placement = placement
        self.configuration = configuration
        self.network = network
        unownedExecutor = network.simulation.executor.asUnownedSerialExecutor()
        random = network.simulation.randomStream("balancer.\(id.name)")
        network.addNode(id)
    }

    /// The hostnames of the replicas, in the order they joined.
    public var hostnames: [String] { replicas.values.map(\.hostname) }

    /// Handles a client request: `rep` answers the replica list; anything else is routed.
    public func handle(_ request: Request) async -> Response {
        if request.path == "rep" { return Response(status: 200, server: id, body: AssignmentJSON.replicas(hostnames)) }
        return await route(request)
    }

    /// Routes `request` to the replica its key maps to, retrying on the next replica after a
    /// failed forward; a path the replicas do not serve is the assignment's 400 error.
    public func route(_ request: Request) async -> Response {
        var excluded: [Int] = []
        for attempt in 0...configuration.retries {
            guard let serverID = placement.acquire(request.key, excluding: excluded), let replica = replicas[serverID] else {
                break
            }
            defer { placement.release(request.key) }
            network.simulation.trace.record(.route, id.name, replica.hostname, value: Int64(bitPattern: request.id))
            stats.forwarded += 1
            do {
                let response = try await network.call(from: id, to: replica.server.id, timeout: configuration.forwardTimeout) {
                    await replica.server.handle(request)
                }
                if response.status == 404 {
                    return Response(status: 400, server: replica.server.id, body: AssignmentJSON.error("'/\(request.path)' endpoint does not exist in server replicas"))
                }
                return response
            } catch {
                stats.failedForwards += 1
                stats.failedForwardsByServer[replica.hostname, default: 0] += 1
                excluded.append(serverID)
                if attempt < configuration.retries { stats.retried += 1 }
            }
        }
        stats.unanswered += 1
        let reason = replicas.isEmpty ? "No server replicas available" : "No server replica answered"
        return Response(status: 503, server: id, body: AssignmentJSON.error(reason))
    }
}

/// What a balancer did. `@unchecked Sendable`: written only on the simulation thread.
public final class BalancerStats: @unchecked Sendable {
    /// Forwards attempted (first tries and retries).
    public internal(set) var forwarded = 0
    /// Forwards that failed (timeout, refused, unreachable).
    public internal(set) var failedForwards = 0
    /// Failed forwards by replica hostname.
    public internal(set) var failedForwardsByServer = OrderedDictionary<String, Int>()
    /// Requests sent to another replica after a failed forward.
    public internal(set) var retried = 0
    /// Requests the balancer could not get answered at all (503 to the client).
    public internal(set) var unanswered = 0

    public init() {}
}
