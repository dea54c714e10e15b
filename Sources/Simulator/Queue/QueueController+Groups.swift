/// The group coordinator (kept by the controller): members poll it to stay in their group and learn
/// which partitions they own; it evicts a member silent for a session timeout, and every change of
/// membership starts a new generation with a fresh assignment. Commits from an older generation, or
/// for a partition the member no longer owns, are refused — which bounds the duplicates a group
/// can see to the records read but not yet committed when a partition changed hands.
extension QueueController {
    struct GroupState {
        var members: [String: Member] = [:]
        var generation = 0
        var owners: [TopicPartition: String] = [:]
        var committed: [TopicPartition: Int] = [:]
    }

    struct Member {
        var subscriptions: [TopicPartition]
        var lastSeen: VirtualInstant
    }

    /// What a poll tells a member.
    public struct GroupView: Sendable, Equatable {
        public let generation: Int
        /// The partitions it owns, sorted, with the group's committed offset of each.
        public let owned: [(partition: TopicPartition, committed: Int)]

        public static func == (lhs: GroupView, rhs: GroupView) -> Bool {
            lhs.generation == rhs.generation && lhs.owned.map(\.partition) == rhs.owned.map(\.partition)
                && lhs.owned.map(\.committed) == rhs.owned.map(\.committed)
        }
    }

    /// `member` of `group`, subscribed to `subscriptions`, checks in.
    func poll(group name: String, member: String, subscriptions: [TopicPartition]) -> GroupView {
        // In place: a copy taken out and stored back copied the group's tables at every poll.
        poll(&groups[name, default: GroupState()], name, member: member, subscriptions: subscriptions)
    }

    private func poll(_ group: inout GroupState, _ name: String, member: String, subscriptions: [TopicPartition]) -> GroupView {
        let now = simulation.now
        var changed = false
        for silent in group.members.keys.sorted() where silent != member
            && group.members[silent]!.lastSeen.duration(to: now) >= configuration.sessionTimeout {
            group.members[silent] = nil
            changed = true
        }
        if group.members[member]?.subscriptions != subscriptions { changed = true }
        group.members[member] = Member(subscriptions: subscriptions, lastSeen: now)
        if changed { rebalance(&group, name) }
        let owned = group.owners.filter { $0.value == member }.map(\.key).sorted()
        return GroupView(generation: group.generation, owned: owned.map { ($0, group.committed[$0] ?? 0) })
    }

    /// Each subscribed partition, in order, goes to the next of the members subscribed to it.
    private func rebalance(_ group: inout GroupState, _ name: String) {
        group.generation += 1
        group.owners = [:]
        let members = group.members.keys.sorted()
        let partitions = Set(members.flatMap { group.members[$0]!.subscriptions }).sorted()
        var turn = 0
        for partition in partitions {
            let eligible = members.filter { group.members[$0]!.subscriptions.contains(partition) }
            guard !eligible.isEmpty else { continue }
            group.owners[partition] = eligible[turn % eligible.count]
            turn += 1
        }
        simulation.trace.record(.custom, id.name, "rebalance \(name) generation \(group.generation)")
        simulation.observeInstant(.queue, id.name, "rebalance", detail: "\(name) generation \(group.generation)")
    }

    /// Records that `member` of `group` has processed `partition` up to (not including) `offset`.
    ///
    /// - Throws: ``QueueError/fenced(group:member:)`` for an older generation or a partition the
    ///   member does not own.
    func commit(group name: String, member: String, generation: Int, partition: TopicPartition, offset: Int) throws(QueueError) {
        guard let index = groups.index(forKey: name), groups.values[index].generation == generation,
              groups.values[index].owners[partition] == member else {
            throw .fenced(group: name, member: member)
        }
        // In place, as a poll does.
        groups.values[index].committed[partition] = offset
        groups.values[index].members[member]?.lastSeen = simulation.now
    }

    /// The committed offset of `partition` in `group` (0 before any commit).
    public func committed(group: String, partition: TopicPartition) -> Int {
        groups[group]?.committed[partition] ?? 0
    }

    /// Runs `body` on the coordinator across the network from `source`.
    func callCoordinator<Answer: Sendable>(from source: NodeID, timeout: Duration,
                                           _ body: @escaping @Sendable () throws(QueueError) -> Answer) async -> Result<Answer, QueueError> {
        do throws(NetworkError) {
            return try await network.call(from: source, to: id, timeout: timeout) { () -> Result<Answer, QueueError> in
                do throws(QueueError) { return .success(try body()) } catch { return .failure(error) }
            }
        } catch {
            return .failure(.network(error))
        }
    }
}
