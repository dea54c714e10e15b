import OrderedCollections

/// What the connection pools of a balancer did. `@unchecked Sendable`: written only on the
/// simulation thread, read after the run.
public final class ConnectionStats: @unchecked Sendable {
    /// Setups started (each costs the setup round trips).
    public internal(set) var setups = 0
    /// Setups that failed: a network error, or refused by the server's connection limit.
    public internal(set) var failedSetups = 0
    /// Forwards that went over an idle pooled connection, with no setup.
    public internal(set) var reuses = 0
    /// Closes by reason, indexed by ``ConnectionCloseReason/rawValue``.
    public internal(set) var closes = [Int](repeating: 0, count: ConnectionCloseReason.allCases.count)
    /// Virtual time spent in setups that completed, summed.
    public internal(set) var setupTime = Duration.zero
    /// Failed forwards over a cached connection retried without spending a try (nginx's rule).
    public internal(set) var freeRetries = 0
    /// Connections open (in use, idle or being set up) and idle right now, and their peaks.
    public internal(set) var open = 0
    public internal(set) var idle = 0
    public internal(set) var peakOpen = 0
    public internal(set) var peakIdle = 0
    /// The same per server, by hostname in the order of their first setup.
    public internal(set) var servers = OrderedDictionary<String, ServerConnectionStats>()

    public init() {}

    /// Closes for `reason`.
    public func closes(_ reason: ConnectionCloseReason) -> Int { closes[reason.rawValue] }

    /// Setups that completed.
    public var completedSetups: Int { setups - failedSetups }

    /// The figures of the server `hostname`, created on first use.
    func server(_ hostname: String) -> ServerConnectionStats {
        if let existing = servers[hostname] { return existing }
        let made = ServerConnectionStats()
        servers[hostname] = made
        return made
    }
}

/// What the pools did with one server. `@unchecked Sendable`: simulation thread only.
public final class ServerConnectionStats: @unchecked Sendable {
    /// Setups started to it, failed ones included.
    public internal(set) var setups = 0
    /// Forwards to it over a pooled connection.
    public internal(set) var reuses = 0
    /// Closes by reason, indexed by ``ConnectionCloseReason/rawValue``.
    public internal(set) var closes = [Int](repeating: 0, count: ConnectionCloseReason.allCases.count)
    /// Connections to it open now, and at most.
    public internal(set) var open = 0
    public internal(set) var peakOpen = 0

    /// Closes for `reason`.
    public func closes(_ reason: ConnectionCloseReason) -> Int { closes[reason.rawValue] }
}
