/// nginx's passive health check, `server … max_fails=N fail_timeout=T`, exactly as
/// `ngx_http_upstream_round_robin.c` implements it.
///
/// A failed forward increments the server's `fails` and stamps `accessed` and `checked` with the
/// current time. While `fails ≥ maxFails` and no more than `failTimeout` has passed since
/// `checked`, the server is unavailable. Once more than `failTimeout` has passed it is available
/// again for one probe: picking any server more than `failTimeout` after its `checked` moves
/// `checked` to now, which keeps a failed server unavailable to other requests while its probe is
/// in flight. A success clears `fails` only if a check happened after the last failure
/// (`accessed < checked`), so a success right after a failure does not erase it: failures are
/// forgotten only after a quiet `failTimeout`. A failed probe makes the server unavailable for
/// another `failTimeout`.
///
/// **Whole seconds.** nginx reads the clock for all of this with `ngx_time()`, the cached clock's
/// whole seconds, keeps `accessed` and `checked` in whole seconds, and reads `fail_timeout` with
/// `ngx_parse_time(&s, 1)`, which only knows seconds. So does this type: an instant counts as
/// ``second(of:)``, the whole seconds since the start of the run (nginx's epoch seconds with the
/// run starting on a second). A server that fails at 10.0 s or at 10.9 s with `fail_timeout=10s`
/// is in second 10 either way, and is first available again in second 21 (21 − 10 > 10): at
/// 21.0 s, not 20.0 s or 20.9 s.
///
/// `maxFails = 0` disables the accounting (the server is never marked unavailable). The balancer
/// applies none of this to a lone server (one primary, no backup: nginx's `peers->single`), which
/// nginx never considers unavailable (``LoadBalancer/isSinglePeer``).
public struct PassiveHealth: Sendable, Equatable {
    /// Failures that make a server unavailable (`max_fails`); 0 disables it.
    public var maxFails: Int
    /// How long a server stays unavailable, and the window failures are counted in
    /// (`fail_timeout`): a whole number of seconds, at least one.
    public var failTimeout: Duration {
        didSet { failTimeoutSeconds = Self.wholeSeconds(of: failTimeout) }
    }
    /// ``failTimeout`` in whole seconds, as nginx's `peer->fail_timeout` holds it: kept beside it,
    /// because every pick compares with it, and a `fail_timeout` of 10 s or more (9.2 s of
    /// attoseconds overflow 64 bits) made each conversion a 128-bit division, one a candidate.
    private(set) var failTimeoutSeconds: Int64

    /// nginx's defaults: `max_fails=1 fail_timeout=10s`.
    public static let nginxDefault = PassiveHealth(maxFails: 1, failTimeout: .seconds(10))

    /// Passive checking with `max_fails` = `maxFails` and `fail_timeout` = `failTimeout`, which
    /// must be a whole number of seconds, at least one (see ``isWholeSeconds(_:)``).
    public init(maxFails: Int, failTimeout: Duration) {
        precondition(maxFails >= 0, "max_fails must not be negative")
        precondition(failTimeout >= .seconds(1) && Self.isWholeSeconds(failTimeout),
                     "fail_timeout must be a whole number of seconds, at least 1: nginx counts it in seconds")
        self.maxFails = maxFails
        self.failTimeout = failTimeout
        failTimeoutSeconds = Self.wholeSeconds(of: failTimeout)
    }

    /// `duration` in whole seconds.
    private static func wholeSeconds(of duration: Duration) -> Int64 { duration.nanoseconds / 1_000_000_000 }

    /// Whether `duration` is a whole number of seconds, as nginx's `fail_timeout` must be:
    /// `ngx_http_upstream_server` parses it with `ngx_parse_time(&s, 1)`, which refuses
    /// milliseconds, and compares it with the whole seconds of `ngx_time()`.
    public static func isWholeSeconds(_ duration: Duration) -> Bool {
        duration.nanoseconds % 1_000_000_000 == 0
    }

    /// The whole seconds since the start of the run at `instant`: what nginx's `ngx_time()`
    /// reads then. (Instants are never before the start, so truncating is flooring.)
    @inline(__always)
    public static func second(of instant: VirtualInstant) -> Int64 {
        instant.nanoseconds / 1_000_000_000
    }

    /// One server's accounting, its instants in whole seconds as nginx's `ngx_http_upstream_rr_peer_t`
    /// keeps them.
    public struct State: Sendable, Equatable {
        /// Failures since they were last cleared.
        public internal(set) var fails = 0
        /// The second of the last failure (``PassiveHealth/second(of:)``).
        public internal(set) var accessed: Int64 = 0
        /// The second the server was last checked: its last failure, or its last pick more than
        /// `failTimeout` after the previous check.
        public internal(set) var checked: Int64 = 0
        /// Whether the server's probe (its first pick after `failTimeout`) is in flight.
        public internal(set) var probing = false

        /// A server with no failures.
        public init() {}
    }

    /// What a pick or an outcome did to a server's availability.
    public enum Transition: Sendable, Equatable {
        /// The failure that reached `maxFails`, or a failed probe: unavailable for `failTimeout`.
        case markedDown
        /// A pick after `failTimeout` of a server that had reached `maxFails`: its probe.
        case probe
        /// A success that cleared a server that had reached `maxFails`.
        case markedUp
    }

    /// Whether the server may be picked at `now` (`ngx_http_upstream_get_peer` skips it while
    /// `now - peer->checked <= peer->fail_timeout`).
    public func isAvailable(_ state: State, at now: VirtualInstant) -> Bool {
        maxFails == 0 || state.fails < maxFails || Self.second(of: now) - state.checked > failTimeoutSeconds
    }

    /// The server was picked at `now`; returns `.probe` when this pick is a failed server's probe.
    public func picked(_ state: inout State, at now: VirtualInstant) -> Transition? {
        let second = Self.second(of: now)
        guard second - state.checked > failTimeoutSeconds else { return nil }
        state.checked = second
        guard maxFails > 0 && state.fails >= maxFails else { return nil }
        state.probing = true
        return .probe
    }

    /// A forward to the server failed at `now`; returns `.markedDown` when this failure made it
    /// unavailable: the one that reached `maxFails`, or its probe's. (Failures of forwards that
    /// were already in flight when it went down keep it down without being news.)
    public func failed(_ state: inout State, at now: VirtualInstant) -> Transition? {
        let second = Self.second(of: now)
        state.fails += 1
        state.accessed = second
        state.checked = second
        defer { state.probing = false }
        return maxFails > 0 && (state.fails == maxFails || state.probing) ? .markedDown : nil
    }

    /// A forward to the server succeeded; returns `.markedUp` when that cleared a server that had
    /// been unavailable. A check in the same second as the last failure is no check after it
    /// (`accessed < checked` compares seconds).
    public func succeeded(_ state: inout State) -> Transition? {
        state.probing = false
        guard state.accessed < state.checked else { return nil }
        let wasDown = maxFails > 0 && state.fails >= maxFails
        state.fails = 0
        return wasDown ? .markedUp : nil
    }
}
