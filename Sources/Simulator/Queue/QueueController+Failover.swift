/// The controller's own crash and restart. A crashed controller decides nothing: its checks of
/// the brokers stop (so it declares no live broker dead and takes no partition offline), and it
/// moves no group to another coordinator; brokers' calls to it fail, as to any crashed node.
/// Brokers keep leading what they led and copying to their in-sync followers meanwhile: the
/// metadata they read (leaders, epochs, in-sync sets) is durable, as Kafka's metadata log is. No
/// in-sync set changes: a leader's AlterPartition request gets no answer, so a leader whose
/// follower stops confirming keeps counting on it and its `acks=all` appends wait until the
/// controller is back (QueueBroker+AlterPartition.swift). Consumer groups are not the
/// controller's to keep: each is coordinated by a broker (QueueController+Coordinators.swift),
/// which goes on answering its members and evicting the silent ones while the controller is down.
///
/// On restart it recovers as a newly elected Kafka controller does (KRaft's active controller
/// gives every registered broker a session timeout from its election before fencing it): its
/// metadata is as it left it, and every broker gets a full session timeout from its return. A
/// broker that died while it was down is declared dead a session timeout after the restart, not
/// at once — and only then do the groups it coordinated move.
extension QueueController {
    /// Whether the controller's process runs: not while its node is crashed or booting. A paused
    /// one runs but is frozen: its checks wait for the resume (``Simulation/awaitResume(of:)``).
    var isRunning: Bool { node.state != .crashed && node.state != .starting }

    /// The node is up again after a restart: every broker gets a session timeout from now.
    func recover() {
        let now = simulation.now
        for index in lastHeard.indices { lastHeard[index] = now }
        simulation.trace.record(.custom, id.name, "recovered: \(brokers.count) brokers watched from now")
    }
}
