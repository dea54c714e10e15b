import Foundation
import Testing
@testable import Scenarios

/// A world with a log alone printed nothing after its verdict's colon (`PASS log_parts_1 seed 1
/// digest …: `): its headline now gives the log's figures, as its report section does.
struct LogHeadlineTests {
    /// One producer sending 10 records at 10 a second to a one-partition topic, nothing failing:
    /// the log acknowledges all 10, loses none, and no job reads them.
    static let logAlone = """
        run: {duration: 60s}
        log:
          topics: [{name: t, partitions: 1}]
          producers: [{name: p1, topic: t, records: 10, rate: 10}]

        """

    @Test func aLogWorldsHeadlineGivesItsRecords() throws {
        let result = ScenarioRunner.run(try ScenarioLoader.parse(Self.logAlone, file: "log_parts_1.yaml"))
        #expect(result.logHeadline == "10 records acknowledged, 0 of them lost, 0 read by jobs")
        #expect(result.queueHeadline == nil && result.storeHeadline == nil)
    }

    /// The line `orrery run` prints for that file.
    @Test func theRunsOneLineVerdictCarriesIt() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("orrery-log-headline-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("log_parts_1.yaml").path
        try Self.logAlone.write(toFile: path, atomically: true, encoding: .utf8)
        let outcome = try ScenarioFile.load(path: path).run(seed: nil, formats: [])
        let headline = try #require(outcome.headline)
        #expect(headline.hasPrefix("PASS log_parts_1 seed 1 digest "))
        #expect(headline.hasSuffix(": 10 records acknowledged, 0 of them lost, 0 read by jobs"))
    }
}

/// A log beside a store operation or a queue printed only their figures: the log's are printed
/// whenever the world has no job.
extension LogHeadlineTests {
    @Test func aLogBesideAStoreOperationPrintsBoth() throws {
        let result = ScenarioRunner.run(try ScenarioLoader.parse(Self.logAlone + """
            object_store: {buckets: [{name: logs}]}
            operations:
              - put: {bucket: logs, key: x, body: x}

            """, file: "log_and_ops.yaml"))
        #expect(result.headlineFigures(traffic: nil) == ["1 operation answered", "10 records acknowledged, 0 of them lost, 0 read by jobs"])
    }

    @Test func aLogBesideAQueuePrintsBoth() throws {
        let result = ScenarioRunner.run(try ScenarioLoader.parse(Self.logAlone + """
            queue:
              topics: [{name: T, partitions: 2}]
              producers: [{name: q, to: ["T:*"], messages: 100, rate: 50}]
              consumers: [{name: c, from: ["T:*"]}]

            """, file: "log_and_queue.yaml"))
        #expect(result.headlineFigures(traffic: nil) == [
            "100/100 messages acknowledged, 0 of them lost, 0 never delivered",
            "10 records acknowledged, 0 of them lost, 0 read by jobs",
        ])
    }

    @Test func aLogAloneStillPrintsItsFiguresAlone() throws {
        let result = ScenarioRunner.run(try ScenarioLoader.parse(Self.logAlone, file: "log_parts_1.yaml"))
        #expect(result.headlineFigures(traffic: nil) == ["10 records acknowledged, 0 of them lost, 0 read by jobs"])
    }
}
