/// Envoy's outlier detection by consecutive errors: a server whose last `consecutiveErrors`
/// forwards all ended in a 5xx answer or no answer at all (Envoy maps locally originated failures
/// — connect errors and timeouts — to 5xx) is ejected for `baseEjectionTime` × the number of times
/// it has been ejected, capped at `maximumEjectionTime`, then returns by itself.
///
/// An ejection is allowed only while the ejected servers stay within `maxEjectionPercent` of all
/// servers, except that one server may always be ejected, as in Envoy. Unlike passive health,
/// ejection needs consecutive errors, so a server failing half of its requests is ejected only
/// when the errors happen to line up.
public struct OutlierDetection: Sendable, Equatable {
    /// Consecutive errors that eject a server (Envoy's `consecutive_5xx`, default 5).
    public var consecutiveErrors: Int
    /// The first ejection's length; the n-th lasts n times as long (default 30 s).
    public var baseEjectionTime: Duration
    /// The longest ejection (Envoy's `max_ejection_time`, default 300 s).
    public var maximumEjectionTime: Duration
    /// The largest share of servers ejected at once, in percent (default 10).
    public var maxEjectionPercent: Double

    /// Envoy's defaults unless given.
    public init(consecutiveErrors: Int = 5, baseEjectionTime: Duration = .seconds(30), maximumEjectionTime: Duration = .seconds(300), maxEjectionPercent: Double = 10) {
        precondition(consecutiveErrors >= 1, "consecutive errors must be at least 1")
        self.consecutiveErrors = consecutiveErrors
        self.baseEjectionTime = baseEjectionTime
        self.maximumEjectionTime = maximumEjectionTime
        self.maxEjectionPercent = maxEjectionPercent
    }

    /// One server's record.
    public struct State: Sendable, Equatable {
        /// Errors in a row since the last success.
        public internal(set) var consecutiveErrors = 0
        /// When the current ejection ends; nil while not ejected.
        public internal(set) var ejectedUntil: VirtualInstant?
        /// How many times the server has been ejected.
        public internal(set) var ejections = 0

        /// A server never ejected.
        public init() {}

        /// Whether the server is ejected at `now`.
        public func isEjected(at now: VirtualInstant) -> Bool {
            ejectedUntil.map { now < $0 } ?? false
        }
    }

    /// Records a forward's outcome at `now`; returns the ejection's length when it ejected the
    /// server. `ejectedNow` and `total` count the servers ejected at the moment and all servers.
    public func record(error: Bool, into state: inout State, at now: VirtualInstant, ejectedNow: Int, total: Int) -> Duration? {
        guard error else {
            state.consecutiveErrors = 0
            return nil
        }
        state.consecutiveErrors += 1
        guard state.consecutiveErrors >= consecutiveErrors, !state.isEjected(at: now) else { return nil }
        let withinLimit = ejectedNow == 0 || Double(ejectedNow + 1) * 100 <= maxEjectionPercent * Double(total)
        guard withinLimit else { return nil }
        state.ejections += 1
        state.consecutiveErrors = 0
        let length = Swift.min(baseEjectionTime * state.ejections, maximumEjectionTime)
        state.ejectedUntil = now.advanced(by: length)
        return length
    }
}
