/// What an ``ObjectStore`` did, counted as it happened.
///
/// `@unchecked Sendable`: written only on the simulation thread, read after (or between) runs.
public final class ObjectStoreStats: @unchecked Sendable {
    /// One lifecycle action and the virtual time (ns) of the daily run that took it.
    public struct TimedLifecycleAction: Sendable, Equatable {
        /// When the lifecycle run happened.
        public let time: Int64
        /// What it did.
        public let action: LifecycleAction
    }

    /// Requests that reached the store.
    public internal(set) var requests = 0
    /// Requests answered with a 2xx.
    public internal(set) var succeeded = 0
    /// Requests S3's semantics refused: the 4xx answers (`NoSuchKey`, `NoSuchBucket`,
    /// `BucketAlreadyOwnedByYou`, `PreconditionFailed`, …), and the rarer errors the state itself
    /// answers (304 `NotModified` and 501 `NotImplemented` of request conditions, 500 of a failed
    /// encryption). Explicit operations count here too: their log keeps the answer, but an error
    /// answer is still an error.
    public internal(set) var rejected = 0
    /// Requests refused with `SlowDown` by the per-prefix rate limits.
    public internal(set) var throttled = 0
    /// Requests failed by injection, by error code: the seeded rates, the storms, and the node's
    /// `errors` and `hang` faults together.
    public internal(set) var injectedErrors: [S3ErrorCode: Int] = [:]
    /// Of those, the ones failed by a storm.
    public internal(set) var stormErrors = 0
    /// Requests that arrived while the store's node hung (a `hang` fault): held, and answered
    /// 500 `InternalError` when the hang ended (those answers are in ``injectedErrors`` too).
    public internal(set) var hung = 0
    /// Requests whose work was thrown away because the store crashed while serving them.
    public internal(set) var lostInCrash = 0
    /// Attempts its clients sent that never reached it — its node down or cut off from them, or the
    /// request lost on the way — and that they gave up (a timeout, no route, a refused connection).
    /// Not in ``requests``: the store never saw them. One that arrives after its client gave up is
    /// taken back out (the store counts it then). Without them a store crashed for a whole run
    /// reported 0 requests and 0 errors while every write to it failed.
    public internal(set) var unreached = 0
    /// Bytes received in request bodies.
    public internal(set) var bytesIn = 0
    /// Bytes sent in response bodies.
    public internal(set) var bytesOut = 0
    /// Daily lifecycle runs carried out.
    public internal(set) var lifecycleRuns = 0
    /// Every lifecycle action, in the order taken.
    public internal(set) var lifecycleActions: [TimedLifecycleAction] = []

    /// Creates empty counters.
    public init() {}

    /// All injected errors, whatever their code.
    public var injectedErrorCount: Int { injectedErrors.values.reduce(0, +) }
}
