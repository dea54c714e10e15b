/// The S3-compatible object store as a service: ``ObjectStoreState``'s semantics on a network
/// node, with latency, per-prefix throttling and injected failures in virtual time, and a
/// lifecycle pass every midnight UTC.
///
/// Clients reach it through the ``Network`` (use ``ObjectStoreClient``), so link latency,
/// partitions, pauses and crashes apply to every request. Each request is served in order:
///
/// 1. while its node hangs (a `hang` fault) the request is held, draws nothing and changes
///    nothing, and is answered 500 `InternalError` when the hang ends (callers with shorter
///    timeouts time out first), as a hung server's are;
/// 2. an injected failure (a storm, the seeded 500/503 rates, or its node's extra error rate
///    from an `errors` fault, which adds to the 500 rate) or a `SlowDown` from the prefix's
///    token bucket is decided on arrival — such a request changes nothing;
/// 3. the first-byte latency and the upload's transfer time pass (a pause of its node stops
///    them, as it stops a server's service: they go on for what was left at the resume);
/// 4. the operation runs against the state at that instant (so strong read-after-write holds:
///    a read that starts after a write was acknowledged arrives after it was applied);
/// 5. the download's transfer time passes and the answer goes back.
///
/// A `slow` fault on its node multiplies the latency and both transfer times of every request
/// that arrives while it lasts by its factor (read once, on arrival).
///
/// The state is durable: a crash loses the requests being served and the throttle's buckets,
/// never an object. Work interrupted by a crash is abandoned before it touches the state.
public actor ObjectStore {
    /// The store's network node.
    public nonisolated let id: NodeID
    public nonisolated let unownedExecutor: UnownedSerialExecutor
    /// Latency, throttling and fault parameters.
    public nonisolated let configuration: Configuration
    /// Counters, readable after the run.
    public nonisolated let stats = ObjectStoreStats()
    nonisolated let simulation: Simulation
    nonisolated let node: NetworkNode
    /// Buckets, objects and uploads: durable across crashes.
    public internal(set) var state: ObjectStoreState
    /// Request-rate buckets: volatile, reset by a crash.
    var throttle: PrefixThrottle
    /// Requests held by a hang of its node right now: volatile, lost by a crash.
    private var heldByHang = 0
    private var random: SeededRandom

    /// A store on node `id` of `network`, drawing from the stream `objectstore.<id>`; with
    /// ``Configuration/runsLifecycle`` it starts a daemon that runs lifecycle rules every midnight UTC.
    ///
    /// - Parameter state: what the store holds at virtual time zero, before any request can
    ///   arrive (buckets that exist from the start, with their settings); empty by default. Its
    ///   epoch must be the configuration's.
    public init(_ id: NodeID = "s3", configuration: Configuration = Configuration(), network: Network,
                state: ObjectStoreState? = nil) {
        let state = state ?? ObjectStoreState(epochUnixSeconds: configuration.epochUnixSeconds)
        precondition(state.epochUnixSeconds == configuration.epochUnixSeconds, "a store's initial state must share its configuration's epoch")
        self.id = id
        self.configuration = configuration
        simulation = network.simulation
        unownedExecutor = network.simulation.executor.asUnownedSerialExecutor()
        node = network.addNode(id)
        self.state = state
        throttle = PrefixThrottle(writesPerSecond: configuration.writesPerSecondPerPrefix,
                                  readsPerSecond: configuration.readsPerSecondPerPrefix)
        random = network.simulation.randomStream("objectstore.\(id.name)")
        network.onCrash(id) { [weak self] in
            self?.assumeIsolated { $0.loseVolatileState() }
        }
        if configuration.runsLifecycle { startLifecycleDaemon() }
    }

    /// Serves one request: `access` says what the service model needs to know, `operation` is the
    /// S3 semantics, run against the state at the instant the request takes effect.
    ///
    /// - Parameters:
    ///   - responseBytes: the size of the answer's body, for the download's transfer time.
    ///   - successStatus: the HTTP status of a successful answer (204 for a DELETE, 206 for a
    ///     byte range), so the trace (`--trace`, and the digest it folds), the timeline and
    ///     `orrery_store_requests_total{code}` show what the client saw, as results.jsonl does.
    /// - Returns: the operation's output, or the S3 error the client receives.
    public func serve<Output: Sendable>(
        _ access: ObjectStoreAccess,
        responseBytes: @Sendable (Output) -> Int = { _ in 0 },
        successStatus: @Sendable (Output) -> Int = { _ in 200 },
        _ operation: @Sendable (inout ObjectStoreState, Int64) throws(S3Error) -> Output
    ) async -> Result<Output, S3Error> {
        let start = simulation.now
        let result = await perform(access, responseBytes: responseBytes, successStatus: successStatus, operation)
        let status = result.observedStatus(successStatus)
        observe(access, status: status, outcome: result.observedOutcome(status: status), from: start)
        return result
    }

    /// Shows a finished request to the observer (synchronous: nothing added to the request's async frame).
    private func observe(_ access: ObjectStoreAccess, status: Int, outcome: @autoclosure () -> String, from start: VirtualInstant) {
        simulation.observeSpan(.store, id.name, access.kind == .write ? "write" : "read", from: start, detail: access.bucket + "/" + access.key,
                               outcome: outcome(), value: Int64(status))
    }

    private func perform<Output: Sendable>(
        _ access: ObjectStoreAccess,
        responseBytes: @Sendable (Output) -> Int,
        successStatus: @Sendable (Output) -> Int,
        _ operation: @Sendable (inout ObjectStoreState, Int64) throws(S3Error) -> Output
    ) async -> Result<Output, S3Error> {
        let incarnation = node.incarnation
        stats.requests += 1
        if let until = node.hungUntil, simulation.now < until { return await held(until: until, incarnation: incarnation) }
        // A `slow` fault stretches the whole request: its latency and both transfers.
        let factor = node.slowFactor
        let firstByte = Self.stretched(configuration.firstByteLatency.sampleDuration(using: &random), by: factor)
        if let refusal = refusal(for: access) {
            await simulation.work(for: firstByte, on: node)
            return .failure(refusal)
        }
        stats.bytesIn += access.uploadBytes
        await simulation.work(for: firstByte + Self.stretched(configuration.transferTime(access.uploadBytes), by: factor), on: node)
        guard node.incarnation == incarnation else {
            stats.lostInCrash += 1
            return .failure(S3Error(.internalError, "The store crashed while serving the request."))
        }
        let now = simulation.now.nanoseconds
        let output: Output
        do {
            output = try operation(&state, now)
        } catch {
            stats.rejected += 1
            simulation.trace.record(access.kind == .write ? .put : .get, id.name, access.bucket + "/" + access.key, value: Int64(error.httpStatus))
            return .failure(error)
        }
        stats.succeeded += 1
        // The status the client sees (204, 206 or 200), as the timeline and the metrics count it.
        simulation.trace.record(access.kind == .write ? .put : .get, id.name, access.bucket + "/" + access.key, value: Int64(successStatus(output)))
        let download = responseBytes(output)
        stats.bytesOut += download
        if download > 0 { await simulation.work(for: Self.stretched(configuration.transferTime(download), by: factor), on: node) }
        return .success(output)
    }

    /// Holds a request that arrived while the store's node hangs until `until`, the hang's end
    /// as it stood on arrival, then answers it 500 `InternalError` (counted as an injected
    /// error), as a hung server answers 500 when its hang ends. It draws nothing. A crash or a
    /// restart ends the hang: the requests it held are lost with it (counted then; their callers
    /// time out, or are refused by a restart). One still held when the world is torn down (a
    /// hang without `for:`) is let go.
    private func held<Output: Sendable>(until: VirtualInstant, incarnation: UInt64) async -> Result<Output, S3Error> {
        stats.hung += 1
        heldByHang += 1
        let crashed = S3Error(.internalError, "The store crashed while serving the request.")
        guard await simulation.sleepUnlessTornDown(until: until) else { return .failure(crashed) }
        // Counted lost by the crash, which forgot it.
        guard node.incarnation == incarnation else { return .failure(crashed) }
        heldByHang -= 1
        return .failure(injected(.internalError))
    }

    /// `duration` multiplied by a `slow` fault's `factor` (unchanged at factor 1).
    static func stretched(_ duration: Duration, by factor: Double) -> Duration {
        factor == 1 ? duration : .saturating(nanoseconds: (Double(duration.nanoseconds) * factor).rounded(.towardZero))
    }

    /// Why `access` is refused on arrival, if it is: a storm, a seeded 500/503 (or an `errors`
    /// fault's 500), or the prefix's rate.
    private func refusal(for access: ObjectStoreAccess) -> S3Error? {
        let now = simulation.now.nanoseconds
        if let storm = configuration.errorStorms.first(where: { $0.covers(now) }), random.chance(storm.errorRate) {
            stats.stormErrors += 1
            return injected(storm.code)
        }
        // One draw decides both rates, as before; an `errors` fault's rate adds to the 500s'.
        let draw = random.nextUnitInterval()
        let internalErrorRate = configuration.internalErrorRate + node.extraErrorRate
        if draw < internalErrorRate { return injected(.internalError) }
        if draw < internalErrorRate + configuration.serviceUnavailableRate { return injected(.serviceUnavailable) }
        guard throttle.admit(access, now: now) else {
            stats.throttled += 1
            return S3Error(.slowDown, "Please reduce your request rate.")
        }
        return nil
    }

    private func injected(_ code: S3ErrorCode) -> S3Error {
        stats.injectedErrors[code, default: 0] += 1
        simulation.trace.record(.reject, id.name, code.rawValue, value: Int64(code.httpStatus))
        switch code {
        case .internalError: return S3Error(code, "We encountered an internal error. Please try again.")
        case .slowDown: return S3Error(code, "Please reduce your request rate.")
        default: return S3Error(code, "Service is unable to handle request.")
        }
    }

    private func loseVolatileState() {
        stats.lostInCrash += heldByHang
        heldByHang = 0
        throttle = PrefixThrottle(writesPerSecond: configuration.writesPerSecondPerPrefix,
                                  readsPerSecond: configuration.readsPerSecondPerPrefix)
    }
}

extension Result where Failure == S3Error {
    /// The HTTP status the client sees: `successStatus` of the output (200, 204 or 206), or the error's.
    func observedStatus(_ successStatus: (Success) -> Int) -> Int {
        switch self {
        case .success(let output): return successStatus(output)
        case .failure(let error): return error.httpStatus
        }
    }

    /// The outcome as a timeline shows it: the success's `status` (`200`, `204`, `206`), or the
    /// status and S3 error code.
    func observedOutcome(status: Int) -> String {
        switch self {
        case .success: return String(status)
        case .failure(let error): return "\(error.httpStatus) \(error.code.rawValue)"
        }
    }
}
