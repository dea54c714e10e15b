/// Envoy's outlier detection (`source/common/upstream/outlier_detection_impl.cc`): by
/// consecutive errors, by consecutive gateway failures, by consecutive local-origin failures, by
/// success rate and by failure percentage.
///
/// **Consecutive errors.** A server whose forwards end in `consecutiveErrors` 5xx answers or
/// failures in a row (Envoy maps locally originated failures — connect errors and timeouts — to
/// 5xx unless `split_external_local_origin_errors`; see `OutlierDetection+ErrorOrigins.swift`,
/// which also has the gateway-failure and local-origin detectors) is ejected for
/// `baseEjectionTime` × its ejection multiplier, capped at the larger of `maximumEjectionTime` and
/// `baseEjectionTime`, then returns by itself.
///
/// **Statistics.** At each tick of the interval timer, Envoy's `processSuccessRateEjections`
/// compares the servers' success rates over the last whole interval (``successRate``,
/// ``failurePercentage``; see `OutlierDetection+Statistics.swift`).
///
/// Ejections end as Envoy's do, at a tick of the detector's `interval` timer (`onIntervalTimer` →
/// `checkHostForUneject`): the first tick at or after the ejection's time (plus its jitter) is up.
/// The timer ticks every `interval` from the simulation's start. A server that returns has its
/// consecutive-error counts reset (`unejectHost` resets the 5xx, gateway-failure and local-origin
/// counts "to avoid re-ejection on very few new errors"), so forwards that failed while it was
/// out do not count against it.
///
/// The multiplier (Envoy's `ejectTimeBackoff`) grows by one at each ejection (while the ejection
/// time is below `maximumEjectionTime + baseEjectionTime`) and shrinks by one at each tick after
/// the server's return that finds it back for a whole interval, so a server that misbehaves once
/// in a long while is ejected for `baseEjectionTime` every time.
///
/// The error that reaches a detector's count asks for the ejection and resets that count, whether
/// or not the ejection is allowed (`onConsecutiveErrorWorker`). An ejection (of any detector:
/// Envoy's `ejectHost`) is allowed
/// only if the servers ejected after it are at most `maxEjectionPercent` of all servers (Envoy
/// since 2023, PR 27909: `100 × (active + 1) / hosts ≤ max_ejection_percent`; so the default 10 %
/// ejects no server of fewer than ten), or, with `alwaysEjectOneHost` (Envoy's
/// `always_eject_one_host`, off by default), when no server is ejected. An allowed ejection then
/// happens with the detector's enforcing percentage as its chance (`enforceEjection`), drawn only
/// when that percentage is strictly between 0 and 100. Errors while the server is ejected keep
/// counting without asking again (Envoy fires at exactly the threshold, and
/// `onConsecutiveErrorWorker` returns before the reset for a server already ejected). Unlike passive
/// health, ejection by consecutive errors needs them in a row, so a server failing half of its
/// requests is ejected only when the errors happen to line up — or by its success rate.
public struct OutlierDetection: Sendable, Equatable {
    /// Consecutive errors that eject a server (Envoy's `consecutive_5xx`, default 5).
    public var consecutiveErrors: Int
    /// The ejection time per unit of the multiplier (default 30 s).
    public var baseEjectionTime: Duration
    /// The longest ejection (Envoy's `max_ejection_time`, default 300 s).
    public var maximumEjectionTime: Duration
    /// The largest share of servers ejected at once, in percent (default 10).
    public var maxEjectionPercent: Double
    /// Envoy's `interval` (default 10 s): the detector's timer, whose ticks end ejections and
    /// judge the statistics, and each of which a server spends back lowers its multiplier by one.
    public var interval: Duration
    /// Envoy's `always_eject_one_host` (default false): one server may be ejected whatever
    /// `maxEjectionPercent` says.
    public var alwaysEjectOneHost: Bool
    /// Envoy's `enforcing_consecutive_5xx` (default 100): the chance, in percent, that an
    /// ejection by consecutive errors happens.
    public var enforcingConsecutiveErrors: Double
    /// Ejection by success rate (on by default, as in Envoy).
    public var successRate: SuccessRate
    /// Ejection by failure percentage (off by default, as in Envoy).
    public var failurePercentage: FailurePercentage
    /// Envoy's `max_ejection_time_jitter` (default 0): each ejection lasts a further uniform
    /// whole number of milliseconds from 0 to this (`random() % (jitter_ms + 1)`).
    public var maximumEjectionTimeJitter: Duration
    /// Envoy's `successful_active_health_check_uneject_host` (default true): with active health
    /// checks, a check that leaves an ejected server healthy ends its ejection at once
    /// (``unejected(_:at:)``).
    public var unejectOnPassedHealthCheck: Bool
    /// Envoy's `consecutive_gateway_failure` detector (detected but not enforced by default).
    public var gatewayFailure: GatewayFailure
    /// Envoy's `split_external_local_origin_errors` and the local-origin detectors (off by default).
    public var localOrigin: LocalOrigin

