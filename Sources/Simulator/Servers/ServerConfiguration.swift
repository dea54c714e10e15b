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

    public init(slots: Int = 1, queueCapacity: Int = 1_000, serviceTime: Distribution = .exponential(mean: 0.01), paths: [String] = ["home"]) {
        self.slots = slots
        self.queueCapacity = queueCapacity
        self.serviceTime = serviceTime
        self.paths = paths
    }
}

/// What a server did over a run (kept outside the actor so reports can read it afterwards).
///
/// `@unchecked Sendable`: written only on the simulation thread, read after the run.
public final class ServerStats: @unchecked Sendable {
    /// Requests answered with a success.
    public internal(set) var served = 0
    /// Requests rejected because the queue was full.
    public internal(set) var rejected = 0
    /// Requests lost in crashes (queued or in service when the node went down).
    public internal(set) var lostInCrash = 0
    /// Longest queue seen.
    public internal(set) var peakQueueLength = 0
    /// Total virtual time spent serving, summed over slots (for utilisation).
    public internal(set) var busyNanoseconds: Int64 = 0

    public init() {}
}
