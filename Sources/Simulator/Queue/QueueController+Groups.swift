/// The group coordinator, with Kafka's eager rebalance protocol. The groups' state is kept here,
/// by the controller, standing for the replicated offsets topic that survives any broker; each
/// group is answered by its coordinator broker (QueueController+Coordinators.swift), whose
/// process must run for its members to be evicted. Members join it to learn which partitions they
/// own, and stay in their group by heartbeating it (``heartbeat(group:member:generation:)``, from
/// a loop of their own: KIP-62); it evicts a member that has sent nothing for a session timeout,
/// and a member whose polls stopped for its `max.poll.interval` leaves. A change of membership does not hand partitions over at once: the
/// group first prepares a rebalance (Kafka's `PreparingRebalance`), which heartbeats tell the
/// members of; every member, at its next poll, commits what it has consumed and revokes all its
/// partitions (the consumer's `onJoinPrepare`), then joins again holding nothing (its `JoinGroup`). Once every member has
/// rejoined, the new generation starts with a fresh assignment, each partition from its committed
/// offset (`SyncGroup`). So no two members read one partition in one generation, and a rebalance
/// without a failure redelivers nothing; what a crashed member had not committed is redelivered.
///
/// Commits from an older generation, for a partition the member no longer owns, or from a member
/// evicted for silence (while the rebalance its eviction started is prepared), are refused.
extension QueueController {
    struct GroupState {
        /// The broker coordinating the group, which loaded it last (nil: no live replica of its
        /// offsets partition).
        var coordinator: Int?
        /// Bumped at every load by a coordinator (and when the group is left without one): an
        /// expiry check scheduled by an earlier load finds another number and does nothing.
        var loads = 0
        var members: [String: Member] = [:]
        /// Numbers each member's session: a session watch left from a member since evicted (or
        /// gone and back) finds another number and does nothing.
        var sessions = 0
        var generation = 0
        var owners: [TopicPartition: String] = [:]
        /// The same assignment by member, each member's partitions sorted: what a poll answers,
        /// where filtering ``owners`` at every poll cost every member's poll the whole group's.
        var assignment: [String: [TopicPartition]] = [:]
        var committed: [TopicPartition: Int] = [:]
        /// Whether a rebalance is being prepared: the current generation's owners still own (and
        /// may commit) their partitions, but no member is told what it owns until all have rejoined.
        var isPreparingRebalance = false
    }

    struct Member {
        var subscriptions: [TopicPartition]
        /// When its last heartbeat, join or commit reached the coordinator.
        var lastSeen: VirtualInstant
        var session: Int
        /// Whether it has rejoined the rebalance being prepared, holding no partition.
        var hasRejoined = false
    }

    /// What a poll tells a member.
    public struct GroupView: Sendable, Equatable {
        public let generation: Int
        /// The partitions it owns, sorted, with the group's committed offset of each; empty while
        /// a rebalance is prepared.
        public let owned: [(partition: TopicPartition, committed: Int)]
        /// Whether the group is preparing a rebalance: a member holding partitions commits and
        /// revokes them, then polls again holding none.
        public let isRebalancing: Bool

        public static func == (lhs: GroupView, rhs: GroupView) -> Bool {
            lhs.generation == rhs.generation && lhs.owned.map(\.partition) == rhs.owned.map(\.partition)
                && lhs.owned.map(\.committed) == rhs.owned.map(\.committed) && lhs.isRebalancing == rhs.isRebalancing
        }
    }

    /// `member` of `group`, subscribed to `subscriptions`, joins or rejoins it (its consumer polls
    /// the coordinator when it holds no generation or a heartbeat said to rejoin); `holding` is
    /// whether it still reads partitions it was assigned (false once it has revoked them, or after
    /// a restart).
    func poll(group name: String, member: String, subscriptions: [TopicPartition], holding: Bool) -> GroupView {
        // In place: a copy taken out and stored back copied the group's tables at every poll.
        poll(&groups[name, default: GroupState(coordinator: coordinator(of: name))], name, member: member, subscriptions: subscriptions, holding: holding)
    }

