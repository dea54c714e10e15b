/// nginx's passive health check, `server … max_fails=N fail_timeout=T`, exactly as
/// `ngx_http_upstream_round_robin.c` implements it.
///
/// A failed forward increments the server's `fails` and stamps `accessed` and `checked` with the
/// current time. While `fails ≥ maxFails` and less than `failTimeout` has passed since `checked`,
/// the server is unavailable. Once `failTimeout` has passed it is available again for one probe:
/// picking any server more than `failTimeout` after its `checked` moves `checked` to now, which
/// keeps a failed server unavailable to other requests while its probe is in flight. A success
/// clears `fails` only if a check happened after the last failure (`accessed < checked`), so a
/// success right after a failure does not erase it: failures are forgotten only after a quiet
/// `failTimeout`. A failed probe makes the server unavailable for another `failTimeout`.
///
/// `maxFails = 0` disables the accounting (the server is never marked unavailable). The balancer
/// applies none of this to a lone server (one primary, no backup: nginx's `peers->single`), which
/// nginx never considers unavailable (``LoadBalancer/isSinglePeer``).
public struct PassiveHealth: Sendable, Equatable {
    /// Failures that make a server unavailable (`max_fails`); 0 disables it.
    public var maxFails: Int
    /// How long a server stays unavailable, and the window failures are counted in (`fail_timeout`).
    public var failTimeout: Duration

    /// nginx's defaults: `max_fails=1 fail_timeout=10s`.
    public static let nginxDefault = PassiveHealth(maxFails: 1, failTimeout: .seconds(10))

    /// Passive checking with `max_fails` = `maxFails` and `fail_timeout` = `failTimeout`.
    public init(maxFails: Int, failTimeout: Duration) {
        precondition(maxFails >= 0, "max_fails must not be negative")
        self.maxFails = maxFails
        self.failTimeout = failTimeout
    }

    /// One server's accounting.
    public struct State: Sendable, Equatable {
        /// Failures since they were last cleared.
        public internal(set) var fails = 0
        /// When the last failure happened.
        public internal(set) var accessed = VirtualInstant.zero
        /// When the server was last checked: its last failure, or its last pick more than
        /// `failTimeout` after the previous check.
        public internal(set) var checked = VirtualInstant.zero
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

    /// Whether the server may be picked at `now`.
    public func isAvailable(_ state: State, at now: VirtualInstant) -> Bool {
        maxFails == 0 || state.fails < maxFails || state.checked.duration(to: now) > failTimeout
    }

    /// The server was picked at `now`; returns `.probe` when this pick is a failed server's probe.
    public func picked(_ state: inout State, at now: VirtualInstant) -> Transition? {
        guard state.checked.duration(to: now) > failTimeout else { return nil }
        state.checked = now
        guard maxFails > 0 && state.fails >= maxFails else { return nil }
        state.probing = true
        return .probe
    }

    /// A forward to the server failed at `now`; returns `.markedDown` when this failure made it
    /// unavailable: the one that reached `maxFails`, or its probe's. (Failures of forwards that
    /// were already in flight when it went down keep it down without being news.)
    public func failed(_ state: inout State, at now: VirtualInstant) -> Transition? {
        state.fails += 1
        state.accessed = now
        state.checked = now
        defer { state.probing = false }
        return maxFails > 0 && (state.fails == maxFails || state.probing) ? .markedDown : nil
    }

    /// A forward to the server succeeded; returns `.markedUp` when that cleared a server that had
    /// been unavailable.
    public func succeeded(_ state: inout State) -> Transition? {
        state.probing = false
        guard state.accessed < state.checked else { return nil }
        let wasDown = maxFails > 0 && state.fails >= maxFails
        state.fails = 0
        return wasDown ? .markedUp : nil
    }
}
