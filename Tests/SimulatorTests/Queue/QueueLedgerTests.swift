import Testing
@testable import Simulator

/// The ledger marks a record handed to a group again as a duplicate, and a duplicate below the
/// group's committed offset as not allowed; each group and each partition keeps its own offsets.
struct QueueLedgerTests {
    private func records(_ offsets: [Int]) -> [QueueRecord] {
        offsets.map { QueueRecord(offset: $0, epoch: 0, message: QueueMessage(producer: "p", sequence: $0, key: nil)) }
    }

    @Test func aBatchHandedAgainIsMarkedDuplicatePerOffsetAndAllowedFromTheCommittedOffsetOn() {
        let ledger = QueueLedger()
        let t1 = TopicPartition("T1", 0), t2 = TopicPartition("T1", 1)
        ledger.noteDelivered(records([0, 1, 2]), of: t1, group: "g", consumer: "c1", committed: 0, at: .zero)
        ledger.noteDelivered(records([1, 2, 3]), of: t1, group: "g", consumer: "c2", committed: 2, at: .zero)
        // Another group and another partition have been handed nothing yet.
        ledger.noteDelivered(records([1]), of: t1, group: "h", consumer: "c3", committed: 0, at: .zero)
        ledger.noteDelivered(records([2]), of: t2, group: "g", consumer: "c1", committed: 0, at: .zero)
        // Far past the first offsets, then back to one of them.
        ledger.noteDelivered(records([200, 64, 63, 200, 0]), of: t1, group: "g", consumer: "c1", committed: 100, at: .zero)
        let marks = ledger.deliveries.map { "\($0.group) \($0.partition) \($0.offset) \($0.isDuplicate ? "dup" : "new") \($0.isAllowed ? "ok" : "bad")" }
        #expect(marks == [
            "g T1:P1 0 new ok", "g T1:P1 1 new ok", "g T1:P1 2 new ok",
            "g T1:P1 1 dup bad", "g T1:P1 2 dup ok", "g T1:P1 3 new ok",
            "h T1:P1 1 new ok",
            "g T1:P2 2 new ok",
            "g T1:P1 200 new ok", "g T1:P1 64 new ok", "g T1:P1 63 new ok", "g T1:P1 200 dup ok", "g T1:P1 0 dup bad",
        ])
        #expect(ledger.deliveries.map(\.consumer) == ["c1", "c1", "c1", "c2", "c2", "c2", "c3", "c1", "c1", "c1", "c1", "c1", "c1"])
    }

    @Test func anotherMessageAtAnOffsetHandedBeforeIsNewNotADuplicate() {
        let ledger = QueueLedger()
        let t1 = TopicPartition("T1", 0)
        let written = records([0, 1, 2])
        // The log was truncated at 1 and written again by another producer.
        let rewritten = [written[0]] + [1, 2].map { QueueRecord(offset: $0, epoch: 1, message: QueueMessage(producer: "q", sequence: $0, key: nil)) }
        ledger.noteDelivered(written, of: t1, group: "g", consumer: "c1", committed: 0, at: .zero)
        ledger.noteDelivered(rewritten, of: t1, group: "g", consumer: "c1", committed: 3, at: .zero)
        ledger.noteDelivered(Array(rewritten[2...]), of: t1, group: "g", consumer: "c1", committed: 3, at: .zero)
        #expect(ledger.deliveries.map { "\($0.message.producer)@\($0.offset) \($0.isDuplicate ? "dup" : "new") \($0.isAllowed ? "ok" : "bad")" } == [
            "p@0 new ok", "p@1 new ok", "p@2 new ok",
            "p@0 dup bad", "q@1 new ok", "q@2 new ok",
            "q@2 dup bad",
        ])
    }

    @Test func handedRecordsMatchADictionaryOfTheLastMessageAtEachOffset() {
        var handed = HandedRecords()
        var reference: [Int: QueueMessage] = [:]
        var random = SeededRandom(seed: 5)
        for _ in 0..<2_000 {
            let offset = Int(random.next() % 700)
            let message = QueueMessage(producer: random.next() % 2 == 0 ? "p" : "q", sequence: offset, key: nil)
            let new = reference[offset] != message
            reference[offset] = message
            #expect(handed.insert(QueueRecord(offset: offset, epoch: 0, message: message)) == new)
        }
        #expect(reference.count > 500)
    }
}
