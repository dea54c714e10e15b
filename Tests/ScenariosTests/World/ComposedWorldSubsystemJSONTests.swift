import Foundation
import Testing
@testable import Scenarios

/// A composed world's report.json carries, under each subsystem's name, what report.md's
/// sections show: `mapreduce` (each job's verdict, attempts table, recoveries, every attempt and
/// its output objects), `log`, `queue` (partitions, consumer lag, controller decisions), `store`
/// and `backup`. Before, it had `metrics`, `checks`, `faults` and `traffic` alone: a machine
/// reader could not get a job's attempts, a partition's end offset or an output object's key.
struct ComposedWorldSubsystemJSONTests {
    typealias Object = [String: Any]

    static func document(_ result: RunResult) throws -> Object {
        try #require(try JSONSerialization.jsonObject(with: Data(result.json().utf8)) as? Object)
    }

    static func world(_ yaml: String) throws -> Object {
        try document(ScenarioRunner.run(try ScenarioLoader.parse(yaml, file: "w.yaml")))
    }

    static func file(_ name: String) throws -> RunResult {
        guard case .world(let scenario) = try ScenarioFile.load(path: packageRoot.appendingPathComponent("scenarios/\(name)").path) else {
            throw CocoaError(.fileReadUnknown)
        }
        return ScenarioRunner.run(scenario)
    }

    /// A job writing its output to the store beside a queue: the job's attempts and verdict, its
    /// objects' keys and sizes, the partitions' offsets and the store's requests.
    @Test func aComposedWorldsJobQueueAndStoreAreInItsJSON() throws {
        let document = try Self.world("""
            name: detail
            run: {duration: 20s}
            network: {latency: 1ms}
            mapreduce:
              cluster: {workers: 2}
              jobs: [{id: j, name: word-count, reducers: 2, submit_at: 1s, input: {synthetic: {lines: 100, seed: 1}}, output: {bucket: out}}]
            object_store:
              buckets: [{name: out}]
            queue:
              brokers: 3
              replication: 2
              topics: [{name: T, partitions: 2}]
              producers: [{name: p, to: ["T:*"], messages: 50, rate: 100}]
              consumers: [{name: c, group: g, from: ["T:*"]}]
            """)
        let jobs = try #require((document["mapreduce"] as? Object)?["jobs"] as? [Object])
        #expect(jobs.count == 1)
        let job = jobs[0]
        #expect(job["id"] as? String == "j" && job["job"] as? String == "word-count" && job["status"] as? String == "succeeded")
        #expect(job["outputExact"] as? Bool == true && job["succeeded"] as? Bool == true && (job["problems"] as? [String]) == [])
        #expect(job["attempts"] as? Int == 3 && job["retries"] as? Int == 0 && job["mapTasks"] as? Int == 1 && job["reduceTasks"] as? Int == 2)
        #expect(job["inputRecords"] as? Int == 100 && job["oracleRecords"] as? Int == 248 && job["outputRecords"] as? Int == 248)
        #expect(job["bytesShuffled"] as? Int == 1603 && job["submittedAtSeconds"] as? Double == 1 && job["gatewayAttempts"] as? Int == 0)
        let attempts = try #require(job["attemptRecords"] as? [Object])
        #expect(attempts.map { $0["task"] as? String } == ["map-0", "reduce-0", "reduce-1"])
        #expect(attempts[0]["worker"] as? String == "worker-1" && attempts[0]["startSeconds"] as? Double == 1.001
                    && attempts[0]["endSeconds"] as? Double == 1.01148053 && attempts[0]["outcome"] as? String == "succeeded")
        #expect(job["attemptRecordsLeftOut"] == nil)
        let objects = try #require(job["outputObjects"] as? [Object])
        #expect(objects.map { $0["key"] as? String } == ["results/j/part-00000", "results/j/part-00001"])
        #expect(objects.map { $0["bytes"] as? Int } == [954, 939])
        #expect(objects[0]["storedETag"] as? String == "\"43ba688c5daf89398b6babdca9d1d53a\"" && objects[0]["exact"] as? Bool == true)

        let store = try #require(document["store"] as? Object)
        #expect(store["requests"] as? Int == 2 && store["succeeded"] as? Int == 2 && store["objects"] as? Int == 2 && store["bytes"] as? Int == 1893)
        #expect((store["storms"] as? [Any])?.isEmpty == true)

