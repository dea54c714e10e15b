/// HAProxy's health adjusting from real traffic: a server with `observe layer4|layer7` has the
/// outcome of every forward to it counted by its health check (`__health_adjust` in HAProxy's
/// `src/check.c`). An error adds one to the server's consecutive errors, a good outcome sets them
/// back to 0, and an outcome the layer does not judge leaves them. At `error-limit` consecutive
/// errors the check is told, by `on-error`:
///
/// - `fastinter`: the next check comes at `fastinter` (HAProxy's `CHK_ST_FASTINTER`, which every
///   mode sets), nothing else;
/// - `fail-check` (HAProxy's default): as one failed check (`set_server_check_status(…,
///   HCHK_STATUS_HANA, …)` then `check_notify_failure`);
/// - `sudden-death`: the health set to `rise + 1` if it is above, then a failed check — so one
///   more failed check takes the server down;
/// - `mark-down`: the health set to `rise`, then a failed check — down at once.
///
/// The count then starts again from 0. With `fastinter` set, HAProxy wakes the check task
/// (`task_wakeup(…, TASK_WOKEN_MSG)`): if no check is in flight and now + `srv_getinter` is no
/// later than the next check's instant, `process_chk` moves the next check there ("health-check
/// was advanced", with `spread-checks`' jitter); if a check is in flight and the mode failed it,
/// that check ends now with the failure and the next is an interval later. Without `fastinter`
/// nothing is woken: a check in flight runs to its end, where its own answer counts for nothing.
/// The balancer does this part (``LoadBalancer/observeForHealthCheck(_:at:)``).
extension ActiveHealthCheck {
    /// HAProxy's `observe`, `error-limit` and `on-error` of one server line, for every server of
    /// the balancer.
    public struct Observation: Sendable, Equatable {
        /// What is watched (`observe layer4|layer7`).
        public var layer: ObservedLayer
        /// Consecutive errors that trigger ``onError`` (`error-limit`, HAProxy's default 10).
        public var errorLimit: Int
        /// What the limit does (`on-error`, HAProxy's default `fail-check`, `DEF_HANA_ONERR`).
        public var onError: ErrorAction

        /// HAProxy's defaults (`DEF_HANA_ERRLIMIT` 10, `DEF_HANA_ONERR` `fail-check`).
        public init(layer: ObservedLayer, errorLimit: Int = 10, onError: ErrorAction = .failCheck) {
            precondition(errorLimit >= 1, "error-limit has to be > 0")
            self.layer = layer
            self.errorLimit = errorLimit
            self.onError = onError
        }
    }

    /// HAProxy's `observe` modes (`HANA_OBS_LAYER4`, `HANA_OBS_LAYER7`).
    public enum ObservedLayer: String, Sendable, Equatable, CaseIterable {
        /// Only whether the connection was made: any answer is good, no answer an error.
        case layer4
        /// The answer: a status from 100 to 499, 501 or 505 is good, any other an error; no
        /// answer (a connect error, a refusal, a timeout) is an error.
        case layer7
    }

    /// HAProxy's `on-error` modes (`HANA_ONERR_*`), spelled as the scenario language does.
    public enum ErrorAction: String, Sendable, Equatable, CaseIterable {
        /// `fastinter`: force the fast interval for the next check.
        case fastInterval = "fastinter"
        /// `fail-check`: one failed check.
        case failCheck = "fail_check"
        /// `sudden-death`: a failed check that leaves the server one failure from down.
        case suddenDeath = "sudden_death"
        /// `mark-down`: down at once.
        case markDown = "mark_down"
    }

    /// What a forward's outcome says about its server at `layer`, as HAProxy's `analyze_statuses`
    /// table (`src/check.c`) reads the statuses the stream reports: true for good, false for an
    /// error, nil when the layer does not judge it.
    ///
    /// - An answer: layer 4 counts the connection made (`HANA_STATUS_L4_OK` from `stream.c`,
    ///   good); layer 7 ignores that and reads the status as `http_wait_for_response` does
    ///   (`src/http_ana.c`): `HANA_STATUS_HTTP_OK` for 100–499, 501 and 505 ("triggered on demand
    ///   by client request"), `HANA_STATUS_HTTP_STS` (an error) for any other.
    /// - A refused or unreachable connection: `HANA_STATUS_L4_ERR` (`backend.c`), an error at both
    ///   layers.
    /// - A timeout: an error at both layers. Without connection pools Orrery's forward is one
    ///   exchange with no connection made apart, so a timeout is read as HAProxy's connect timeout
    ///   (`HANA_STATUS_L4_ERR`); at layer 7 a read timeout (`HANA_STATUS_HTTP_READ_TIMEOUT`) is an
    ///   error as well. (HAProxy at layer 4 would count a server that accepted the connection and
    ///   then timed out as good; Orrery cannot tell that one apart.)
    public static func judges(_ outcome: ForwardOutcome, at layer: ObservedLayer) -> Bool? {
        switch (outcome, layer) {
        case (.answered, .layer4): return true
        case (.answered(let status), .layer7): return status >= 100 && (status < 500 || status == 501 || status == 505)
        case (.failed, _): return false
        }
    }

    /// What reaching the error limit did.
    public struct ErrorLimitReached: Sendable, Equatable {
        /// The server went down (by `fail_check`, `sudden_death` or `mark_down`).
        public var transition: Transition?
        /// The mode failed a check (every mode but `fastinter`): a check in flight is failed too.
        public var failedCheck: Bool
    }

    /// Counts one forward's `outcome` against the server whose check history is `state`
    /// (`__health_adjust`); returns what the error limit did if this outcome reached it, nil
    /// otherwise (and nil when nothing is observed). Sets ``State/forcesFastInterval`` at the
    /// limit; a check in flight that the mode fails is marked so (``CheckTask/probeFailed``).
    public func observe(_ outcome: ForwardOutcome, into state: inout State) -> ErrorLimitReached? {
        guard let observe, let good = Self.judges(outcome, at: observe.layer) else { return nil }
        guard !good else {
            state.observedErrors = 0
            return nil
        }
        state.observedErrors += 1
        guard state.observedErrors >= observe.errorLimit else { return nil }
        state.forcesFastInterval = true
        var reached = ErrorLimitReached(transition: nil, failedCheck: observe.onError != .fastInterval)
        if reached.failedCheck {
            reached.transition = failCheck(by: observe.onError, into: &state)
            if state.task.probing { state.task.probeFailed = true }
        }
        state.observedErrors = 0
        return reached
    }

    /// One failed check from the observed errors, on HAProxy's health counter
    /// (``health(of:)``): `sudden_death` first lowers a health above `rise + 1` to it,
    /// `mark_down` sets it to `rise`; then `set_server_check_status` lowers a health above 0 by
    /// one, to 0 once below `rise` — the server is down, and `check_notify_failure` marks it so if
    /// it was up.
    private func failCheck(by action: ErrorAction, into state: inout State) -> Transition? {
        var health = health(of: state)
        switch action {
        case .suddenDeath: if health > rise { health = rise + 1 }
        case .markDown: health = rise
        case .failCheck, .fastInterval: break
        }
        if health > 0 {
            health -= 1
            if health < rise { health = 0 }
        }
        let wasUp = state.isUp
        if health < rise {
            state.set(isUp: false, passes: health, failures: 0)
        } else {
            state.set(isUp: true, passes: 0, failures: rise + fall - 1 - health)
        }
        return wasUp && !state.isUp ? .markedDown : nil
    }
}
