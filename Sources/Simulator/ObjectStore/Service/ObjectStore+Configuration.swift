extension ObjectStore {
    /// How the simulated service performs and fails: everything about the store that is not S3's
    /// semantics (those live in ``ObjectStoreState``).
    ///
    /// The defaults are S3's published figures where there are any — 3,500 writes and 5,500 reads
    /// per second per prefix — and a first-byte latency of tens of milliseconds with a tail, as
    /// measured for small objects in one region. Injected errors default to none.
    public struct Configuration: Sendable, Equatable {
        /// Time from a request's arrival to its first byte of answer, in seconds (before any
        /// transfer time): lognormal with a 20 ms median and σ = 0.6 (p99 ≈ 80 ms) by default.
        public var firstByteLatency: Distribution
        /// Bytes per second one request moves in either direction; adds `size / rate` for bodies.
        public var bytesPerSecond: Double
        /// PUT, COPY, POST and DELETE requests per second one prefix sustains (S3: 3,500).
        public var writesPerSecondPerPrefix: Int
        /// GET, HEAD and LIST requests per second one prefix sustains (S3: 5,500).
        public var readsPerSecondPerPrefix: Int
        /// Probability that any request fails with 500 `InternalError` before it does anything.
        public var internalErrorRate: Double
        /// Probability that any request fails with 503 `ServiceUnavailable` before it does anything.
        public var serviceUnavailableRate: Double
        /// Windows of virtual time in which an extra share of requests fail.
        public var errorStorms: [ErrorStorm]
        /// Whether the store runs its lifecycle rules every midnight UTC of virtual time.
        public var runsLifecycle: Bool
        /// Unix time (seconds) of virtual time 0: midnights, and backup names, are counted from it.
        public var epochUnixSeconds: Int64

        /// Creates a configuration; every argument defaults to the figures described above.
        public init(firstByteLatency: Distribution = .lognormal(median: 0.020, sigma: 0.6),
                    bytesPerSecond: Double = 100 * 1024 * 1024,
                    writesPerSecondPerPrefix: Int = 3500, readsPerSecondPerPrefix: Int = 5500,
                    internalErrorRate: Double = 0, serviceUnavailableRate: Double = 0,
                    errorStorms: [ErrorStorm] = [], runsLifecycle: Bool = true,
                    epochUnixSeconds: Int64 = ObjectStoreState.defaultEpochUnixSeconds) {
            precondition(writesPerSecondPerPrefix > 0 && readsPerSecondPerPrefix > 0, "request rates must be positive")
            precondition(bytesPerSecond > 0, "the transfer rate must be positive")
            self.firstByteLatency = firstByteLatency
            self.bytesPerSecond = bytesPerSecond
            self.writesPerSecondPerPrefix = writesPerSecondPerPrefix
            self.readsPerSecondPerPrefix = readsPerSecondPerPrefix
            self.internalErrorRate = internalErrorRate
            self.serviceUnavailableRate = serviceUnavailableRate
            self.errorStorms = errorStorms
            self.runsLifecycle = runsLifecycle
            self.epochUnixSeconds = epochUnixSeconds
        }

        /// Time to move `bytes` at ``bytesPerSecond``.
        func transferTime(_ bytes: Int) -> Duration {
            bytes > 0 ? .seconds(double: Double(bytes) / bytesPerSecond) : .zero
        }
    }

    /// A window of virtual time during which the store fails a share of requests, as a regional
    /// incident or a hot partition would.
    public struct ErrorStorm: Sendable, Equatable {
        /// When the storm begins (virtual time since the start of the run).
        public var start: Duration
        /// How long it lasts.
        public var length: Duration
        /// Probability that a request arriving during the storm fails.
        public var errorRate: Double
        /// The error it fails with: 503 `ServiceUnavailable` unless told otherwise.
        public var code: S3ErrorCode

        /// Creates a storm of `length` from `start`, failing `errorRate` of requests with `code`.
        public init(start: Duration, length: Duration, errorRate: Double, code: S3ErrorCode = .serviceUnavailable) {
            precondition((0...1).contains(errorRate), "a storm's error rate is a probability")
            self.start = start
            self.length = length
            self.errorRate = errorRate
            self.code = code
        }

        /// Whether virtual time `now` (ns) falls inside the storm: from `start`, for `length`.
        func covers(_ now: Int64) -> Bool {
            now >= start.nanoseconds && now - start.nanoseconds < length.nanoseconds
        }
    }
}
