/// What a partition does with a message sent across it — the two ways a firewall cuts a link, and
/// the two ways a test harness partitions a cluster.
///
/// The difference is how soon the sender finds out. A refused connection fails a request in one
/// round trip, so a balancer retries elsewhere at once; a dropped one fails it only when the
/// caller's timeout fires, so every request to the far side costs a whole timeout, and health
/// checks fail by timing out. Messages already on the wire when the partition begins, and answers
/// coming back across it, are lost in both modes (they arrive at a node the sender can no longer
/// reach).
public enum PartitionMode: String, Sendable, Equatable, CaseIterable {
    /// Refused: the request fails as ``NetworkError/unreachable`` one latency of its link after it
    /// was sent, as iptables' `REJECT` (an ICMP port unreachable) or a connection reset does. The
    /// default, and what Orrery's partitions did before the mode existed.
    case reject
    /// Silently lost: the request never arrives and its caller learns only by its own timeout, as
    /// iptables' `DROP` makes it — the rule Jepsen's partitions install, and what a cable pulled
    /// or a switch failed between two racks looks like from either side.
    case drop
}
