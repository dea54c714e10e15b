import Reports
import Simulator

/// The "Sharded queue" section's consumer lag: what `kafka-consumer-groups --describe` shows at
/// the run's end (committed offset, high watermark, lag per group and partition), bounded as the
/// partition table is.
extension QueuePart {
    /// Rows the lag table lists at most.
    static let mostLagRows = 100

    /// One group's lag at the end (its rows summed), for the groups table.
    static func lag(of group: String, in audit: QueueAudit) -> Int {
        guard let lags = audit.consumerLag.first(where: { $0.group == group }) else { return 0 }
        return audit.consumerLag(of: lags).reduce(0) { $0 + $1.lag }
    }

    /// The sentence saying the figures, then one row per group and partition — at most
    /// ``mostLagRows`` of them, the largest lags first (then the others in order), listed by
    /// group, topic and partition — and a row adding up the rest. Empty with no group.
    static func consumerLagTable(_ figures: RunResult.QueueFigures) -> String {
        let audit = figures.audit
        let groups = audit.consumerLag
        let count = groups.reduce(0) { $0 + $1.partitions.count }
        guard count > 0 else { return "" }
        // One pass over every row: the listed ones (the largest lags, ties in row order), and
        // what the prose counts. Rows are numbered in order: group by group, partition by partition.
        var top: [(row: Int, lag: ConsumerLag)] = []
        var lagged = 0, ahead = 0, neverCommitted = 0, highWatermarks = 0, row = 0
        for group in groups {
            for lag in audit.consumerLag(of: group) {
                defer { row += 1 }
                highWatermarks += lag.highWatermark
                if lag.lag > 0 { lagged += 1 }
                if lag.isAheadOfHighWatermark { ahead += 1 }
                if lag.committed == nil { neverCommitted += 1 }
                guard top.count < mostLagRows || lag.lag > top[top.count - 1].lag.lag else { continue }
                // After every listed row with as large a lag: those came first.
                var low = 0, high = top.count
                while low < high {
                    let middle = (low + high) / 2
                    if top[middle].lag.lag >= lag.lag { low = middle + 1 } else { high = middle }
                }
                top.insert((row, lag), at: low)
                if top.count > mostLagRows { top.removeLast() }
            }
        }
        let sum = audit.consumerLagSum, most = audit.maxConsumerLag
        var out = "Consumer lag when the run ended, as `kafka-consumer-groups --describe` shows it — each partition's high watermark "
        out += "minus the group's committed offset: "
        if sum == 0 {
            out += "none (`queue.consumer_lag` 0); every group had committed every record below the high watermark.\n\n"
        } else {
            if count == 1 {
                out += "\(NumberFormat.counted(sum, "record")) (`queue.consumer_lag`, and `queue.max_consumer_lag`), on the 1 partition the group reads."
            } else {
                out += "\(NumberFormat.integer(sum)) record\(sum == 1 ? "" : "s") in all (`queue.consumer_lag`), "
                out += "on \(NumberFormat.integer(lagged)) of the \(NumberFormat.integer(count)) partitions the groups read, "
                out += "at most \(NumberFormat.integer(most)) on one (`queue.max_consumer_lag`)."
            }
            out += " A run does not wait for its consumers to catch up.\n\n"
        }
        var table = MarkdownTable(columns: [.userText("group"), .userText("partition"), .numeric("committed offset"), .numeric("high watermark"), .numeric("lag")])
        var listedHighWatermarks = 0, listedLag = 0, listedLagged = 0
        for (_, lag) in top.sorted(by: { $0.row < $1.row }) {
            listedHighWatermarks += lag.highWatermark
            listedLag += lag.lag
            if lag.lag > 0 { listedLagged += 1 }
            table.append([lag.group, lag.partition.description, lag.committed.map { NumberFormat.integer($0) } ?? "-",
                          NumberFormat.integer(lag.highWatermark), NumberFormat.integer(lag.lag)])
        }
        let left = count - top.count
        if left > 0 {
            table.append(["… \(NumberFormat.integer(left)) more", "", "", NumberFormat.integer(highWatermarks - listedHighWatermarks),
                          NumberFormat.integer(sum - listedLag)])
        }
        out += table.rendered() + "\n"
        if left > 0 {
            out += "The table lists the \(NumberFormat.integer(top.count)) of the \(NumberFormat.integer(count)) rows with the largest lags, by group, topic and partition; "
            out += "its last row adds up the other \(NumberFormat.integer(left))"
            let laggedLeft = lagged - listedLagged
            out += laggedLeft == 0 ? ", none of which lags.\n\n" : ", \(NumberFormat.integer(laggedLeft)) of which lag.\n\n"
        }
        if neverCommitted > 0 {
            out += "A committed offset of \"-\" is a partition the group never committed (\(NumberFormat.integer(neverCommitted)) in all), as Kafka's tool shows it; "
            out += "its lag counts from offset 0, where the group's consumers start reading (Kafka's tool shows \"-\" for that lag, kafka-exporter -1).\n\n"
        }
        if ahead > 0 {
            out += "\(NumberFormat.integer(ahead)) committed offset\(ahead == 1 ? " is" : "s are") past the partition's high watermark: "
            out += "its holder was elected after the group read those records and its followers had not yet confirmed its tail, "
            out += "or they were lost after delivery; such a lag counts as 0.\n\n"
        }
        return out
    }
}
