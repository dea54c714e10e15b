/// A member of a consumer group on its own node: polls the partitions the group assigns to it,
/// remembers how far it has read, and commits that position when told to.
///
/// Its read positions and its membership are volatile: after a crash and restart it rejoins under
/// the same name and resumes from the group's committed offsets, so records it read but had not
/// committed are delivered again (at-least-once).
public actor LogConsumer {
    /// The consumer's node (also its member name in the group).
    public nonisolated let id: NodeID
    /// The group it belongs to.
    public nonisolated let group: String
    /// The topic it reads (its group may read others through other members).
    public nonisolated let topic: String
    public nonisolated let unownedExecutor: UnownedSerialExecutor
    private let log: PartitionedLog
    private let network: Network
    private let timeout: Duration
    /// The membership it joined with: generation and owned partitions; nil before joining.
    private var assignment: GroupAssignment?
    /// Next offset to read, by owned partition.
    private var positions: [Int: Int] = [:]
    /// Incremented at each crash, so a call begun before it cannot update state after it.
    private var epoch: UInt64 = 0

    /// A consumer on node `id` (added to `network` if new), member of `group` reading `topic`.
    public init(_ id: NodeID, group: String, topic: String, log: PartitionedLog, network: Network,
                timeout: Duration = .seconds(1)) {
        self.id = id
        self.group = group
        self.topic = topic
        self.log = log
        self.network = network
        self.timeout = timeout
        unownedExecutor = network.simulation.executor.asUnownedSerialExecutor()
        network.addNode(id)
        network.onCrash(id) { [unowned self] in
            self.assumeIsolated { $0.loseVolatileState() }
        }
    }

    /// The partitions the group currently assigns to this consumer (empty before it joins).
    public var ownedPartitions: [Int] { assignment?.partitions ?? [] }

    /// Reads up to `maxRecords` records from the owned partitions, lowest partition first, and
    /// advances the read positions past them. Joins the group first when not a member; when the
    /// group has rebalanced, forgets the old assignment, rejoins and resumes from the committed
    /// offsets.
    ///
    /// - Throws: ``LogClientError`` when the log cannot be reached, or ``LogClientError/crashed``
    ///   when this consumer crashed during the call.
    public func poll(maxRecords: Int = 100) async throws(LogClientError) -> [LogRecord] {
        let current = try await currentAssignment()
        var records: [LogRecord] = []
        for partition in current.partitions where records.count < maxRecords {
            let from = positions[partition] ?? 0
            let startedIn = epoch
            let batch: [LogRecord]
            do {
                let (group, member, generation, remaining) = (group, id.name, current.generation, maxRecords - records.count)
                batch = try await network.callLog(from: id, log: log, timeout: timeout) { log throws(LogError) in
                    try log.fetch(group: group, member: member, generation: generation, partition: partition,
                                  from: from, maxRecords: remaining)
                }
            } catch {
                try forgetAssignmentIfRefused(error, startedIn: startedIn)
                throw error
            }
            guard epoch == startedIn else { throw .crashed }
            positions[partition] = from + batch.count
            records += batch
        }
        return records
    }

    /// Commits the current read position of every owned partition.
    ///
    /// - Throws: ``LogClientError``; a ``LogError/staleGeneration(group:member:generation:current:)``
    ///   refusal means another member now owns the partitions and will re-read from the last
    ///   successful commit.
    public func commit() async throws(LogClientError) {
        guard let current = assignment else { return }
        let offsets = current.partitions.map { LogPosition(partition: $0, offset: positions[$0] ?? 0) }
        let startedIn = epoch
        do {
            let (group, member) = (group, id.name)
            try await network.callLog(from: id, log: log, timeout: timeout) { log throws(LogError) in
                try log.commit(group: group, member: member, generation: current.generation, offsets: offsets)
            }
        } catch {
            try forgetAssignmentIfRefused(error, startedIn: startedIn)
            throw error
        }
        guard epoch == startedIn else { throw .crashed }
    }

    /// The assignment to read with, joining the group when there is none.
    private func currentAssignment() async throws(LogClientError) -> GroupAssignment {
        if let assignment { return assignment }
        let startedIn = epoch
        let (group, topic, member) = (group, topic, id.name)
        let joined = try await network.callLog(from: id, log: log, timeout: timeout) { log throws(LogError) in
            try log.joinGroup(group, topic: topic, member: member)
        }
        guard epoch == startedIn else { throw .crashed }
        assignment = joined
        positions = Dictionary(uniqueKeysWithValues: zip(joined.partitions, joined.committedOffsets))
        return joined
    }

    /// After a membership refusal the assignment is stale: drop it so the next poll rejoins.
    private func forgetAssignmentIfRefused(_ error: LogClientError, startedIn: UInt64) throws(LogClientError) {
        guard epoch == startedIn else { throw .crashed }
        if case .log = error {
            assignment = nil
            positions = [:]
        }
    }

    private func loseVolatileState() {
        epoch &+= 1
        assignment = nil
        positions = [:]
    }
}
