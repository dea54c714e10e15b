/// What one ``ObjectStoreClient`` sent and got back, cumulative, so a report can difference two
/// readings to get rates per hour.
///
/// `@unchecked Sendable`: written only on the simulation thread.
public final class ObjectStoreClientStats: @unchecked Sendable {
    /// Requests made (each counted once, however many attempts it took).
    public internal(set) var requests = 0
    /// Attempts sent: requests plus retries.
    public internal(set) var attempts = 0
    /// Attempts that failed, for whatever reason.
    public internal(set) var failedAttempts = 0
    /// Retries sent after a retryable failure.
    public internal(set) var retries = 0
    /// Requests that failed for good (not retryable, or out of attempts).
    public internal(set) var failedRequests = 0
    /// Failed attempts by what failed them: an S3 code's raw value or `network:<error>`.
    public internal(set) var failuresByCause: [String: Int] = [:]
    /// Body bytes sent in acknowledged requests.
    public internal(set) var bytesSent = 0
    /// Body bytes received in acknowledged requests.
    public internal(set) var bytesReceived = 0
    /// Virtual time (ns) spent waiting on acknowledged attempts, for transfer rates.
    public internal(set) var busyNanoseconds: Int64 = 0

    /// Creates empty counters.
    public init() {}

    /// Failed attempts over all attempts (0 before any attempt).
    public var errorRate: Double { attempts > 0 ? Double(failedAttempts) / Double(attempts) : 0 }

    /// Body bytes moved per second of virtual time spent in acknowledged requests.
    public var transferBytesPerSecond: Double {
        busyNanoseconds > 0 ? Double(bytesSent + bytesReceived) / (Double(busyNanoseconds) / 1e9) : 0
    }

    /// Failure causes with counts, sorted by cause (dictionary order is not stable).
    public var sortedFailures: [(cause: String, count: Int)] {
        failuresByCause.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }

    func recordFailure(_ error: ObjectStoreClientError) {
        failedAttempts += 1
        let cause: String
        switch error {
        case .s3(let s3): cause = s3.code.rawValue
        case .network(let network): cause = "network:\(network)"
        }
        failuresByCause[cause, default: 0] += 1
    }
}
