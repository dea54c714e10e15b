import Foundation
import Testing

/// `orrery experiment queue`: the same bytes from two processes (one with deterministic hashing),
/// or a positioned error, exit 2 and nothing written.
struct QueueExperimentCommandTests {
    static let shortRun = """
        experiment: queue
        seed: 5
        duration: 12s
        network: {latency: {uniform: {min: 1ms, max: 3ms}}}
        queue:
          brokers: 3
          topics: [{name: T1, partitions: 2}, {name: T2, partitions: 2}]
          producers:
            - {name: producer-1, to: ["T1:*", "T2:*"], messages: 300, rate: 100}
            - {name: producer-2, to: ["T1:*", "T2:*"], messages: 300, rate: 100}
          consumers:
            - {name: consumer-1, from: ["T1:*", "T2:*"], commit_interval: 500ms}
            - {name: consumer-2, from: ["T1:*", "T2:*"]}
        runs:
          - {name: leader crash, faults: [{at: 1s, crash: broker-1}, {at: 6s, restart: broker-1}]}
        swarm: {seeds: 4}
        placement_analysis: {brokers: [3], partitions: 30, algorithms: [{name: ring, placement: ring}, {name: jump, placement: jump}]}

        """

    @Test func twoProcessesWithDifferentHashSeedsWriteTheSameBytes() throws {
        let dir = try OrreryProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Self.shortRun.write(to: dir.appendingPathComponent("queue.yaml"), atomically: true, encoding: .utf8)
        for (out, hashing) in [("a", "1"), ("b", "")] {
            let outcome = try OrreryProcess.run(["experiment", "queue", "--scenarios", ".", "--out", out], in: dir,
                                                environment: ["SWIFT_DETERMINISTIC_HASHING": hashing])
            #expect(outcome.status == 0, "\(outcome.standardError)")
        }
        for file in ["report.md", "report.json", "partitions.csv", "partitions.svg", "swarm.csv", "placement.csv", "placement_movement.svg"] {
            let first = try Data(contentsOf: dir.appendingPathComponent("a/queue/\(file)"))
            #expect(first == (try Data(contentsOf: dir.appendingPathComponent("b/queue/\(file)"))), "\(file) differs between processes")
        }
        let report = try String(contentsOf: dir.appendingPathComponent("a/queue/report.md"), encoding: .utf8)
        #expect(report.contains("4 of 4 seeds kept every promise."))
        #expect(report.contains("| leader crash "))
    }

    @Test func aBadQueueFileExitsTwoAndWritesNothing() throws {
        let dir = try OrreryProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try "experiment: queue\nqueue:\n  brokers: 2\n  replication: 3\n  topics: [{name: T1, partitions: 1}]\n"
            .write(to: dir.appendingPathComponent("queue.yaml"), atomically: true, encoding: .utf8)
        let outcome = try OrreryProcess.run(["experiment", "queue", "--scenarios", ".", "--out", "out"], in: dir)
        #expect(outcome.status == 2)
        #expect(outcome.standardError == "./queue.yaml:4:16: error: replication 3 needs at least 3 brokers; there are 2 (at queue.replication)\n")
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("out").path))
    }
}
