import Testing
@testable import Simulator

/// The audit sorts the ledger's deliveries to their groups in one pass: each group's figures are
/// its own deliveries', in ledger order, however the groups' deliveries interleave, and a group
/// handed nothing has every record undelivered.
struct QueueAuditGroupsTests {
    @Test func interleavedGroupsAreJudgedOnTheirOwnDeliveries() {
        let partition = TopicPartition("T", 0)
        let records = (0..<4).map { QueueRecord(offset: $0, epoch: 0, message: QueueMessage(producer: "p", sequence: $0, key: nil)) }
        let ledger = QueueLedger()
        let at = VirtualInstant.zero
        // a: offsets 0, 1, then 1 again (a duplicate above its committed offset 1: allowed).
        // b: offsets 0 … 3, then 0 again (below its committed offset 2: not allowed).
        ledger.noteDelivered([records[0]], of: partition, group: "a", consumer: "a1", committed: 0, at: at)
        ledger.noteDelivered(Array(records[0...1]), of: partition, group: "b", consumer: "b1", committed: 0, at: at)
        ledger.noteDelivered([records[1]], of: partition, group: "a", consumer: "a1", committed: 0, at: at)
        ledger.noteDelivered(Array(records[2...3]), of: partition, group: "b", consumer: "b1", committed: 0, at: at)
        ledger.noteDelivered([records[1]], of: partition, group: "a", consumer: "a2", committed: 1, at: at)
        ledger.noteDelivered([records[0]], of: partition, group: "b", consumer: "b1", committed: 2, at: at)
        let log = QueueAudit.PartitionLog(partition: partition, leader: 0, replicas: [0], inSync: [0], records: records, beyondHighWatermark: [])
        let audit = QueueAudit(logs: [log], ledger: ledger, groups: [("a", [partition]), ("b", [partition]), ("c", [partition])])
        #expect(audit.delivered == ["a": 3, "b": 5, "c": 0])
        #expect(audit.duplicates == ["a": 1, "b": 1, "c": 0])
        #expect(audit.allowedDuplicates == ["a": 1, "b": 0, "c": 0])
        #expect(audit.undelivered == ["a": 2, "b": 0, "c": 4])
        #expect(audit.lostAfterDelivery == ["a": 0, "b": 0, "c": 0])
        #expect(audit.duplicatesByPartition == ["a": [1], "b": [1], "c": [0]])
    }
}
