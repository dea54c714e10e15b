/// How a server replica's calls and its crash observer reach it without keeping it alive: a weak
/// reference made by hand, which the replica clears as it is freed.
///
/// A call must not keep its replica alive (a replica's queue holds its calls: a cycle), and a
/// replica removed from a balancer can be freed while a call it took is still in service, whose
/// timer then comes due. Swift's `weak` would do, but an object that is weakly referenced gets a
/// side table, and every retain and release of it then takes the runtime's slow path; `unowned`
/// costs an atomic count per copy and traps once the replica is gone. The link is an ordinary
/// object: its users retain it cheaply, and read `nil` once the replica has been freed.
///
/// `@unchecked Sendable`: touched only on the simulation thread (and by the replica's `deinit`,
/// which runs where its last reference is dropped: on that thread, or after the world is done).
final class ServerLink: @unchecked Sendable {
    /// The replica (set as it is made), until its `deinit` clears it; not counted.
    private var replica: Unmanaged<ServerReplica>?

    /// The replica, until it is freed.
    var server: ServerReplica? {
        get { replica?.takeUnretainedValue() }
        set { replica = newValue.map { Unmanaged.passUnretained($0) } }
    }

    /// Runs `body` with the replica, lent rather than retained (reading ``server`` retains it
    /// for as long as the caller holds it: at every step of every request); returns false, and
    /// runs nothing, once the replica is freed. Lending is safe because a replica is freed only
    /// when its balancer or world drops it, which no step of serving a request does.
    @inline(__always)
    func withServer(_ body: (ServerReplica) -> Void) -> Bool {
        guard let replica else { return false }
        replica._withUnsafeGuaranteedRef(body)
        return true
    }
}
