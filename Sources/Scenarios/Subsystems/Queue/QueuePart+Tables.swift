import Reports
import Simulator

/// The "Sharded queue" section's partition and controller tables, bounded: a 16 KB file of
/// 100,000 partitions with 64 copies and 100 groups wrote a 963 MB report.md (every partition a
/// row, 64 replicas and 64 in-sync brokers in it, a padded "duplicates for …" column per group)
/// and held 2.6 GB doing so. Past the caps below the tables list the partitions and decisions
/// that say most, and one row adds up the rest.
extension QueuePart {
    /// Partitions the table lists at most.
    static let mostPartitionRows = 100
    /// Groups that get a duplicates column each at most; with more, one column adds them up (each
    /// group's duplicates are in the group table).
    static let mostGroupColumns = 8
    /// Controller decisions the table lists at most.
    static let mostEventRows = 200

    /// One row per partition — at most ``mostPartitionRows`` of them, those where something went
    /// wrong first (offline, short of in-sync replicas, records past the high watermark,
    /// acknowledged records lost, duplicates), then the others in order — and a row adding up
    /// the partitions left out.
    static func partitionTable(_ figures: RunResult.QueueFigures) -> String {
        let audit = figures.audit
        let groupColumns = figures.groups.count <= mostGroupColumns ? figures.groups.map { [$0] } : [figures.groups]
        let showsBeyond = audit.logs.contains { !$0.beyondHighWatermark.isEmpty }
        var columns: [MarkdownTable.Column] = [.userText("partition"), .text("replicas"), .text("leader"), .text("in sync"), .numeric("records below the high watermark")]
        if showsBeyond { columns.append(.numeric("past it")) }
        for groups in groupColumns { columns.append(MarkdownTable.Column(groups.count == 1 ? "duplicates for \(groups[0])" : "duplicates, all \(groups.count) groups", alignment: .right, titleHoldsUserText: true)) }
        func duplicates(_ groups: [String], at index: Int) -> Int {
            groups.reduce(0) { $0 + (audit.duplicatesByPartition[$1]?[index] ?? 0) }
        }
        let isNotable = figures.isNotablePartition
        let listed = figures.listedPartitions(most: mostPartitionRows)
        var table = MarkdownTable(columns: columns)
        for index in listed {
            let log = audit.logs[index]
            table.append([log.partition.description, log.replicas.map { "broker-\($0)" }.joined(separator: ", "), log.leader.map { "broker-\($0)" } ?? "none",
                          log.inSync.map { "broker-\($0)" }.joined(separator: ", "), NumberFormat.integer(log.records.count)]
                         + (showsBeyond ? [NumberFormat.integer(log.beyondHighWatermark.count)] : [])
                         + groupColumns.map { NumberFormat.integer(duplicates($0, at: index)) })
        }
        let chosen = Set(listed)
        let left = audit.logs.indices.filter { !chosen.contains($0) }
        if !left.isEmpty {
            table.append(["… \(NumberFormat.integer(left.count)) more", "", "", "", NumberFormat.integer(left.reduce(0) { $0 + audit.logs[$1].records.count })]
                         + (showsBeyond ? [NumberFormat.integer(left.reduce(0) { $0 + audit.logs[$1].beyondHighWatermark.count })] : [])
                         + groupColumns.map { groups in NumberFormat.integer(left.reduce(0) { $0 + duplicates(groups, at: $1) }) })
        }
        var out = table.rendered() + "\n"
        if !left.isEmpty {
            let notableLeft = left.filter(isNotable).count
            out += "The table lists \(NumberFormat.integer(listed.count)) of the \(NumberFormat.integer(audit.logs.count)) partitions, "
            out += "those offline, short of in-sync replicas, holding records past the high watermark, with acknowledged records lost or with duplicates first; "
            out += "its last row adds up the other \(NumberFormat.integer(left.count))"
            out += notableLeft == 0 ? ", none of which is any of those.\n\n" : ", \(NumberFormat.integer(notableLeft)) of which are such partitions too.\n\n"
        }
        return out
    }

    /// The partitions (indices, in order) a list of at most `most` of `count` holds: all of them
    /// up to `most`, else the notable ones first, then the others in order — report.md's table
    /// (``mostPartitionRows``) and report.json's `queue.partitions` (``ReportListBound/most``)
    /// both choose with it.
    static func listedPartitions(count: Int, most: Int = mostPartitionRows, isNotable: (Int) -> Bool) -> [Int] {
        guard count > most else { return Array(0..<count) }
        var listed = Array((0..<count).lazy.filter(isNotable).prefix(most))
        if listed.count < most {
            let chosen = Set(listed)
            listed += (0..<count).lazy.filter { !chosen.contains($0) }.prefix(most - listed.count)
        }
        return listed.sorted()
    }

    /// The controller's decisions in order, at most ``mostEventRows`` of them, then how many of
    /// each kind there were in all and where every one of them is.
    static func eventTable(_ events: [QueueEvent]) -> String {
        var table = MarkdownTable(columns: [.numeric("time"), .text("controller"), .userText("partition"), .text("broker")])
        for event in events.prefix(mostEventRows) {
            table.append([DurationFormat.seconds(event.time.seconds), event.kind.rawValue, event.partition?.description ?? "", "broker-\(event.broker)"])
        }
        guard events.count > mostEventRows else { return table.rendered() + "\n" }
        table.append(["…", "\(NumberFormat.integer(events.count - mostEventRows)) more", "", ""])
        // Kinds in the order they first came, so the sentence is the same at every run.
        var kinds: [(kind: QueueEvent.Kind, count: Int)] = []
        for event in events {
            if let index = kinds.firstIndex(where: { $0.kind == event.kind }) { kinds[index].count += 1 } else { kinds.append((event.kind, 1)) }
        }
        var out = table.rendered() + "\n"
        out += "The controller made \(NumberFormat.integer(events.count)) decisions (\(kinds.map { "\($0.kind.rawValue): \(NumberFormat.integer($0.count))" }.joined(separator: ", "))); "
        out += "the table lists the first \(mostEventRows). Every one is on the controller's track of the trace (`--trace`) and counted in "
        out += "`orrery_queue_controller_events_total` (`--metrics`).\n\n"
        return out
    }
}
