/// The figures of the sharded queue: `queue.*`.
public enum QueueMetric: String, MetricCatalog {
    /// Messages the producers sent.
    case sent
    /// Messages a leader acknowledged.
    case acknowledged
    /// Acknowledged messages missing from their partition's final log.
    case lostAcknowledged = "lost_acknowledged"
    /// Acknowledged messages their partition's holder has only past its high watermark at the
    /// end: committed, not lost (every in-sync replica had them when they were acknowledged), but
    /// not yet readable — a leader elected since raises its watermark when its followers next
    /// confirm its tail, which the run ended before. Not counted in `lost_acknowledged`.
    case acknowledgedBeyondHighWatermark = "acknowledged_beyond_high_watermark"
    /// Records of the final logs some group was never handed, over every group.
    case undelivered
    /// Records a group was handed that are not in the final log at their offset, over every
    /// group: read before they were committed, then lost. Never allowed, whatever `acks` says.
    case lostAfterDelivery = "lost_after_delivery"
    /// Records a group was handed again, over every group.
    case duplicates
    /// Duplicates below the group's committed offset: what the commit protocol forbids.
    case unexplainedDuplicates = "unexplained_duplicates"
    /// Pairs of one producer's records in one partition in falling order.
    case orderViolations = "order_violations"
    /// Records appended twice (a producer's retry after a lost answer).
    case appendedTwice = "appended_twice"
    /// Produce attempts refused because the partition had fewer in-sync replicas than
    /// `min_insync_replicas` (NOT_ENOUGH_REPLICAS); the producer retries them.
    case notEnoughReplicas = "not_enough_replicas"
    /// Retries an idempotent producer's leader recognised (producer, epoch and sequence number)
    /// and did not append again.
    case retriesDeduplicated = "retries_deduplicated"
    /// Leaderships the controller moved.
    case leaderChanges = "leader_changes"
    /// Partitions with no live in-sync replica at some point.
    case offlinePartitions = "offline_partitions"
    /// Consumer lag at the end, summed over every group and partition it reads: each partition's
    /// high watermark (at its leader, or its last in-sync replica while offline) minus the
    /// group's committed offset — `kafka-consumer-groups --describe`'s LAG summed, as
    /// kafka-exporter's `kafka_consumergroup_lag_sum`. A partition the group never committed counts
    /// from offset 0, where its consumers start (Kafka's tool shows "-", kafka-exporter leaves it
    /// out of its sum); a committed offset past the high
    /// watermark counts 0. A run does not wait for consumers to drain: records left unconsumed show here.
    case consumerLag = "consumer_lag"
    /// The largest consumer lag of one group on one partition at the end.
    case maxConsumerLag = "max_consumer_lag"

    public static let subsystem = Subsystem.queue

    public var unit: MetricUnit { .count }
}
