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
    /// The replica (set as it is made), until its `deinit` clears it.
    unowned(unsafe) var server: ServerReplica?
}