    private func poll(_ group: inout GroupState, _ name: String, member: String, subscriptions: [TopicPartition], holding: Bool) -> GroupView {
        let now = simulation.now
        let known = group.members[member]
        let changed = known?.subscriptions != subscriptions
        let session: Int
        if let known {
            session = known.session
        } else {
            group.sessions += 1
            session = group.sessions
            watchSession(of: member, in: name, session: session, lastSeen: now, loads: group.loads)
        }
        group.members[member] = Member(subscriptions: subscriptions, lastSeen: now, session: session, hasRejoined: known?.hasRejoined ?? false)
        if changed && !group.isPreparingRebalance { prepareRebalance(&group, name) }
        if group.isPreparingRebalance {
            if !holding { group.members[member]!.hasRejoined = true }
            // Whether all have rejoined does not depend on the order they are looked at in.
            guard group.members.values.allSatisfy(\.hasRejoined) else {
                return GroupView(generation: group.generation, owned: [], isRebalancing: true)
            }
            completeRebalance(&group, name)
        }
        let owned = group.assignment[member] ?? []
        return GroupView(generation: group.generation, owned: owned.map { ($0, group.committed[$0] ?? 0) }, isRebalancing: false)
    }

    /// Membership changed: every member must revoke its partitions and rejoin before the next
    /// generation is assigned (an evicted member's partitions wait, uncommitted, for it).
    func prepareRebalance(_ group: inout GroupState, _ name: String) {
        group.isPreparingRebalance = true
        for member in group.members.keys.sorted() { group.members[member]!.hasRejoined = false }
        simulation.trace.record(.custom, coordinatorName(group), "prepare rebalance \(name) after generation \(group.generation)")
    }

    /// Every member has rejoined: the next generation, each subscribed partition, in order, to the
    /// next of the members subscribed to it.
    ///
    /// - Complexity: O(s log s) for s subscriptions over all members: each partition's subscribers
    ///   are gathered in one pass, where asking every member's list about every partition cost
    ///   O(p · s) — 100,000 partitions read by one consumer took 23 s.
    private func completeRebalance(_ group: inout GroupState, _ name: String) {
        group.isPreparingRebalance = false
        group.generation += 1
        group.owners = [:]
        group.assignment = [:]
        // Members in name order, so each partition's subscribers are too (the dictionary is
        // only looked up, its order never read).
        var subscribers: [TopicPartition: [String]] = [:]
        for member in group.members.keys.sorted() {
            for partition in group.members[member]!.subscriptions where subscribers[partition]?.last != member {
                subscribers[partition, default: []].append(member)
            }
        }
        var turn = 0
        for partition in subscribers.keys.sorted() {
            let eligible = subscribers[partition]!
            let owner = eligible[turn % eligible.count]
            group.owners[partition] = owner
            group.assignment[owner, default: []].append(partition)
            turn += 1
        }
        simulation.trace.record(.custom, coordinatorName(group), "rebalance \(name) generation \(group.generation)")
        simulation.observeInstant(.queue, coordinatorName(group), "rebalance", detail: "\(name) generation \(group.generation)",
                                  subject: Observation.Subject(.group(name)))
    }

    /// Records that `member` of `group` has processed `partition` up to (not including) `offset`.
    /// Accepted while a rebalance is prepared too: that is when a member commits before revoking.
    ///
    /// - Throws: ``QueueError/fenced(group:member:)`` for an older generation, a partition the
    ///   member does not own, or a member the group no longer has (evicted for silence: Kafka's
    ///   UNKNOWN_MEMBER_ID).
    func commit(group name: String, member: String, generation: Int, partition: TopicPartition, offset: Int) throws(QueueError) {
        guard let index = groups.index(forKey: name), groups.values[index].generation == generation,
              groups.values[index].members[member] != nil, groups.values[index].owners[partition] == member else {
            throw .fenced(group: name, member: member)
        }
        // In place, as a poll does.
        groups.values[index].committed[partition] = offset
        groups.values[index].members[member]?.lastSeen = simulation.now
        // The offsets topic's new level, for `orrery_queue_consumergroup_lag` (observing only).
        simulation.observeGauge(.queue, coordinatorName(groups.values[index]), "committed", of: "\(name) \(partition)",
                                subject: Observation.Subject(partition, group: name), Double(offset))
    }

    /// The committed offset of `partition` in `group` (0 before any commit).
    public func committed(group: String, partition: TopicPartition) -> Int {
        groups[group]?.committed[partition] ?? 0
    }
}