    /// Envoy's defaults unless given.
    public init(consecutiveErrors: Int = 5, baseEjectionTime: Duration = .seconds(30), maximumEjectionTime: Duration = .seconds(300),
                maxEjectionPercent: Double = 10, interval: Duration = .seconds(10), alwaysEjectOneHost: Bool = false,
                enforcingConsecutiveErrors: Double = 100, successRate: SuccessRate = SuccessRate(),
                failurePercentage: FailurePercentage = FailurePercentage(), maximumEjectionTimeJitter: Duration = .zero,
                unejectOnPassedHealthCheck: Bool = true, gatewayFailure: GatewayFailure = GatewayFailure(),
                localOrigin: LocalOrigin = LocalOrigin()) {
        precondition(consecutiveErrors >= 1, "consecutive errors must be at least 1")
        precondition(interval > .zero, "an interval must be longer than zero")
        precondition((0...100).contains(enforcingConsecutiveErrors), "an enforcing percentage lies within 0 … 100")
        precondition(maximumEjectionTimeJitter >= .zero, "a jitter is never negative")
        self.consecutiveErrors = consecutiveErrors
        self.baseEjectionTime = baseEjectionTime
        self.maximumEjectionTime = maximumEjectionTime
        self.maxEjectionPercent = maxEjectionPercent
        self.interval = interval
        self.alwaysEjectOneHost = alwaysEjectOneHost
        self.enforcingConsecutiveErrors = enforcingConsecutiveErrors
        self.successRate = successRate
        self.failurePercentage = failurePercentage
        self.maximumEjectionTimeJitter = maximumEjectionTimeJitter
        self.unejectOnPassedHealthCheck = unejectOnPassedHealthCheck
        self.gatewayFailure = gatewayFailure
        self.localOrigin = localOrigin
    }

    /// One server's record.
    public struct State: Sendable, Equatable {
        /// Errors in a row since the last success, the last ejection asked for, or the server's
        /// return from its last ejection (Envoy's `consecutive_5xx_`).
        public internal(set) var consecutiveErrors = 0
        /// Gateway failures (502, 503, 504) in a row, likewise; any other answer resets it
        /// (Envoy's `consecutive_gateway_failure_`).
        public internal(set) var consecutiveGatewayFailures = 0
        /// Local-origin failures in a row since the last connection made, likewise (Envoy's
        /// `consecutive_local_origin_failure_`; counted only with the split).
        public internal(set) var consecutiveLocalOriginFailures = 0
        /// When the current (or last) ejection ends, at a tick of the interval timer; nil if
        /// never ejected.
        public internal(set) var ejectedUntil: VirtualInstant?
        /// Whether the count was reset for the server's return from its last ejection.
        var countResetAtReturn = true
        /// Whether the server's return from its last ejection was announced.
        var returnAnnounced = true
        /// How many times the server has been ejected (a second ejection at the same tick
        /// counts: Envoy's `num_ejections_`).
        public internal(set) var ejections = 0
        /// Envoy's `ejections_active` count this server raised by a second ejection at a tick
        /// while already ejected: `ejectHost` adds one for each ejection and `unejectHost`
        /// takes one away, so the second stays counted after the server's return (see
        /// `OutlierDetection+Statistics.swift`).
        public internal(set) var phantomEjections = 0
        /// The ejection multiplier as the last ejection left it (Envoy's `ejectTimeBackoff`).
        public internal(set) var backoff = 0
        /// The forwards of the interval under way, ``currentInterval`` (the writer bucket of
        /// Envoy's `SuccessRateAccumulator`).
        public internal(set) var current = IntervalCounts()
        /// The forwards of the interval before it (the backup bucket, which the ticks judge).
        public internal(set) var previous = IntervalCounts()
        /// The local-origin outcomes of the interval under way (the local-origin
        /// `SuccessRateAccumulator`'s writer bucket; counted only with the split).
        public internal(set) var localCurrent = IntervalCounts()
        /// The local-origin outcomes of the interval before it.
        public internal(set) var localPrevious = IntervalCounts()
        /// The interval ``current`` counts: the `k` of `[k × interval, (k + 1) × interval)`.
        public internal(set) var currentInterval: Int64 = 0
        /// The interval timer's next tick as this server last learned it; nil or past when the
        /// timer does not run.
        var nextTick: VirtualInstant?
        /// Random numbers drawn for this server's ejections so far (enforcing chances, jitter).
        public internal(set) var draws = 0

        /// A server never ejected.
        public init() {}

        /// Envoy's `unejectHost` resets: the 5xx, gateway-failure and local-origin counts start
        /// afresh at the server's return.
        mutating func resetConsecutiveCounts() {
            consecutiveErrors = 0
            consecutiveGatewayFailures = 0
            consecutiveLocalOriginFailures = 0
            countResetAtReturn = true
        }

