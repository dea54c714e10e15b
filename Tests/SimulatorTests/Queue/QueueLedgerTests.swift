import Testing
@testable import Simulator

/// The ledger marks a record handed to a group again as a duplicate, and a duplicate below the
/// group's committed offset as not allowed; each group and each partition keeps its own offsets.
@Suite struct QueueLedgerTests {
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

    @Test func anOffsetSetHoldsEachOffsetOnceAcrossItsWords() {
        var set = OffsetSet()
        var reference = Set<Int>()
        var random = SeededRandom(seed: 5)
        for _ in 0..<2_000 {
            let offset = Int(random.next() % 700)
            #expect(set.insert(offset) == reference.insert(offset).inserted)
        }
        #expect(reference.count > 500)
    }
}
