import Simulator

extension RunResult.QueueFigures {
    /// Whether something went wrong on the partition at `index` of the audit's logs: offline,
    /// short of in-sync replicas, holding records past the high watermark, with acknowledged
    /// records lost, or with duplicates for any group. A bounded list names these first.
    func isNotablePartition(_ index: Int) -> Bool {
        let log = audit.logs[index]
        return log.leader == nil || log.inSync.count < log.replicas.count || !log.beyondHighWatermark.isEmpty
            || audit.lostAcknowledgedByPartition[index] > 0 || groups.contains { (audit.duplicatesByPartition[$0]?[index] ?? 0) > 0 }
    }

    /// The partitions (indices, in order) a list of at most `most` names: every one up to `most`,
    /// else the notable ones (``isNotablePartition(_:)``) first, then the others in order, as
    /// ``QueuePart/listedPartitions(count:most:isNotable:)`` chooses for report.md and report.json alike.
    func listedPartitions(most: Int) -> [Int] {
        QueuePart.listedPartitions(count: audit.logs.count, most: most, isNotable: isNotablePartition)
    }
}
