import Testing
@testable import Scenarios
@testable import Simulator

/// A queue run counts the messages its producers gave up on that are in a final log anyway (the
/// append happened, its answer was lost): only those messages are hashed, a record's message
/// looked up when its sequence number is theirs. The count is the one a set of every logged
/// message gave: within or past a high watermark, a message listed twice counted twice, a message
/// of another producer with the same sequence number not counted.
struct QueueGaveUpInLogTests {
    static func message(_ producer: String, _ sequence: Int, key: String? = nil) -> QueueMessage {
        QueueMessage(producer: producer, sequence: sequence, key: key)
    }

    static func log(_ index: Int, records: [QueueMessage], beyond: [QueueMessage] = []) -> QueueAudit.PartitionLog {
        let partition = TopicPartition("T", index)
        let all = (records + beyond).enumerated().map { QueueRecord(offset: $0.offset, epoch: 0, message: $0.element) }
        return QueueAudit.PartitionLog(partition: partition, leader: 0, replicas: [0], inSync: [0],
                                       records: Array(all.prefix(records.count)), beyondHighWatermark: Array(all.dropFirst(records.count)))
    }

    @Test func countsTheGivenUpMessagesFoundInAnyLog() {
        let logs = [
            Self.log(0, records: [Self.message("p", 0), Self.message("p", 1, key: "k")], beyond: [Self.message("p", 4)]),
            Self.log(1, records: [Self.message("q", 2), Self.message("p", 3)]),
        ]
        let gaveUp = [
            Self.message("p", 1, key: "k"),  // in partition 0's log
            Self.message("p", 1, key: "k"),  // listed twice: counted twice
            Self.message("p", 4),            // past partition 0's high watermark
            Self.message("p", 2),            // sequence 2 is logged, but q's
            Self.message("p", 3, key: "x"),  // p's 3 is logged, without a key
            Self.message("r", 9),            // nowhere
        ]
        #expect(QueueRunResult.inLogs(gaveUp, logs) == 3)
    }

    @Test func noMessageGivenUpIsNoneInTheLogs() {
        #expect(QueueRunResult.inLogs([], [Self.log(0, records: [Self.message("p", 0)])]) == 0)
        #expect(QueueRunResult.inLogs([Self.message("p", 0)], []) == 0)
    }
}
