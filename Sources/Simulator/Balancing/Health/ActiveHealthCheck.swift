/// Active health checks as HAProxy's `check inter I rise R fall F` (and nginx Plus's
/// `health_check interval=I passes=R fails=F`): the balancer asks each server for `path` and
/// waits up to `timeout`. A server that is up goes down after `fall` consecutive failed checks; a
/// server that is down comes back after `rise` consecutive passed checks. A transition happens at
/// the instant the deciding check ends — its answer arrives or its timeout expires.
///
/// Checks are scheduled per server, as HAProxy's `src/check.c` runs one check task per server
/// (``LoadBalancer/startHealthChecks()``): the first checks of the `n` servers are spread over
/// the interval (`start_check_task`: `mininter * srvpos / nbcheck`; over `fastinter` if set and
/// `fall` is above 1, since servers start on trial), a server has at most one check in flight,
/// and its next check starts an interval after the previous one ended (`process_chk`:
/// `tick_add(now_ms, srv_getinter(check))`). So checks of a server that stopped answering end
/// `interval + timeout` apart, and it goes down `fall × (interval + timeout) − interval` after
/// its first failed check started — with `fastinter`, the failures after the first are
/// `fastinter + timeout` apart.
///
/// Which interval is HAProxy's `srv_getinter` (``interval(after:)``): `inter` while the server's
/// health is at its top, `downinter` (if set) while it is down with health 0, and `fastinter` (if
/// set) in between — going down, coming up, or on trial. `spread-checks` adds to each of these
/// delays, and to the span the first checks are spread over, a uniform jitter of ± the interval ×
/// ``spreadPercent`` / 100 (``jittered(_:random:)``).
///
/// Servers start as HAProxy's do by default (`init-state up`): up, with their health at `rise`
/// rather than at its top (`rise + fall - 1`), so the first check decides — a failed one takes the
/// server down at once, a passed one makes it fully up, after which it takes `fall` consecutive
/// failures. This is `set_server_check_status`'s counter: a failure lowers the health and resets
/// it to 0 (down) once it is below `rise`; a pass raises it and sets it to the top once it reaches
/// `rise`. A server that joins later starts the same way. Checks see only what the check path sees: a server that
/// answers its health endpoint but fails real requests (a 5xx rate) stays up — unless ``observe``
/// is set (HAProxy's `observe layer4|layer7`, `error-limit`, `on-error`), which watches the
/// forwards too (``ActiveHealthCheck/observe(_:into:)``); outlier detection or passive checks
/// catch it otherwise.
public struct ActiveHealthCheck: Sendable, Equatable {
    /// Time from the end of one check of a server to the start of its next while its health is
    /// at the top (HAProxy's `inter`), and in every state the variants below leave unset; also
    /// the span the servers' first checks are spread over unless ``fastInterval`` is set.
    public var interval: Duration
    /// How long a check may take before it counts as failed.
    public var timeout: Duration
    /// Consecutive passed checks that bring a down server back.
    public var rise: Int
    /// Consecutive failed checks that take an up server down.
    public var fall: Int
    /// What the check asks for; servers answer `heartbeat` with an empty 200.
    public var path: String
    /// The interval while a server is in transition — going down after a failure, coming up
    /// after a pass, or on trial (HAProxy's `fastinter`); nil uses ``interval``.
    public var fastInterval: Duration?
    /// The interval while a server is down with no check passed since (HAProxy's `downinter`);
    /// nil uses ``interval``.
    public var downInterval: Duration?
    /// HAProxy's global `spread-checks`, 0…50: each delay before a check gets a uniform random
    /// jitter of ± that percentage of it. 0 draws nothing.
    public var spreadPercent: Int
    /// HAProxy's global `max-spread-checks`: the most the servers' first checks are spread over —
    /// the span (jitter included) is cut to it, so with a long interval the last server is not
    /// checked an interval late; nil (HAProxy's default, 0) leaves the span as it is.
    public var maxSpread: Duration?
    /// HAProxy's `observe`, `error-limit` and `on-error`: what the real forwards to a server tell
    /// its check; nil (HAProxy's `observe none`, the default) watches nothing.
    public var observe: Observation?

    /// HAProxy's defaults: `inter 2s rise 2 fall 3`, with a 2 s timeout, no `fastinter`,
    /// `downinter`, `spread-checks`, `max-spread-checks` or `observe`.
    public init(interval: Duration = .seconds(2), timeout: Duration = .seconds(2), rise: Int = 2, fall: Int = 3, path: String = "heartbeat",
                fastInterval: Duration? = nil, downInterval: Duration? = nil, spreadPercent: Int = 0, maxSpread: Duration? = nil,
                observe: Observation? = nil) {
        precondition(rise >= 1 && fall >= 1, "rise and fall must be at least 1")
        precondition((0...50).contains(spreadPercent), "spread-checks is a percentage from 0 to 50")
        precondition([fastInterval, downInterval].compactMap { $0 }.allSatisfy { $0 > .zero }, "fastinter and downinter must be positive")
        self.interval = interval
        self.timeout = timeout
        self.rise = rise
        self.fall = fall
        self.path = path
        self.fastInterval = fastInterval
        self.downInterval = downInterval
        self.spreadPercent = spreadPercent
        self.maxSpread = maxSpread
        self.observe = observe
    }

