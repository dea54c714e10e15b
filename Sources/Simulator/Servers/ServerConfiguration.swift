/// How one server replica serves: parallelism, queueing and speed.
public struct ServerConfiguration: Sendable, Equatable {
    /// Requests served at once (worker threads or processes).
    public var slots: Int
    /// Requests that may wait for a slot; more are rejected with 503.
    public var queueCapacity: Int
    /// Service time of one request, in seconds.
    public var serviceTime: Distribution
    /// The endpoints the server serves besides `heartbeat`; any other path is answered 404.
    public var paths: [String]
    /// How fast the host is relative to the one `serviceTime` was measured on: service times are
    /// divided by it (2 serves twice as fast). Heterogeneous clusters differ in this and in slots.
    public var speed: Double
    /// Probability that a request is answered 500 after its service time (a buggy code path, a
    /// failing dependency); heartbeats are not affected, so health checks do not see it.
    public var errorRate: Double

    public init(slots: Int = 1, queueCapacity: Int = 1_000, serviceTime: Distribution = .exponential(mean: 0.01), paths: [String] = ["home"],
                speed: Double = 1, errorRate: Double = 0) {
        precondition(speed > 0, "a server's speed must be positive")
        precondition((0...1).contains(errorRate), "an error rate is a probability")
        self.slots = slots
        self.queueCapacity = queueCapacity
        self.serviceTime = serviceTime
        self.paths = paths
        self.speed = speed
        self.errorRate = errorRate
    }

    /// Requests per second the server completes when every slot is busy: slots × speed / mean
    /// service time; nil when the service time has no finite mean.
    public var capacity: Double? {
        serviceTime.mean.flatMap { $0 > 0 ? Double(slots) * speed / $0 : nil }
    }
}

/// What a server did over a run (kept outside the actor so reports can read it afterwards).
///
/// `@unchecked Sendable`: written only on the simulation thread, read after the run.
public final class ServerStats: @unchecked Sendable {
    /// Requests answered with a success.
    @exclusivity(unchecked) public internal(set) var served = 0
    /// Requests rejected because the queue was full.
    @exclusivity(unchecked) public internal(set) var rejected = 0
    /// Requests answered 500 by the error rate (configured or injected).
    @exclusivity(unchecked) public internal(set) var errors = 0
    /// Requests that arrived while the server hung.
    @exclusivity(unchecked) public internal(set) var hung = 0
    /// Requests lost in crashes (queued or in service when the node went down).
    @exclusivity(unchecked) public internal(set) var lostInCrash = 0
    /// Longest queue seen.
    @exclusivity(unchecked) public internal(set) var peakQueueLength = 0
    /// Total virtual time spent serving, summed over slots (for utilisation).
    @exclusivity(unchecked) public internal(set) var busyNanoseconds: Int64 = 0

    public init() {}
}
