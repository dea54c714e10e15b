/// The figures of the object store: `store.*`.
public enum StoreMetric: String, MetricCatalog {
    /// Requests sent to the store: those that reached it, and those its clients gave up that never
    /// did (its node down or cut off, or lost on the way).
    case requests
    /// Requests the store did not answer with a 2xx: S3's refusals (4xx, explicit operations'
    /// included), throttling and injected errors (5xx), requests lost in a store crash, and
    /// requests that never reached it; not those still in flight when the run ended
    /// (`in_flight_at_end`), which no answer had decided.
    case errors
    /// Requests failed on arrival with 500 or 503: the seeded error rates and storms (each error
    /// counted once), and the per-prefix throttle's SlowDown.
    case serverErrors = "server_errors"
    /// Requests answered 503 SlowDown by the per-prefix request-rate limit.
    case throttled
    /// Requests that arrived while the store's node hung (a `hang` fault): held, and answered 500
    /// InternalError when the hang ended (among `server_errors` too), lost if it crashed first, or
    /// still held when the run ended (among `in_flight_at_end`).
    case hung
    /// Requests the store was serving or holding when it crashed or restarted: their work thrown
    /// away, their clients answered by their own timeouts (a crash) or refused (a restart), among
    /// `errors`.
    case lostInCrash = "lost_in_crash"
    /// Requests that reached the store and had no answer when the run ended: in service, or held
    /// by a hang that had not ended. Neither succeeded nor among `errors`: `requests` is
    /// succeeded + `errors` + these.
    case inFlightAtEnd = "in_flight_at_end"
    /// Objects (current versions) in the store at the end.
    case objects
    /// Bytes of current versions at the end.
    case bytes
    /// Job output objects the store acknowledged (200) that are missing or different at the end.
    case acknowledgedWritesLost = "acknowledged_writes_lost"
    /// Job output objects acknowledged.
    case outputObjects = "output_objects"
    /// Job output objects whose ETag is the MD5 of exactly the job's output part.
    case outputObjectsExact = "output_objects_exact"
    /// Explicit operations (the `operations:` section) answered, those before a step that stopped
    /// them included.
    case operations

    public static let subsystem = Subsystem.store

    public var unit: MetricUnit { .count }
}
