import OrderedCollections

/// What the clients of a run saw: every request's outcome and latency.
///
/// `@unchecked Sendable`: written only on the simulation thread, read after the run.
public final class WorkloadMetrics: @unchecked Sendable {
    /// Latency of successful requests.
    @exclusivity(unchecked) public private(set) var latency = LatencyHistogram()
    /// Requests issued.
    @exclusivity(unchecked) public private(set) var issued = 0
    /// Requests answered with a 2xx status.
    @exclusivity(unchecked) public private(set) var succeeded = 0
    /// Requests answered with another status, by status.
    public private(set) var failedByStatus: [Int: Int] = [:]
    /// Requests that failed in the network, by error.
    public private(set) var failedByNetwork: [NetworkError: Int] = [:]
    /// Successful requests by the server that answered them, in first-answer order.
    @exclusivity(unchecked) public private(set) var servedBy = OrderedDictionary<NodeID, Int>()
    /// Latency of successful requests by the server that answered them, in first-answer order.
    @exclusivity(unchecked) public private(set) var latencyByServer = OrderedDictionary<NodeID, LatencyHistogram>()
    /// Successful requests completed in each whole virtual second.
    @exclusivity(unchecked) public private(set) var completionsPerSecond: [Int] = []
    /// Successful requests completed in each whole virtual second, per answering server.
    @exclusivity(unchecked) public private(set) var completionsPerSecondByServer = OrderedDictionary<NodeID, [Int]>()
    /// Failed requests (any non-2xx outcome) completed in each whole virtual second.
    public private(set) var failuresPerSecond: [Int] = []
    /// The ``NodeID/stableHash`` of each key of ``servedBy``, in its order.
    @exclusivity(unchecked) private var serverHashes: [UInt64] = []
    /// Up to this many servers, ``serverIndex(_:)`` scans ``serverHashes``.
    private static let serversScanned = 16
    /// Virtual time of the last completion.
    @exclusivity(unchecked) public private(set) var lastCompletion = VirtualInstant.zero

    /// Latency of the successful requests in each phase of the run, when phases were started
    /// (``startPhase(_:)``: before, during and after a deployment); empty otherwise.
    @exclusivity(unchecked) public private(set) var phases: [(name: String, latency: LatencyHistogram)] = []
    /// Total latency, in seconds, of the successful requests completed in each virtual second,
    /// kept only once a phase has started.
    public private(set) var latencySecondsPerSecond: [Double] = []

    public init() {}

    /// From now on, successful requests' latency is also recorded under phase `name`.
    public func startPhase(_ name: String) {
        phases.append((name, LatencyHistogram()))
    }

    /// Counts a request as issued.
    public func recordIssued() { issued += 1 }

    /// Records the outcome of one request that took `latency` and ended at `now`.
    public func record(_ outcome: Result<Response, NetworkError>, latency: Duration, now: VirtualInstant) {
        record(outcome, latencyNanoseconds: latency.nanoseconds, now: now)
    }

    /// Records the outcome of one request that took `latency` nanoseconds and ended at `now`.
    public func record(_ outcome: Result<Response, NetworkError>, latencyNanoseconds latency: Int64, now: VirtualInstant) {
        lastCompletion = now
        switch outcome {
        case .success(let response) where response.isSuccess:
            succeeded += 1
            self.latency.record(nanoseconds: latency)
            let server = serverIndex(response.server)
            servedBy.values[server] += 1
            latencyByServer.values[server].record(nanoseconds: latency)
            let second = Int(now.nanoseconds / 1_000_000_000)
            WorkloadMetrics.count(second, in: &completionsPerSecond)
            WorkloadMetrics.count(second, in: &completionsPerSecondByServer.values[server])
            if !phases.isEmpty { recordInPhase(.nanoseconds(latency), second: second) }
        case .success(let response):
            failedByStatus[response.status, default: 0] += 1
            WorkloadMetrics.count(Int(now.nanoseconds / 1_000_000_000), in: &failuresPerSecond)
        case .failure(let error):
            failedByNetwork[error, default: 0] += 1
            WorkloadMetrics.count(Int(now.nanoseconds / 1_000_000_000), in: &failuresPerSecond)
        }
    }

    /// The position of `server` in ``servedBy``, ``latencyByServer`` and
    /// ``completionsPerSecondByServer``, which gain their keys together, in first-answer order:
    /// one lookup serves all three.
    private func serverIndex(_ server: NodeID) -> Int {
        // Most runs have a few servers: comparing their hashes in order is cheaper than hashing
        // the name's hash again (SipHash) for the dictionary, which serves the runs with more.
        let hash = server.stableHash
        if serverHashes.count <= WorkloadMetrics.serversScanned {
            for index in serverHashes.indices where serverHashes[index] == hash && servedBy.keys[index].name == server.name { return index }
        } else if let index = servedBy.index(forKey: server) {
            return index
        }
        serverHashes.append(hash)
        servedBy[server] = 0
        latencyByServer[server] = LatencyHistogram()
        completionsPerSecondByServer[server] = []
        return servedBy.count - 1
    }

    private func recordInPhase(_ latency: Duration, second: Int) {
        phases[phases.count - 1].latency.record(latency)
        if latencySecondsPerSecond.count <= second {
            latencySecondsPerSecond.append(contentsOf: repeatElement(0, count: second - latencySecondsPerSecond.count + 1))
        }
        latencySecondsPerSecond[second] += latency.seconds
    }

    private static func count(_ second: Int, in series: inout [Int]) {
        if series.count <= second {
            series.append(contentsOf: repeatElement(0, count: second - series.count + 1))
        }
        series[second] += 1
    }

    /// Requests that completed one way or another.
    public var completed: Int {
        succeeded + failedByStatus.values.reduce(0, +) + failedByNetwork.values.reduce(0, +)
    }

    /// Fraction of completed requests that succeeded (1 when none completed).
    public var successRatio: Double {
        completed == 0 ? 1 : Double(succeeded) / Double(completed)
    }
}
