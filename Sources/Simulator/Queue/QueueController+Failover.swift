/// The controller's own crash and restart. A crashed controller decides nothing: its checks of
/// the brokers stop (so it declares no live broker dead and takes no partition offline), and as
/// group coordinator it evicts no member; clients' calls to it fail, as to any crashed node.
/// Brokers keep leading what they led and copying to their in-sync followers meanwhile: the
/// metadata they read (leaders, epochs, in-sync sets) is durable, as Kafka's metadata log is. No
/// in-sync set changes: a leader's AlterPartition request gets no answer, so a leader whose
/// follower stops confirming keeps counting on it and its `acks=all` appends wait until the
/// controller is back (QueueBroker+AlterPartition.swift).
///
/// On restart it recovers as a newly elected Kafka controller does (KRaft's active controller
/// gives every registered broker a session timeout from its election before fencing it; a group
/// coordinator that loads a group schedules every member's expiry from the load): its metadata,
/// groups and committed offsets are as it left them, and every broker and every member gets a
/// full session timeout from its return. A broker that died while it was down is declared dead
/// a session timeout after the restart, not at once.
extension QueueController {
    /// Whether the controller's process runs: not while its node is crashed or booting. (A paused
    /// node keeps its timers, as a paused broker does.)
    var isRunning: Bool { node.state != .crashed && node.state != .starting }

    /// The node is up again after a restart: every broker and every group member gets a session
    /// timeout from now, groups in name order and members in name order (the trace is the same
    /// at every run).
    func recover() {
        let now = simulation.now
        for index in lastHeard.indices { lastHeard[index] = now }
        for name in groups.keys.sorted() {
            for member in groups[name]!.members.keys.sorted() {
                groups[name]!.members[member]!.lastSeen = now
                watchSession(of: member, in: name, session: groups[name]!.members[member]!.session, lastSeen: now)
            }
        }
        simulation.trace.record(.custom, id.name, "recovered: \(brokers.count) brokers and \(groups.count) groups watched from now")
    }
}
