/// Envoy's outlier detection by consecutive errors (`outlier_detection_impl.cc`): a server whose
/// forwards end in `consecutiveErrors` 5xx answers or failures in a row (Envoy maps locally
/// originated failures — connect errors and timeouts — to 5xx) is ejected for `baseEjectionTime` ×
/// its ejection multiplier, capped at the larger of `maximumEjectionTime` and `baseEjectionTime`,
/// then returns by itself.
///
/// Ejections end as Envoy's do, at a tick of the detector's `interval` timer (`onIntervalTimer` →
/// `checkHostForUneject`): the first tick at or after the ejection's time is up. The timer ticks
/// every `interval` from the simulation's start, when a world creates its balancer. A server that
/// returns has its consecutive-error count reset (`unejectHost` resets it "to avoid re-ejection on
/// very few new errors"), so forwards that failed while it was out do not count against it.
///
/// The multiplier (Envoy's `ejectTimeBackoff`) grows by one at each ejection (while the ejection
/// time is below `maximumEjectionTime + baseEjectionTime`) and shrinks by one at each tick after
/// the server's return that finds it back for a whole interval, so a server that misbehaves once
/// in a long while is ejected for `baseEjectionTime` every time.
///
/// The error that reaches `consecutiveErrors` asks for the ejection and resets the count, whether
/// or not the ejection is allowed. An ejection is allowed only if the servers ejected after it are
/// at most `maxEjectionPercent` of all servers (Envoy since 2023, PR 27909: `100 × (active + 1) /
/// hosts ≤ max_ejection_percent`; so the default 10 % ejects no server of fewer than ten), or, with
/// `alwaysEjectOneHost` (Envoy's `always_eject_one_host`, off by default), when no server is
/// ejected. Errors while the server is ejected keep counting without asking again (Envoy fires at
/// exactly `consecutiveErrors`). Unlike passive health, ejection needs consecutive errors, so a
/// server failing half of its requests is ejected only when the errors happen to line up.
public struct OutlierDetection: Sendable, Equatable {
    /// Consecutive errors that eject a server (Envoy's `consecutive_5xx`, default 5).
    public var consecutiveErrors: Int
    /// The ejection time per unit of the multiplier (default 30 s).
    public var baseEjectionTime: Duration
    /// The longest ejection (Envoy's `max_ejection_time`, default 300 s).
    public var maximumEjectionTime: Duration
    /// The largest share of servers ejected at once, in percent (default 10).
    public var maxEjectionPercent: Double
    /// Envoy's `interval` (default 10 s): the detector's timer, whose ticks end ejections, and each
    /// of which a server spends back lowers its multiplier by one.
    public var interval: Duration
    /// Envoy's `always_eject_one_host` (default false): one server may be ejected whatever
    /// `maxEjectionPercent` says.
    public var alwaysEjectOneHost: Bool

    /// Envoy's defaults unless given.
    public init(consecutiveErrors: Int = 5, baseEjectionTime: Duration = .seconds(30), maximumEjectionTime: Duration = .seconds(300),
                maxEjectionPercent: Double = 10, interval: Duration = .seconds(10), alwaysEjectOneHost: Bool = false) {
        precondition(consecutiveErrors >= 1, "consecutive errors must be at least 1")
        precondition(interval > .zero, "an interval must be longer than zero")
        self.consecutiveErrors = consecutiveErrors
        self.baseEjectionTime = baseEjectionTime
        self.maximumEjectionTime = maximumEjectionTime
        self.maxEjectionPercent = maxEjectionPercent
        self.interval = interval
        self.alwaysEjectOneHost = alwaysEjectOneHost
    }

    /// One server's record.
    public struct State: Sendable, Equatable {
        /// Errors in a row since the last success, the last ejection asked for, or the server's
        /// return from its last ejection.
        public internal(set) var consecutiveErrors = 0
        /// When the current (or last) ejection ends, at a tick of the interval timer; nil if
        /// never ejected.
        public internal(set) var ejectedUntil: VirtualInstant?
        /// Whether the count was reset for the server's return from its last ejection.
        var countResetAtReturn = true
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
    /// every tick of the interval timer since that ejection ended (at a tick) that found the
    /// server back for a whole interval.
    public func backoff(of state: State, at now: VirtualInstant) -> Int {
        guard let end = state.ejectedUntil, end <= now else { return state.backoff }
        let intervals = end.duration(to: now).nanoseconds / interval.nanoseconds
        return Int(Swift.max(0, Int64(state.backoff) - intervals))
    }

    /// Records a forward's outcome at `now`; returns the ejection's length when it ejected the
    /// server. `ejectedNow` and `total` count the servers ejected at the moment and all servers.
    ///
    /// The length returned runs to the interval timer's tick that ends the ejection.
    public func record(error: Bool, into state: inout State, at now: VirtualInstant, ejectedNow: Int, total: Int) -> Duration? {
        if !state.countResetAtReturn, let end = state.ejectedUntil, end <= now {
            state.consecutiveErrors = 0
            state.countResetAtReturn = true
        }
        guard error else {
            state.consecutiveErrors = 0
            return nil
        }
        state.consecutiveErrors += 1
        guard state.consecutiveErrors == consecutiveErrors, !state.isEjected(at: now) else { return nil }
        state.consecutiveErrors = 0
        let withinLimit = Double(ejectedNow + 1) * 100 <= maxEjectionPercent * Double(total) || (alwaysEjectOneHost && ejectedNow == 0)
        guard withinLimit else { return nil }
        var backoff = self.backoff(of: state, at: now)
        if baseEjectionTime * backoff < maximumEjectionTime + baseEjectionTime { backoff += 1 }
        state.backoff = backoff
        state.ejections += 1
        let length = Swift.min(baseEjectionTime * backoff, Swift.max(maximumEjectionTime, baseEjectionTime))
        let end = firstTick(atOrAfter: now.advanced(by: length))
        state.ejectedUntil = end
        state.countResetAtReturn = false
        return now.duration(to: end)
    }

    /// The interval timer's first tick at or after `instant` (ticks at whole intervals from 0 s).
    func firstTick(atOrAfter instant: VirtualInstant) -> VirtualInstant {
        let step = interval.nanoseconds, nanoseconds = instant.nanoseconds
        let (ticks, remainder) = nanoseconds.quotientAndRemainder(dividingBy: step)
        guard remainder != 0 else { return instant }
        let (tick, overflow) = (ticks + 1).multipliedReportingOverflow(by: step)
        return overflow ? instant : VirtualInstant(nanoseconds: tick)
    }
}
