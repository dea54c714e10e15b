/// The controller's side of a leader's in-sync set change: Kafka's AlterPartition request
/// (KIP-497; before Kafka 2.7 the leader wrote the new set to ZooKeeper, to the same effect). The
/// leader proposes the whole new set, naming the leader epoch and the partition epoch it saw; the
/// controller applies it only if both are still current, as Kafka's
/// `ReplicationControlManager.alterPartition` does:
///
/// - a request from a replaced leader is refused (FENCED_LEADER_EPOCH);
/// - a request built on an in-sync set the controller has changed since — it dropped a dead
///   follower itself, or the request was applied already and its answer was lost — is refused
///   (INVALID_UPDATE_VERSION): the leader learns the current set from the metadata instead;
/// - a set that adds a broker the controller considers dead is refused (INELIGIBLE_REPLICA,
///   KIP-841).
///
/// An accepted change bumps the partition epoch.
extension QueueController {
    /// A leader's proposed in-sync set for one partition.
    struct AlterPartitionRequest: Sendable, Equatable {
        let partition: TopicPartition
        /// The broker asking, which must lead the partition.
        let leader: Int
        let leaderEpoch: Int
        /// The partition epoch of the in-sync set the proposal was computed from.
        let partitionEpoch: Int
        /// The whole new set, leader included, in replica order.
        let proposed: [Int]
    }

    /// The controller's answer to an AlterPartition request.
    enum AlterPartitionAnswer: Sendable, Equatable {
        /// Applied: the partition's state now has this partition epoch.
        case accepted(partitionEpoch: Int)
        /// FENCED_LEADER_EPOCH: the asker no longer leads the partition in that epoch.
        case fencedLeaderEpoch
        /// INVALID_UPDATE_VERSION: the in-sync set changed since the proposal was computed.
        case invalidUpdateVersion
        /// INELIGIBLE_REPLICA: the proposal adds a broker the controller considers dead.
        case ineligibleReplica
    }

    /// Handles `request` at the controller (reached over the network with
    /// ``callController(from:timeout:_:)``).
    func alterPartition(_ request: AlterPartitionRequest) -> AlterPartitionAnswer {
        guard let index = placement.index(of: request.partition), states[index].epoch == request.leaderEpoch,
              states[index].leader == request.leader else {
            return .fencedLeaderEpoch
        }
        guard states[index].partitionEpoch == request.partitionEpoch else { return .invalidUpdateVersion }
        let before = states[index].inSync
        let added = request.proposed.filter { !before.contains($0) }
        guard added.allSatisfy(isAlive) else { return .ineligibleReplica }
        // In replica order, whatever order the leader listed them in.
        states[index].inSync = states[index].replicas.filter(request.proposed.contains)
        states[index].partitionEpoch += 1
        for follower in before where !request.proposed.contains(follower) { note(.leftInSync, request.partition, follower) }
        for follower in added { note(.joinedInSync, request.partition, follower) }
        return .accepted(partitionEpoch: states[index].partitionEpoch)
    }
}