    /// One server's check history, and its check task's (HAProxy's `struct check`).
    public struct State: Sendable {
        /// Whether the checks consider the server up.
        public internal(set) var isUp = true
        /// Whether the server is up only by its initial state (HAProxy's health at `rise`): no
        /// check has passed it yet, so one failed check takes it down.
        public internal(set) var onTrial = true
        /// Consecutive passed checks (counted while down).
        public internal(set) var passes = 0
        /// Consecutive failed checks (counted while up).
        public internal(set) var failures = 0
        /// Consecutive errors of the forwards watched by ``ActiveHealthCheck/observe`` (HAProxy's
        /// `consecutive_errors`); not touched by the checks' own results.
        public internal(set) var observedErrors = 0
        /// HAProxy's `CHK_ST_FASTINTER`: set when the observed errors reached their limit, so the
        /// next wait is `fastinter` even at the top of the health; cleared once a wait is chosen.
        public internal(set) var forcesFastInterval = false
        /// Where the server's check task stands (``ActiveHealthCheck/CheckTask``).
        var task = CheckTask()

        /// A server as HAProxy starts it: up, on trial.
        public init() {}
    }

    /// What a check result did to the server.
    public enum Transition: Sendable, Equatable {
        /// The `fall`-th consecutive failure, or a failure while on trial: the server is down.
        case markedDown
        /// The `rise`-th consecutive pass: the server is up again.
        case markedUp
    }

    /// Applies one check result; returns the transition it caused, if any. A passed check also
    /// clears the forwards' observed errors, as `set_server_check_status` does on every pass
    /// ("clear consecutive_errors if observing is enabled"); the forced fast interval and the
    /// task are left as they are.
    public func record(passed: Bool, into state: inout State) -> Transition? {
        if passed { state.observedErrors = 0 }
        if state.isUp {
            guard !passed else {
                state.failures = 0
                state.onTrial = false
                return nil
            }
            state.failures += 1
            guard state.onTrial || state.failures >= fall else { return nil }
            state.set(isUp: false, passes: 0, failures: 0)
            return .markedDown
        }
        guard passed else {
            state.passes = 0
            return nil
        }
        state.passes += 1
        guard state.passes >= rise else { return nil }
        state.set(isUp: true, passes: 0, failures: 0)
        return .markedUp
    }

    // MARK: Intervals

    /// HAProxy's `check->health` for `state`: from 0 to `rise - 1` while down (the passes since
    /// its last failure), `rise` on trial, and `rise + fall - 1` (its top) less the failures since
    /// its last pass while up. ``State`` holds the same information as that counter.
    public func health(of state: State) -> Int {
        if !state.isUp { return state.passes }
        if state.onTrial { return rise }
        return rise + fall - 1 - state.failures
    }

    /// The delay from the end of a check that left the server in `state` to the start of its
    /// next one, before any jitter — HAProxy's `srv_getinter`: ``interval`` at the top of the
    /// health (fully up; this includes the trial when `fall` is 1, as `rise + fall - 1` is then
    /// `rise`) unless the observed errors force `fastinter` (``State/forcesFastInterval``),
    /// ``downInterval`` (or ``interval``) while down with health 0, and ``fastInterval`` (or
    /// ``interval``) otherwise: up after failures, down after passes, on trial, or forced.
    public func interval(after state: State) -> Duration {
        let health = health(of: state)
        if health == rise + fall - 1 && !state.forcesFastInterval { return interval }
        if !state.isUp && health == 0 { return downInterval ?? interval }
        return fastInterval ?? interval
    }

    /// `delay` with `spread-checks`' jitter, as `process_chk` and `start_check_task` compute it:
    /// `rv = delay × spread / 100; rv -= (int)(2 × rv × random)`, then `delay + rv` — uniform
    /// within ± `delay × spread / 100` (in nanoseconds here, where HAProxy counts milliseconds).
    /// Draws one number from `random` if ``spreadPercent`` is above 0, none otherwise.
    public func jittered(_ delay: Duration, random: inout SeededRandom) -> Duration {
        guard spreadPercent > 0 else { return delay }
        let spread = Int64(Int128(delay.nanoseconds) * Int128(spreadPercent) / 100)
        let offset = spread - Int64(2 * Double(spread) * random.nextUnitInterval())
        return .nanoseconds(delay.nanoseconds + offset)
    }
}

extension ActiveHealthCheck.State {
    /// Puts the server up or down, past any trial, with these counts; leaves what the forwards
    /// observed and the task as they are.
    mutating func set(isUp: Bool, passes: Int, failures: Int) {
        self.isUp = isUp
        onTrial = false
        self.passes = passes
        self.failures = failures
    }
}
