/// A client of an ``ObjectStore`` on its own network node: every request crosses the
/// ``Network`` with a timeout, and retryable failures (500, 503, `SlowDown`, timeouts,
/// partitions) are retried with the ``RetryPolicy``'s exponential backoff and seeded jitter.
///
/// A request is *acknowledged* when a method returns normally: the store applied it and the answer
/// made it back. A request that throws may or may not have been applied (its answer may have been
/// lost), which is exactly the uncertainty a real S3 client lives with.
///
/// `@unchecked Sendable`: used only on the simulation thread (tasks and actors of one simulation
/// share its serial executor), so its jitter stream and counters are never touched concurrently.
public final class ObjectStoreClient: @unchecked Sendable {
    /// The client's network node.
    public let node: NodeID
    /// The store it talks to.
    public let store: ObjectStore
    /// The network between them.
    public let network: Network
    /// How long one attempt waits for an answer.
    public var timeout: Duration
    /// How failed attempts are retried.
    public var retryPolicy: RetryPolicy
    /// Requests, attempts, failures and bytes.
    public let stats = ObjectStoreClientStats()
    private var random: SeededRandom

    /// A client on node `node` (added to the network if new) drawing its jitter from the stream
    /// `objectstore.client.<node>`.
    public init(_ node: NodeID, store: ObjectStore, network: Network, timeout: Duration = .seconds(5),
                retryPolicy: RetryPolicy = RetryPolicy()) {
        self.node = node
        self.store = store
        self.network = network
        self.timeout = timeout
        self.retryPolicy = retryPolicy
        random = network.simulation.randomStream("objectstore.client.\(node.name)")
        network.addNode(node)
    }

    /// Sends one request, retrying as the policy allows, and returns the store's output.
    ///
    /// - Parameters:
    ///   - access: what the service model needs (read or write, prefix, upload size).
    ///   - responseBytes: the size of the answer's body, for transfer time and byte counts.
    ///   - successStatus: the HTTP status of a successful answer (see ``ObjectStore/serve(_:responseBytes:successStatus:_:)``).
    ///   - operation: the S3 semantics, run on the store.
    /// The request belongs to the process running on the client's node when it begins
    /// (``Network/process(of:)``): every attempt is made for that process, so one made after it
    /// crashed is never sent (not even once a restart runs the next), and the retries stop with
    /// it — at the first one due after its crash, which fails with the last attempt's failure.
    ///
    /// - Throws: the last attempt's failure once it is not retryable, attempts are used up, or
    ///   the process that made the request has crashed.
    public func send<Output: Sendable>(
        _ access: ObjectStoreAccess,
        responseBytes: @escaping @Sendable (Output) -> Int = { _ in 0 },
        successStatus: @escaping @Sendable (Output) -> Int = { _ in 200 },
        _ operation: @escaping @Sendable (inout ObjectStoreState, Int64) throws(S3Error) -> Output
    ) async throws(ObjectStoreClientError) -> Output {
        stats.requests += 1
        let store = store
        let process = network.process(of: node)
        var attempt = 1
        while true {
            stats.attempts += 1
            let sentAt = network.simulation.now
            let failure: ObjectStoreClientError
            let delivery = StoreAttemptDelivery()
            do {
                let answer = try await network.call(from: node, to: store.id, process: process, timeout: timeout) {
                    delivery.arrived()
                    return await store.serve(access, responseBytes: responseBytes, successStatus: successStatus, operation)
                }
                switch answer {
                case .success(let output):
                    stats.bytesSent += access.uploadBytes
                    stats.bytesReceived += responseBytes(output)
                    stats.busyNanoseconds += network.simulation.now.nanoseconds - sentAt.nanoseconds
                    return output
                case .failure(let error):
                    failure = .s3(error)
                }
            } catch {
                failure = .network(error)
                delivery.gaveUp(counting: store.stats)
            }
            stats.recordFailure(failure)
            guard failure.isRetryable, attempt < retryPolicy.maxAttempts, network.runs(node, process: process) else {
                stats.failedRequests += 1
                throw failure
            }
            let backoff = retryPolicy.delay(beforeRetry: attempt, using: &random)
            stats.retries += 1
            guard await network.simulation.sleepUnlessTornDown(for: backoff) else { throw failure }
            guard network.runs(node, process: process) else {
                // Crashed during the back-off: the retry counted is never made.
                stats.retries -= 1
                stats.failedRequests += 1
                throw failure
            }
            attempt += 1
        }
    }
}
