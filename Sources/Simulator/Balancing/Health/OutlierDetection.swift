/// Envoy's outlier detection by consecutive errors (`outlier_detection_impl.cc`): a server whose
/// forwards end in `consecutiveErrors` 5xx answers or failures in a row (Envoy maps locally
/// originated failures — connect errors and timeouts — to 5xx) is ejected for `baseEjectionTime` ×
/// its ejection multiplier, capped at the larger of `maximumEjectionTime` and `baseEjectionTime`,
/// then returns by itself.
///
/// The multiplier (Envoy's `ejectTimeBackoff`) grows by one at each ejection (while the ejection
/// time is below `maximumEjectionTime + baseEjectionTime`) and shrinks by one for each `interval`
/// the server has been back without being ejected again, so a server that misbehaves once in a
/// long while is ejected for `baseEjectionTime` every time.
///
/// The error that reaches `consecutiveErrors` asks for the ejection and resets the count, whether
/// or not the ejection is allowed; an ejection is allowed only while the ejected servers stay
/// within `maxEjectionPercent` of all servers, except that one server may always be ejected, as in
/// Envoy. Errors while the server is ejected keep counting without asking again (Envoy fires at
/// exactly `consecutiveErrors`). Unlike passive health, ejection needs consecutive errors, so a
/// server failing half of its requests is ejected only when the errors happen to line up.
///
/// Unlike Envoy, whose ejections end at the first tick of its `interval` timer after their time is
/// up, an ejection here ends at exactly its time, and the multiplier shrinks at every full
/// `interval` counted from that moment rather than at the timer's ticks.
public struct OutlierDetection: Sendable, Equatable {
    /// Consecutive errors that eject a server (Envoy's `consecutive_5xx`, default 5).
    public var consecutiveErrors: Int
    /// The ejection time per unit of the multiplier (default 30 s).
    public var baseEjectionTime: Duration
    /// The longest ejection (Envoy's `max_ejection_time`, default 300 s).
    public var maximumEjectionTime: Duration
    /// The largest share of servers ejected at once, in percent (default 10).
    public var maxEjectionPercent: Double
    /// Envoy's `interval` (default 10 s): each one a server spends back lowers its multiplier by one.
    public var interval: Duration

    /// Envoy's defaults unless given.
    public init(consecutiveErrors: Int = 5, baseEjectionTime: Duration = .seconds(30), maximumEjectionTime: Duration = .seconds(300),
                maxEjectionPercent: Double = 10, interval: Duration = .seconds(10)) {
        precondition(consecutiveErrors >= 1, "consecutive errors must be at least 1")
        precondition(interval > .zero, "an interval must be longer than zero")
        self.consecutiveErrors = consecutiveErrors
        self.baseEjectionTime = baseEjectionTime
        self.maximumEjectionTime = maximumEjectionTime
        self.maxEjectionPercent = maxEjectionPercent
        self.interval = interval
    }

    /// One server's record.
    public struct State: Sendable, Equatable {
        /// Errors in a row since the last success or the last ejection asked for.
        public internal(set) var consecutiveErrors = 0
        /// When the current (or last) ejection ends; nil if never ejected.
        public internal(set) var ejectedUntil: VirtualInstant?
        /// How many times the server has been ejected.
        public internal(set) var ejections = 0
        /// The ejection multiplier as the last ejection left it (Envoy's `ejectTimeBackoff`).
        public internal(set) var backoff = 0

        /// A server never ejected.
        public init() {}

        /// Whether the server is ejected at `now`.
        public func isEjected(at now: VirtualInstant) -> Bool {
            ejectedUntil.map { now < $0 } ?? false
        }
    }

    /// The ejection multiplier of a server not ejected at `now`: the last ejection's, less one for
    /// every full `interval` since that ejection ended.
    public func backoff(of state: State, at now: VirtualInstant) -> Int {
        guard let end = state.ejectedUntil, end <= now else { return state.backoff }
        let intervals = end.duration(to: now).nanoseconds / interval.nanoseconds
        return Int(Swift.max(0, Int64(state.backoff) - intervals))
    }

    /// Records a forward's outcome at `now`; returns the ejection's length when it ejected the
    /// server. `ejectedNow` and `total` count the servers ejected at the moment and all servers.
    public func record(error: Bool, into state: inout State, at now: VirtualInstant, ejectedNow: Int, total: Int) -> Duration? {
        guard error else {
            state.consecutiveErrors = 0
            return nil
        }
        state.consecutiveErrors += 1
        guard state.consecutiveErrors == consecutiveErrors, !state.isEjected(at: now) else { return nil }
        state.consecutiveErrors = 0
        let withinLimit = ejectedNow == 0 || Double(ejectedNow + 1) * 100 <= maxEjectionPercent * Double(total)
        guard withinLimit else { return nil }
        var backoff = self.backoff(of: state, at: now)
        if baseEjectionTime * backoff < maximumEjectionTime + baseEjectionTime { backoff += 1 }
        state.backoff = backoff
        state.ejections += 1
        let length = Swift.min(baseEjectionTime * backoff, Swift.max(maximumEjectionTime, baseEjectionTime))
        state.ejectedUntil = now.advanced(by: length)
        return length
    }
}