        /// Resets the counts once, at the first outcome after the server's ejection ended (at a
        /// tick; the tick itself does not visit the counts).
        mutating func resetConsecutiveCountsIfBack(at now: VirtualInstant) {
            if !countResetAtReturn, let end = ejectedUntil, end <= now { resetConsecutiveCounts() }
        }

        /// Whether the server is ejected at `now`.
        public func isEjected(at now: VirtualInstant) -> Bool {
            ejectedUntil.map { now < $0 } ?? false
        }
    }

    /// The ejection multiplier of a server not ejected at `now`: the last ejection's, less one for
    /// every tick of the interval timer since that ejection ended (at a tick) that found the
    /// server back for a whole interval.
    public func backoff(of state: State, at now: VirtualInstant) -> Int {
        backoff(of: state, at: now, atTick: false)
    }

    /// ``backoff(of:at:)``; `atTick`: for an ejection at a tick of the timer, which Envoy decides
    /// before that tick's own decrement (`onIntervalTimer` ejects, then decrements).
    func backoff(of state: State, at now: VirtualInstant, atTick: Bool) -> Int {
        guard let end = state.ejectedUntil, end <= now else { return state.backoff }
        var intervals = end.duration(to: now).nanoseconds / interval.nanoseconds
        if atTick && end < now { intervals -= 1 }
        return Int(Swift.max(0, Int64(state.backoff) - intervals))
    }

    /// Records a forward that ended in a 5xx answer (`error`) or a 200 at `now`: ``record(_:into:at:ejectedNow:total:random:)``
    /// of `.answered(status: 500)` or `.answered(status: 200)`.
    public func record(error: Bool, into state: inout State, at now: VirtualInstant, ejectedNow: Int, total: Int,
                       random: (Int) -> UInt64 = OutlierDetection.unseeded) -> Duration? {
        record(.answered(status: error ? 500 : 200), into: &state, at: now, ejectedNow: ejectedNow, total: total, random: random)
    }

    /// Envoy's `ejectHost`: ejects the server at `now` if the share of servers ejected allows it
    /// and the enforcing percentage `enforcing` says so; returns the ejection's length, up to
    /// the tick that ends it. Like Envoy's, it does not ask whether the server is ejected already:
    /// a server ejected again (at a tick, by a second detector) takes a further step of the
    /// multiplier and a new jitter from that instant.
    func eject(_ state: inout State, at now: VirtualInstant, enforcing: Double, ejectedNow: Int, total: Int, atTick: Bool,
               random: (Int) -> UInt64) -> Duration? {
        let withinLimit = Double(ejectedNow + 1) * 100 <= maxEjectionPercent * Double(total) || (alwaysEjectOneHost && ejectedNow == 0)
        guard withinLimit else { return nil }
        if enforcing <= 0 { return nil }
        if enforcing < 100 {
            let draw = random(state.draws)
            state.draws += 1
            guard Double(draw >> 11) * 0x1.0p-53 * 100 < enforcing else { return nil }
        }
        var backoff = self.backoff(of: state, at: now, atTick: atTick)
        if baseEjectionTime * backoff < maximumEjectionTime + baseEjectionTime { backoff += 1 }
        state.backoff = backoff
        state.ejections += 1
        var length = Swift.min(baseEjectionTime * backoff, Swift.max(maximumEjectionTime, baseEjectionTime))
        if maximumEjectionTimeJitter > .zero {
            let milliseconds = UInt64(maximumEjectionTimeJitter.nanoseconds / 1_000_000)
            let draw = random(state.draws)
            state.draws += 1
            length += .milliseconds(Int64(draw % (milliseconds + 1)))
        }
        let end = firstTick(atOrAfter: now.advanced(by: length))
        state.ejectedUntil = end
        state.countResetAtReturn = false
        state.returnAnnounced = false
        return now.duration(to: end)
    }

    /// Envoy's `unejectHost` for a server ejected at `now` whose active health check just left it
    /// healthy (`successful_active_health_check_uneject_host`, the detector's callback on every
    /// completed check): the ejection ends now, and the server counts errors afresh; returns
    /// whether it was ejected. The multiplier is left as the ejection set it and, as after any
    /// return, lowered by one for each whole interval the server then stays back.
    public func unejected(_ state: inout State, at now: VirtualInstant) -> Bool {
        guard unejectOnPassedHealthCheck, state.isEjected(at: now) else { return false }
        state.ejectedUntil = now
        state.resetConsecutiveCounts()
        state.returnAnnounced = true
        return true
    }

    /// The random numbers of a detector outside a simulation: the `n`th is the first of a
    /// generator seeded with `n`.
    public static func unseeded(_ n: Int) -> UInt64 {
        var generator = SeededRandom(seed: UInt64(n))
        return generator.next()
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
