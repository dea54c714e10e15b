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
    /// service time (of the durations it draws: ``Distribution/durationMean``); nil when the
    /// service time has no finite mean.
    public var capacity: Double? {
        serviceTime.durationMean.flatMap { $0 > 0 ? Double(slots) * speed / $0 : nil }
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
    /// Requests answered 500: by the error rate (configured or injected), or as a hang that held
    /// them ended (those whose callers still waited).
    @exclusivity(unchecked) public internal(set) var errors = 0
    /// Requests that arrived while the server hung.
    @exclusivity(unchecked) public internal(set) var hung = 0
    /// Requests lost in crashes (queued or in service when the node went down).
    @exclusivity(unchecked) public internal(set) var lostInCrash = 0
    /// Longest queue seen.
    @exclusivity(unchecked) public internal(set) var peakQueueLength = 0
    /// Total virtual time spent serving up to now, summed over slots (for utilisation): every
    /// slot counts from the start of its service to its end, a crash or now, whichever is first.
    /// Work still in service when a run ends counts up to the end: counted only when it finished,
    /// a server busy with one long request for the whole run showed 0 % utilisation.
    public var busyNanoseconds: Int64 {
        guard let clock, busySlots > 0 else { return countedBusyNanoseconds }
        return Self.adding(busySlots, times: clock.now.nanoseconds - busySince, to: countedBusyNanoseconds)
    }

    /// The slot time counted up to ``busySince``.
    @exclusivity(unchecked) private var countedBusyNanoseconds: Int64 = 0
    /// Slots in service since ``busySince``.
    @exclusivity(unchecked) private var busySlots = 0
    @exclusivity(unchecked) private var busySince: Int64 = 0
    /// The clock of the server's simulation, which tells ``busyNanoseconds`` how long the slots
    /// in service have been busy; nil for stats no server keeps (only what finished counts).
    let clock: VirtualClock?

    public init() { clock = nil }

    init(clock: VirtualClock) { self.clock = clock }

    /// From `now` on, `slots` slots are in service: the slots until now are counted.
    @inline(__always)
    func busySlots(_ slots: Int, from now: Int64) {
        if busySlots > 0 { countedBusyNanoseconds = Self.adding(busySlots, times: now - busySince, to: countedBusyNanoseconds) }
        busySlots = slots
        busySince = now
    }

    /// `total + slots × nanoseconds`, at most `Int64.max` (a thousand slots busy for a century
    /// overflow it).
    private static func adding(_ slots: Int, times nanoseconds: Int64, to total: Int64) -> Int64 {
        let (product, overflow) = Int64(slots).multipliedReportingOverflow(by: nanoseconds)
        let (sum, overflowAgain) = total.addingReportingOverflow(product)
        return overflow || overflowAgain ? .max : sum
    }
}