        let queue = try #require(document["queue"] as? Object)
        #expect(queue["sent"] as? Int == 50 && queue["acknowledged"] as? Int == 50 && queue["groups"] as? [String] == ["g"])
        #expect(queue["delivered"] as? [String: Int] == ["g": 50] && queue["lag"] as? [String: Int] == ["g": 0])
        let partitions = try #require(queue["partitions"] as? [Object])
        #expect(partitions.map { $0["partition"] as? String } == ["T:P1", "T:P2"])
        #expect(partitions.map { $0["logEndOffset"] as? Int } == [25, 25] && partitions.map { $0["records"] as? Int } == [25, 25])
        #expect(partitions[0]["leader"] as? Int == 3 && partitions[0]["inSync"] as? [Int] == [3, 2])
        let lags = try #require(queue["consumerLag"] as? [Object])
        #expect(lags.map { $0["committedOffset"] as? Int } == [25, 25] && lags.map { $0["lag"] as? Int } == [0, 0])
        #expect(document["log"] == nil && document["backup"] == nil && document["traffic"] == nil)
    }

    /// Every broker crashes at 1 s (``WorldQueueReportTests/allBrokersCrash``): T:P2's log ends one
    /// record past its high watermark, and no partition has a leader.
    @Test func aPartitionsRecordsPastTheHighWatermarkAndItsLogEndOffset() throws {
        let queue = try #require(try Self.world(WorldQueueReportTests.allBrokersCrash)["queue"] as? Object)
        let partitions = try #require(queue["partitions"] as? [Object])
        #expect(partitions.map { $0["records"] as? Int } == [34, 32, 33])
        #expect(partitions.map { $0["beyondHighWatermark"] as? Int } == [0, 1, 0])
        #expect(partitions.map { $0["logEndOffset"] as? Int } == [34, 33, 33])
        #expect(partitions.allSatisfy { $0["leader"] == nil && $0["inSync"] as? [Int] == [3] })
        #expect(queue["acknowledgedBeyondHighWatermark"] as? Int == 1 && queue["lostAcknowledged"] as? Int == 0)
    }

    /// A worker crash mid-task: the recovery report.md's table shows (`1.251 s` last progress,
    /// `10.250 s` detection) in seconds, and every attempt attempts.csv lists.
    @Test func aJobsRecoveriesAndAttemptsAreAsReportMdAndAttemptsCSVGiveThem() throws {
        let result = try Self.file("mapreduce-wordcount.yaml")
        let job = try #require(((try Self.document(result)["mapreduce"] as? Object)?["jobs"] as? [Object])?.first)
        #expect(job["attempts"] as? Int == 11 && job["lostAttempts"] as? Int == 1 && job["outputExact"] as? Bool == true)
        let recoveries = try #require(job["recoveries"] as? [Object])
        #expect(recoveries.count == 1)
        #expect(recoveries[0]["task"] as? String == "map-1" && recoveries[0]["attempt"] as? Int == 2)
        #expect(recoveries[0]["outcome"] as? String == "lost: no heartbeat for 10.000 s")
        #expect(recoveries[0]["lastProgressSeconds"] as? Double == 1.2505 && recoveries[0]["detectedAtSeconds"] as? Double == 11.5)
        #expect(recoveries[0]["detectionSeconds"] as? Double == 10.2495 && recoveries[0]["recoverySeconds"] as? Double == 11.06109977)
        let report = try #require(result.jobs.first?.result.run.report)
        let csvRows = JobReportTables.attemptsCSV(report).split(separator: "\n").dropFirst()
        let attempts = try #require(job["attemptRecords"] as? [Object])
        #expect(attempts.count == 11 && csvRows.count == 11)
        #expect(attempts.map { $0["attempt"] as? Int } == csvRows.map { Int($0.split(separator: ",")[0]) })
    }

    /// The backups and restores of report.md's "Backups" section (``BackupWorldReportTests``' world).
    @Test func aBackupWorldsBackupsAndRestoresAreInItsJSON() throws {
        let backup = try #require(try Self.world(BackupWorldReportTests.emptyBackupWorld)["backup"] as? Object)
        #expect(backup["syncs"] as? Int == 2 && backup["backupsCreated"] as? Int == 1 && backup["bytesUploaded"] as? Int == 1024)
        let backups = try #require(backup["backups"] as? [Object])
        #expect(backups.map { $0["name"] as? String } == ["2026-01-01-01-00-00"])
        #expect(backups[0]["takenAtSeconds"] as? Double == 3600 && backups[0]["files"] as? Int == 0 && backups[0]["deletedAtSeconds"] == nil)
        let restores = try #require(backup["restores"] as? [Object])
        #expect(restores.count == 1)
        #expect(restores[0]["atSeconds"] as? Double == 7200 && restores[0]["backup"] as? String == "2026-01-01-01-00-00")
        #expect(restores[0]["identical"] as? Bool == true && restores[0]["files"] as? Int == 0 && restores[0]["selection"] as? String == "latest")
    }

    /// 1,200 partitions read by one group: report.json lists the first 1,000 partitions and lag
    /// rows and counts the other 200; the group's figures still cover them all (the 3 records
    /// are in U:P500, the 1,200th partition).
    @Test func aWideQueuesListsKeepTheirFirstThousandEntriesAndCountTheRest() throws {
        let queue = try #require(try Self.world("""
            name: wide
            seed: 1
            run: {duration: 2s}
            network: {latency: 1ms}
            queue:
              brokers: 3
              replication: 2
              topics: [{name: T, partitions: 700}, {name: U, partitions: 500}]
              producers: [{name: p, to: ["U:P500"], messages: 3, rate: 100}]
              consumers: [{name: c, group: g, from: ["T:*", "U:*"]}]
            """)["queue"] as? Object)
        let partitions = try #require(queue["partitions"] as? [Object])
        #expect(partitions.count == 1000 && queue["partitionsLeftOut"] as? Int == 200)
        #expect(partitions.last?["partition"] as? String == "U:P300")
        #expect((queue["consumerLag"] as? [Any])?.count == 1000 && queue["consumerLagLeftOut"] as? Int == 200)
        #expect(queue["lag"] as? [String: Int] == ["g": 3] && queue["eventsLeftOut"] == nil)
        #expect(ReportListBound.split(Array(0..<1001)).listed.count == 1000 && ReportListBound.split(Array(0..<1001)).leftOut == 1)
        #expect(ReportListBound.split(Array(0..<1000)).leftOut == nil)
    }

    /// Seed 001's log pipeline: its producers and topics under `log`, its digest unchanged.
    @Test func seedOnesLogIsInItsJSONAndItsDigestIsUnchanged() throws {
        let result = try Self.file("seed-001-log-pipeline.yaml")
        #expect(result.digest == "aa31a99a21588a24")
        let document = try Self.document(result)
        let log = try #require(document["log"] as? Object)
        let producers = try #require(log["producers"] as? [Object])
        #expect(producers.count == 10 && producers[0]["name"] as? String == "producer-01" && producers[0]["acknowledged"] as? Int == 4000)
        #expect((log["topics"] as? [Object])?.first?["records"] as? Int == 4000)
        #expect(log["readByJobs"] as? Int == 40000 && log["lost"] as? Int == 0)
        #expect(((document["mapreduce"] as? Object)?["jobs"] as? [Any])?.count == 10)
    }

    /// Seed 000 (a 30-hour world, the slowest test here): its digest is unchanged, the keys it
    /// had are as committed in results/, and its jobs' attempts and output objects are there.
    @Test func seedZerosDigestAndEarlierKeysAreUnchangedAndItsJobsAreAdded() throws {
        let result = try Self.file("seed-000-platform.yaml")
        #expect(result.digest == "7438f089f9ebddec")
        var document = try Self.document(result)
        let jobs = try #require((document["mapreduce"] as? Object)?["jobs"] as? [Object])
        #expect(jobs.map { $0["id"] as? String } == ["nightly-logs", "morning-logs"])
        #expect(jobs.map { $0["attempts"] as? Int } == [19, 24] && jobs.map { $0["killedByCoordinatorRestart"] as? Int } == [1, 0])
        #expect(jobs.map { ($0["attemptRecords"] as? [Any])?.count } == [19, 24])
        let objects = try #require(jobs[0]["outputObjects"] as? [Object])
        #expect(objects.map { $0["key"] as? String } == ["nightly-logs/part-00000", "nightly-logs/part-00001"])
        #expect(objects.map { $0["bytes"] as? Int } == [10909, 10854])
        #expect((document["store"] as? Object)?["objects"] as? Int == 297)
        #expect(((document["backup"] as? Object)?["restores"] as? [Any])?.count == 2)
        let committed = try #require(try JSONSerialization.jsonObject(
            with: Data(contentsOf: packageRoot.appendingPathComponent("results/seed-000-platform/report.json"))) as? Object)
        var earlier = committed
        for key in ["mapreduce", "log", "queue", "store", "backup", "replay"] {
            document[key] = nil
            earlier[key] = nil
        }
        #expect(document.keys.sorted() == earlier.keys.sorted())
        let differing = earlier.keys.sorted().filter { key in
            guard let now = document[key], let before = earlier[key] else { return true }
            // Compared as JSON text: Foundation on Linux does not find its own parsed `true`s equal.
            func text(_ value: Any) -> Data? { try? JSONSerialization.data(withJSONObject: [value], options: [.sortedKeys]) }
            return text(now) == nil || text(now) != text(before)
        }
        #expect(differing == [])
    }
}
