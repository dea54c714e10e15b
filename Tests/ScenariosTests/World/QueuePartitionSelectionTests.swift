import Testing
@testable import Scenarios
@testable import Simulator

/// Past its bound, a world's report.json lists the partitions report.md's table lists first —
/// offline, short of in-sync replicas, with records past the high watermark, acknowledged records
/// lost or duplicates — then the others in index order, chosen by one function
/// (``RunResult/QueueFigures/listedPartitions(most:)``). Before, it listed the first 1,000 and
/// left out an offline 1,001st partition that report.md named.
struct QueuePartitionSelectionTests {
    /// 1,001 partitions of topic T on brokers 1 and 2: T:P501 (index 500) short of an in-sync
    /// replica, T:P1001 (index 1,000) offline, the others healthy and empty.
    static let figures: RunResult.QueueFigures = {
        let logs = (0...1_000).map { index in
            QueueAudit.PartitionLog(partition: TopicPartition("T", index), leader: index == 1_000 ? nil : 1, replicas: [1, 2],
                                    inSync: index == 500 ? [1] : [1, 2], records: [], beyondHighWatermark: [])
        }
        return RunResult.QueueFigures(audit: QueueAudit(logs: logs, ledger: QueueLedger(), groups: []), events: [], groups: [])
    }()

    @Test func reportJSONListsTheNotablePartitionsAndFillsUpInOrder() {
        let detail = Self.figures.detail
        #expect(detail.partitions.count == 1_000 && detail.partitionsLeftOut == 1)
        #expect(detail.partitions.prefix(999).map(\.partition) == (1...999).map { "T:P\($0)" })
        #expect(detail.partitions.last?.partition == "T:P1001" && detail.partitions.last?.leader == nil)
        // T:P1000 (index 999) is the one left out.
        #expect(!detail.partitions.contains { $0.partition == "T:P1000" })
    }

    @Test func reportMarkdownAndReportJSONChooseWithTheSameFunction() {
        let figures = Self.figures
        #expect(figures.listedPartitions(most: QueuePart.mostPartitionRows) == Array(0..<98) + [500, 1_000])
        #expect(figures.listedPartitions(most: ReportListBound.most) == Array(0..<999) + [1_000])
        #expect((0...1_000).filter(figures.isNotablePartition) == [500, 1_000])
        let rows = QueuePart.partitionTable(figures).split(separator: "\n").filter { $0.hasPrefix("| T:P") }
        #expect(rows.count == 100)
        #expect(rows.suffix(2).map { String($0.prefix(9)) } == ["| T:P501 ", "| T:P1001"])
        #expect(QueuePart.partitionTable(figures).contains("its last row adds up the other 901, none of which is any of those.\n"))
    }

    /// Up to the bound every partition is listed, in order, with nothing left out.
    @Test func upToTheBoundEveryPartitionIsListed() {
        let logs = (0..<3).map { QueueAudit.PartitionLog(partition: TopicPartition("T", $0), leader: nil, replicas: [1], inSync: [], records: [], beyondHighWatermark: []) }
        let figures = RunResult.QueueFigures(audit: QueueAudit(logs: logs, ledger: QueueLedger(), groups: []), events: [], groups: [])
        #expect(figures.detail.partitions.map(\.partition) == ["T:P1", "T:P2", "T:P3"] && figures.detail.partitionsLeftOut == nil)
    }
}
