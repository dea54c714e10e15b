import Reports
import Simulator

/// The sharded queue's part: the controller and brokers, the producers and consumer groups,
/// `queue.*`, and the report's "Sharded queue" section.
enum QueuePart: SubsystemPart {
    static func build(in world: World) { world.buildQueue() }
    static func start(in world: World) { world.startQueueClients() }

    static func value(of known: QueueMetric, in result: RunResult) -> Double? {
        guard let figures = result.queue else { return nil }
        let audit = figures.audit
        // What consumers were handed (or not) does not exist without a consumer group: it read
        // 0 undelivered and 0 lag where every record went unread.
        if figures.groups.isEmpty, consumerFigures.contains(known) { return nil }
        switch known {
        case .sent: return Double(audit.sent)
        case .acknowledged: return Double(audit.acknowledged)
        case .lostAcknowledged: return Double(audit.lostAcknowledged)
        case .acknowledgedBeyondHighWatermark: return Double(audit.acknowledgedBeyondHighWatermark)
        case .undelivered: return Double(audit.undelivered.values.reduce(0, +))
        case .lostAfterDelivery: return Double(audit.lostAfterDelivery.values.reduce(0, +))
        case .duplicates: return Double(audit.duplicates.values.reduce(0, +))
        case .unexplainedDuplicates:
            return Double(audit.duplicates.values.reduce(0, +) - audit.allowedDuplicates.values.reduce(0, +))
        case .orderViolations: return Double(audit.orderViolations)
        case .appendedTwice: return Double(audit.duplicateAppends)
        case .notEnoughReplicas: return Double(audit.notEnoughReplicas)
        case .retriesDeduplicated: return Double(audit.retriesDeduplicated)
        case .leaderChanges: return Double(figures.events.filter { $0.kind == .leaderElected }.count)
        case .offlinePartitions: return Double(Set(figures.events.filter { $0.kind == .offline }.compactMap(\.partition)).count)
        case .consumerLag: return Double(audit.consumerLagSum)
        case .maxConsumerLag: return Double(audit.maxConsumerLag)
        }
    }

    /// The figures of what consumer groups were handed: none without a group.
    static let consumerFigures: Set<QueueMetric> = [.undelivered, .lostAfterDelivery, .duplicates, .unexplainedDuplicates, .consumerLag, .maxConsumerLag]

    static func markdown(_ result: RunResult) -> String {
        guard let figures = result.queue else { return "" }
        let audit = figures.audit
        var out = "# Sharded queue\n\n"
        out += "\(NumberFormat.counted(audit.sent, "message")) sent, \(NumberFormat.integer(audit.acknowledged)) acknowledged, "
        out += "\(NumberFormat.integer(audit.lostAcknowledged)) of those lost; \(NumberFormat.counted(figures.events.filter { $0.kind == .leaderElected }.count, "leadership change"))"
        out += figures.groups.isEmpty ? ".\n\n" : "; \(NumberFormat.counted(audit.consumerLagSum, "record")) of consumer lag at the end (`queue.consumer_lag`).\n\n"
        out += partitionTable(figures)
        out += recordsExplained(audit)
        guard !figures.groups.isEmpty else {
            // No group table of a header alone, and no "0 never delivered": nobody read.
            let readable = audit.logs.reduce(0) { $0 + $1.records.count }
            out += "No consumers: \(readable == 1 ? "the 1 record" : "the \(NumberFormat.integer(readable)) records") below the high watermark \(readable == 1 ? "is" : "are") unread "
            out += "(`queue.undelivered`, `queue.consumer_lag` and the other consumer figures are not measured).\n\n"
            if !figures.events.isEmpty { out += eventTable(figures.events) }
            return out
        }
        var groups = MarkdownTable(columns: [.userText("group"), .numeric("handed over"), .numeric("never handed over"), .numeric("lost after delivery"),
                                             .numeric("duplicates"), .numeric("of which allowed"), .numeric("lag at the end")])
        for group in figures.groups {
            groups.append([group, NumberFormat.integer(audit.delivered[group] ?? 0), NumberFormat.integer(audit.undelivered[group] ?? 0),
                           NumberFormat.integer(audit.lostAfterDelivery[group] ?? 0),
                           NumberFormat.integer(audit.duplicates[group] ?? 0), NumberFormat.integer(audit.allowedDuplicates[group] ?? 0),
                           NumberFormat.integer(lag(of: group, in: audit))])
        }
        out += groups.rendered() + "\n"
        out += consumerLagTable(figures)
        let lostAfterDelivery = audit.lostAfterDelivery.values.reduce(0, +)
        if lostAfterDelivery > 0 {
            out += "**\(NumberFormat.integer(lostAfterDelivery)) record\(lostAfterDelivery == 1 ? " was" : "s were") handed to a consumer and then lost**: "
            out += "a leader served records not yet on every in-sync replica. Kafka never does, whatever `acks` is (`queue.lost_after_delivery`).\n\n"
        }
        if !figures.events.isEmpty { out += eventTable(figures.events) }
        return out
    }

    /// Why the records column need not add up to the acknowledged messages: it counts what
    /// consumers may read, below each partition's high watermark; said only when they differ.
    static func recordsExplained(_ audit: QueueAudit) -> String {
        let below = audit.logs.reduce(0) { $0 + $1.records.count }, past = audit.logs.reduce(0) { $0 + $1.beyondHighWatermark.count }
        guard past > 0 || below != audit.acknowledged else { return "" }
        var out = "Records below the high watermark (\(NumberFormat.integer(below)) in all, against \(NumberFormat.integer(audit.acknowledged)) acknowledged) "
        out += "are the committed records consumers may read, and what \"never handed over\" counts from"
        if past > 0 {
            out += ": \(NumberFormat.integer(past)) record\(past == 1 ? " is" : "s are") in a partition's log past its high watermark (\"past it\"), "
            out += "\(NumberFormat.integer(audit.acknowledgedBeyondHighWatermark)) acknowledged (`queue.acknowledged_beyond_high_watermark`) — held, not lost: the partition's holder raises its watermark "
            out += "once its followers confirm its tail, which the run ended before"
        }
        return out + ".\n\n"
    }
}
