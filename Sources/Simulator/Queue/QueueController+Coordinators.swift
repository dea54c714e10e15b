/// Which broker coordinates each consumer group, as in Kafka: the leader of the group's partition
/// of the offsets topic (`__consumer_offsets`), which consumers find with `FindCoordinator`.
///
/// The offsets topic is modelled, not placed: a group's partition has its preferred replica on
/// the broker at position `FNV-1a(group name) mod brokers` in broker-number order (Kafka's
/// `abs(groupId.hashCode) % offsets.topic.num.partitions`, with one offsets partition per broker),
/// and its other replicas on the next brokers in number order, wrapping round — as many copies as
/// the world's topics have (`replication`, capped by the brokers). The group's coordinator is the
/// first of those replicas the controller's metadata considers alive; none alive, the group has no
/// coordinator (COORDINATOR_NOT_AVAILABLE) until one returns. Consumers read that metadata
/// directly (their `FindCoordinator`, with no stale cache), so they call whichever broker
/// coordinates their group at the instant they call.
///
/// The group's state — members, generation, assignment, committed offsets — stays in
/// ``QueueController/groups``: it models the replicated offsets topic, which survives any broker.
/// What moves with the coordinator is who answers the group's calls and whose process must run
/// for members to be evicted. When the controller declares the coordinator dead, or a dead
/// replica earlier in the order returns, the group moves at that instant; the new coordinator
/// loads the group (Kafka's `GroupMetadataManager.loadGroupsForPartition`), and every member gets
/// a full session timeout from the load, as Kafka schedules each loaded member's expiry from it.
/// A coordinator whose node restarts before the controller notices loads its groups again on
/// its return, the same way. A crashed controller moves no group: its metadata is frozen, as it
/// is for partition leaders.
extension QueueController {
    /// The brokers holding a replica of `group`'s offsets partition, preferred one first: the
    /// broker at `FNV-1a(group) mod brokers` in number order, then the next ones in number order,
    /// `replication` in all.
    public func offsetsReplicas(of group: String) -> [Int] {
        offsetsReplicaIndices(of: group).map { brokers[$0].number }
    }

    /// The broker coordinating `group` as the controller's metadata says now: the first replica of
    /// its offsets partition considered alive; nil when none is.
    ///
    /// - Complexity: O(n + r) for a group name of n bytes and r replicas, without allocating: it
    ///   is asked at every call a consumer makes to its coordinator.
    public func coordinator(of group: String) -> Int? {
        let count = brokers.count
        guard count > 0 else { return nil }
        let preferred = Int(StableHash.fnv1a64(group) % UInt64(count))
        for copy in 0..<offsetsCopies where alive[(preferred + copy) % count] { return brokers[(preferred + copy) % count].number }
        return nil
    }

    /// Copies of each offsets partition: the topics' replication, capped by the brokers.
    private var offsetsCopies: Int { min(max(configuration.replication, 1), brokers.count) }

    /// The positions in ``brokers`` of `group`'s offsets replicas, preferred one first.
    private func offsetsReplicaIndices(of group: String) -> [Int] {
        let count = brokers.count
        guard count > 0 else { return [] }
        let preferred = Int(StableHash.fnv1a64(group) % UInt64(count))
        return (0..<offsetsCopies).map { (preferred + $0) % count }
    }

    /// Runs `body` on `group`'s coordinator across the network from `source`: the consumer looks
    /// the coordinator up in the controller's metadata and calls that broker's node, so a crashed,
    /// paused or cut-off coordinator answers as any such node does. A group with no coordinator
    /// fails at once (COORDINATOR_NOT_AVAILABLE); a call reaching a broker that no longer
    /// coordinates the group is refused (NOT_COORDINATOR). Either way the consumer's next call
    /// looks again.
    func callCoordinator<Answer: Sendable>(group: String, from source: NodeID, timeout: Duration,
                                           _ body: @escaping @Sendable () throws(QueueError) -> Answer) async -> Result<Answer, QueueError> {
        guard let number = coordinator(of: group), let broker = broker(number) else { return .failure(.coordinatorNotAvailable(group: group)) }
        let outcome = await network.callAsProcess(from: source, to: broker.id, timeout: timeout) { [self] () -> Result<Answer, QueueError> in
            guard coordinator(of: group) == number else { return .failure(.notCoordinator(group: group)) }
            do throws(QueueError) { return .success(try body()) } catch { return .failure(error) }
        }
        switch outcome {
        case .success(let answer): return answer
        case .failure(let error): return .failure(.network(error))
        }
    }

    /// Whether the process of broker `number` runs: not while its node is crashed or booting. A
    /// paused one runs but is frozen: its session checks wait for its resume (``checkSession``).
    func brokerRuns(_ number: Int) -> Bool {
        guard let broker = broker(number), let node = network.node(broker.id) else { return false }
        return node.state != .crashed && node.state != .starting
    }

    /// The name the coordinator of `group` writes in the trace under: its broker's node, or the
    /// controller's for a group no broker coordinates.
    func coordinatorName(_ group: GroupState) -> String {
        group.coordinator.flatMap { broker($0) }?.id.name ?? id.name
    }

    /// The controller's view of the brokers changed (a broker declared dead or back): every group
    /// whose coordinator is another broker now moves to it and is loaded there, groups in name
    /// order; a group left with no live replica has no coordinator until one returns.
    func moveCoordinators() {
        for name in groups.keys.sorted() {
            let coordinator = coordinator(of: name)
            guard coordinator != groups[name]!.coordinator else { continue }
            let from = coordinatorName(groups[name]!)
            groups[name]!.coordinator = coordinator
            if coordinator != nil {
                load(name, because: "moved from \(from)")
            } else {
                groups[name]!.loads += 1
                simulation.trace.record(.custom, id.name, "no coordinator for \(name)")
            }
        }
    }

    /// Broker `number`'s node is up again after a restart: it loads again every group it
    /// coordinates, groups in name order (its process, and the expiry timers in it, were gone).
    func coordinatorRestarted(_ number: Int) {
        for name in groups.keys.sorted() where groups[name]!.coordinator == number {
            load(name, because: "restarted")
        }
    }

    /// The coordinator of `name` loads it from the offsets topic: every member, in name order,
    /// gets a full session timeout from now, and expiry checks scheduled before are dropped.
    private func load(_ name: String, because reason: String) {
        let now = simulation.now
        groups[name]!.loads += 1
        for member in groups[name]!.members.keys.sorted() {
            groups[name]!.members[member]!.lastSeen = now
            watchSession(of: member, in: name, session: groups[name]!.members[member]!.session, lastSeen: now, loads: groups[name]!.loads)
        }
        let group = groups[name]!
        simulation.trace.record(.custom, coordinatorName(group), "loaded \(name) (\(reason)): \(group.members.count) members watched from now")
    }
}
