/// Consumer groups: the members reading a topic share its partitions, each partition read by
/// exactly one member of the current generation; progress survives a member's crash only as far
/// as it was committed, which makes delivery at-least-once. A group keeps its committed offsets
/// per topic and partition, so it may read several topics, one after another or at once.
extension PartitionedLog {
    /// Adds `member` to `group` as a reader of `topic` (creating the group on first use) and
    /// returns its assignment among the members reading `topic`.
    ///
    /// A new member, or a member changing topic, triggers a rebalance (the generation grows),
    /// after which every other member's next fetch or commit is refused until it rejoins. A
    /// member rejoining under the name it already has, for the same topic, keeps the generation:
    /// it gets the same partitions back and resumes from the committed offsets, which is how a
    /// consumer restarted after a crash re-reads what it had not committed.
    public func joinGroup(_ group: String, topic: String, member: String) throws(LogError) -> GroupAssignment {
        let partitionCount = try existing(topic).partitions.count
        var state = groups[group] ?? ConsumerGroup()
        _ = state.evictSilentMembers(now: simulation.now, timeout: sessionTimeout)
        if state.members.updateValue(ConsumerGroup.Member(lastSeen: simulation.now, topic: topic), forKey: member)?.topic != topic {
            state.generation += 1
            simulation.observeInstant(.log, id.name, "rebalance", detail: "\(group): \(member) joins, generation \(state.generation)", value: Int64(state.generation))
        }
        groups[group] = state
        simulation.trace.record(.custom, "\(group)/\(member)", "join", value: Int64(state.generation))
        let owned = state.partitions(of: member, partitionCount: partitionCount)
        return GroupAssignment(generation: state.generation, partitions: owned,
                               committedOffsets: owned.map { state.committedOffset(topic, $0) })
    }

    /// Reads like ``read(topic:partition:from:maxRecords:)`` on behalf of a group member, which
    /// also counts as its heartbeat.
    ///
    /// - Throws: ``LogError/unknownMember(group:member:)``,
    ///   ``LogError/staleGeneration(group:member:generation:current:)`` or
    ///   ``LogError/notAssigned(group:member:partition:)`` when the member must rejoin first.
    public func fetch(group: String, member: String, generation: Int, partition: Int, from offset: Int,
                      maxRecords: Int) throws(LogError) -> [LogRecord] {
        let (state, topic) = try checkedMember(group, member, generation)
        let owned = state.partitions(of: member, partitionCount: try existing(topic).partitions.count)
        guard owned.contains(partition) else { throw .notAssigned(group: group, member: member, partition: partition) }
        return try read(topic: topic, partition: partition, from: offset, maxRecords: maxRecords)
    }

    /// Records that `member` is alive without reading anything.
    public func heartbeat(group: String, member: String, generation: Int) throws(LogError) {
        _ = try checkedMember(group, member, generation)
    }

    /// Commits, for each given partition of the topic `member` reads, the offset of the next
    /// record the group should read there (one past the last processed record).
    ///
    /// - Throws: as ``fetch(group:member:generation:partition:from:maxRecords:)``: a member of an
    ///   older generation cannot commit over its successor's progress.
    public func commit(group: String, member: String, generation: Int, offsets: [LogPosition]) throws(LogError) {
        let (checked, topic) = try checkedMember(group, member, generation)
        var state = checked
        let owned = state.partitions(of: member, partitionCount: try existing(topic).partitions.count)
        for position in offsets {
            guard owned.contains(position.partition) else {
                throw .notAssigned(group: group, member: member, partition: position.partition)
            }
            state.committed[ConsumerGroup.TopicPartition(topic: topic, partition: position.partition)] = position.offset
        }
        groups[group] = state
        simulation.trace.record(.custom, "\(group)/\(member)", "commit", value: Int64(offsets.map(\.offset).reduce(0, +)))
    }

    /// The committed offset of every partition of `topic` for `group`, by partition (0 where the
    /// group never committed that partition — a topic new to the group is read from its start —
    /// or does not exist yet).
    public func committedOffsets(group: String, topic: String) throws(LogError) -> [Int] {
        let partitionCount = try existing(topic).partitions.count
        let state = groups[group] ?? ConsumerGroup()
        return (0..<partitionCount).map { state.committedOffset(topic, $0) }
    }

    /// Commits `offsets` for `group` from outside it, as a batch job does when it has processed a
    /// range of the topic. It sets those partitions of `topic` alone: another topic's offsets,
    /// which another job of the group may be committing, stay as they are. Refused while the
    /// group has live members, whatever topic they read, as Kafka refuses a commit outside the
    /// generation of a group that is not empty.
    public func commitStandalone(group: String, topic: String, offsets: [LogPosition]) throws(LogError) {
        let partitionCount = try existing(topic).partitions.count
        var state = groups[group] ?? ConsumerGroup()
        _ = state.evictSilentMembers(now: simulation.now, timeout: sessionTimeout)
        guard state.members.isEmpty else { throw .groupActive(group: group, members: state.sortedMembers) }
        for position in offsets {
            guard (0..<partitionCount).contains(position.partition) else {
                throw .unknownPartition(topic: topic, partition: position.partition)
            }
            state.committed[ConsumerGroup.TopicPartition(topic: topic, partition: position.partition)] = position.offset
        }
        groups[group] = state
    }

    /// The members of `group` in assignment order (after evicting silent ones).
    public func members(of group: String) -> [String] {
        guard var state = groups[group] else { return [] }
        _ = state.evictSilentMembers(now: simulation.now, timeout: sessionTimeout)
        groups[group] = state
        return state.sortedMembers
    }

    /// Evicts silent members, checks that `member` is in the current generation, and marks it
    /// seen; returns the group and the topic the member reads.
    private func checkedMember(_ group: String, _ member: String, _ generation: Int) throws(LogError) -> (ConsumerGroup, topic: String) {
        guard var state = groups[group] else { throw .unknownMember(group: group, member: member) }
        _ = state.evictSilentMembers(now: simulation.now, timeout: sessionTimeout)
        defer { groups[group] = state }
        guard let topic = state.members[member]?.topic else { throw .unknownMember(group: group, member: member) }
        guard state.generation == generation else {
            throw .staleGeneration(group: group, member: member, generation: generation, current: state.generation)
        }
        state.members[member]?.lastSeen = simulation.now
        return (state, topic)
    }
}
