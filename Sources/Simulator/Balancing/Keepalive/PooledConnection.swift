/// One balancer→server connection: set up once, then carrying requests one at a time until it is
/// closed. `@unchecked Sendable`: touched only on the simulation thread (it travels in a setup's
/// handler, which runs there too).
public final class PooledConnection: SteppedWork, @unchecked Sendable {
    /// Entries that name it (see ``SteppedWork``).
    @exclusivity(unchecked) var wakeUps: UInt32 = 0
    /// Its number among the balancer's connections, in setup order.
    public let number: Int
    /// The server it goes to (the balancer's member id and hostname).
    public let serverID: Int
    public let hostname: String
    /// The worker whose cache it belongs to.
    public let worker: Int
    /// The server node's incarnation when it accepted the connection: after a crash or restart
    /// the server's new process knows nothing of it.
    var incarnation: UInt64 = 0
    /// Whether the server accepted it and it is not closed yet.
    public internal(set) var isOpen = false
    /// Requests it carried.
    public internal(set) var served = 0
    /// Its idle timeout while it waits in the cache.
    var idleTimer = TimerHandle.none
    /// The pools it belongs to (they outlive every connection they hold).
    unowned let pools: ConnectionPools

    init(number: Int, serverID: Int, hostname: String, worker: Int, pools: ConnectionPools) {
        self.number = number
        self.serverID = serverID
        self.hostname = hostname
        self.worker = worker
        self.pools = pools
    }

    /// Its `keepalive_timeout` is due: it has been idle that long.
    func timerFired(_ code: UInt8) {
        pools.expire(self)
    }
}
