import Foundation
import Testing
@testable import Scenarios

/// Runs the load-time estimate let through, found by fuzzing the release binary: a backup
/// manager over a slow store (abandoned backups' copies, timed-out uploads' versions), a composed
/// world running on past its duration for a job or a producer, and a queue run's late fault.
struct RunawayEstimateTests {
    static func error(_ text: String) -> String? {
        do {
            _ = try ScenarioFile.load(bytes: Array(text.utf8), file: "h.yaml")
            return nil
        } catch {
            return error.description
        }
    }

    // MARK: Backup over a slow store

    /// 1,000 bytes a second: the 13.8 KB manifest never arrives within the 5 s timeout, every
    /// sync tries the backup again and each attempt leaves a copy of every file (15 days of the
    /// shipped file so: 17,785 abandoned backups, 3.2 × 10⁶ copies, 81 s, 2.3 GB; 60 days ran
    /// past 295 s and 3.47 GB).
    @Test func aManifestThatNeverFitsTheTimeoutIsRefused() {
        #expect(Self.error("experiment: backup\nstore: {bytes_per_second: 1000}\nsource: {weights: {create: 1, delete: 1}}\n")
            == "h.yaml:2:27: error: no backup could complete: its manifest (about 13,816 bytes, a line for each of about 200 files) would take 13.816 s to upload at 1,000 bytes a second, longer than the client's 5.000 s timeout; every attempt, one at each sync from 7,200.000 s, may leave a copy of every file in the bucket — up to about 1.7 × 10⁷ copies over 5,184,000.000 s, more than the 1 × 10⁶ a run may make; raise bytes_per_second to at least 3,471 or client.timeout above 13.840 s (at store.bytes_per_second)")
        // A day of it is 1,320 attempts: slow, not a runaway.
        #expect(Self.error("experiment: backup\nduration: 1d\nstore: {bytes_per_second: 1000}\n") == nil)
    }

    /// The shipped file with its store slowed to 1,000 bytes a second (`"1e3"`), as the fuzzer
    /// wrote it, is refused at the rate; at the rate the refusal asks for it loads.
    @Test func theShippedBackupFileWithASlowStore() throws {
        let text = try String(contentsOfFile: scenarioDirectory + "/backup.yaml", encoding: .utf8)
        #expect(text.contains("bytes_per_second: 100MiB"))
        #expect(Self.error(text) == nil)
        let slow = try #require(Self.error(text.replacingOccurrences(of: "bytes_per_second: 100MiB", with: "bytes_per_second: \"1e3\"")))
        #expect(slow.hasPrefix("h.yaml:28:21: error: no backup could complete: its manifest (about 13,816 bytes, a line for each of about 200 files) would take 13.816 s"), "\(slow)")
        #expect(slow.hasSuffix("raise bytes_per_second to at least 3,471 or client.timeout above 13.840 s (at store.bytes_per_second)"), "\(slow)")
        #expect(Self.error(text.replacingOccurrences(of: "bytes_per_second: 100MiB", with: "bytes_per_second: 3471")) == nil)
    }

    /// 64 KiB files at 10 KiB a second: 62 % of them never upload within the timeout, yet every
    /// attempt is stored as a version (measured: 7 days, 110,824 attempts, 14.1 GB of noncurrent
    /// versions, 14 GB of memory). Without versioning an attempt replaces the object.
    @Test func timedOutUploadsStoredAsVersionsAreRefused() {
        let file = "experiment: backup\nduration: 7d\nsource: {file_size: {median: 64KiB, sigma: 0.8}}\nstore: {bytes_per_second: 10KiB}\n"
        #expect(Self.error(file)
            == "h.yaml:4:27: error: files over 51,200 bytes (62.1% of them) take longer than the client's 5.000 s timeout to upload at 10,240 bytes a second: every attempt times out, yet the store keeps what it received as a new version, and the manager tries again (6 attempts at every sync) — about 120,220 versions of about 125,850 bytes held over 604,800.000 s, 15.1 GiB with the files' own, more than the 4 GiB a run may use; raise bytes_per_second or client.timeout, or make the files smaller (at store.bytes_per_second)")
        #expect(Self.error(file + "versioning: false\n") == nil)
    }

    /// A world's backup manager over the same store is estimated as the experiment's.
    @Test func aWorldsBackupOverASlowStoreIsRefused() {
        #expect(Self.error("run: {duration: 7d}\nobject_store: {bytes_per_second: 10KiB}\nbackup: {source: {file_size: {median: 64KiB, sigma: 0.8}}}\n")
            == "h.yaml:2:34: error: this world would hold about 15.8 GiB (mostly for 'object_store.bytes_per_second'), more than the 4 GiB a run may use; raise object_store.bytes_per_second, so that the store writes in time (at object_store.bytes_per_second)")
    }

    // MARK: A composed world runs until its last job

    static let oneSecondOfTraffic = "run: {duration: 1s}\nservers: [{name: s, service_time: 1ms}]\nworkload: {type: open_loop, rate: 1}\n"

    /// The world waits for its job, beating its workers' heartbeats, whatever `run.duration`
    /// says: 100,000 hours of that grew to 1.26 GB in 112 s.
    @Test func aJobSubmittedLongAfterTheDurationIsRefusedAtItsSubmitAt() {
        let world = { (at: String) in
            Self.oneSecondOfTraffic + "mapreduce:\n  cluster: {workers: 1}\n  jobs: [{name: word-count, reducers: 1, submit_at: \(at), input: {synthetic: {lines: 1}}}]\n"
        }
        #expect(Self.error(world("100000h"))
            == "h.yaml:6:53: error: this world runs until 360,000,000.000 s, past its run.duration, because job 'job-1' (word-count) is submitted at 360,000,000.000 s (a composed world runs until its last job, producer, restore or operation), and over that time would need about 1.4 × 10¹⁰ events (mostly from 'mapreduce.cluster'), more than its event limit of 2 × 10⁹ (run.max_events); schedule it earlier (at mapreduce.jobs.[0].submit_at)")
        #expect(Self.error(world("1h")) == nil)
        // The budget covers the world's whole run: the same horizon as its time limit gives.
        let scenario = try? ScenarioLoader.scenario(from: ScenarioDocument.parse(world("1h"), file: "h.yaml"))
        #expect(scenario.map { ResourceBudget($0).horizon } == .seconds(3_600))
        #expect(scenario.flatMap { ResourceBudget($0).runsOn?.section } == "mapreduce.jobs.0.submit_at")
    }

    @Test func aProducerSendingLongAfterTheDurationIsRefusedAtIt() {
        #expect(Self.error(Self.oneSecondOfTraffic + "log:\n  topics: [{name: t, partitions: 1}]\n  producers: [{topic: t, records: 2, rate: 1e-8}]\nmapreduce:\n  cluster: {workers: 1}\n  jobs: [{name: word-count, reducers: 1, input: {synthetic: {lines: 1}}}]\n")
            == "h.yaml:6:15: error: this world runs until 100,000,000.000 s, past its run.duration, because producer 'producer-1' sends its last record at 100,000,000.000 s (a composed world runs until its last job, producer, restore or operation), and over that time would need about 4 × 10⁹ events (mostly from 'mapreduce.cluster'), more than its event limit of 2 × 10⁹ (run.max_events); schedule it earlier (at log.producers.[0])")
    }

    @Test func operationsWaitingLongAfterTheDurationAreRefusedAtTheOperations() {
        #expect(Self.error(Self.oneSecondOfTraffic + "mapreduce:\n  cluster: {workers: 1}\n  jobs: [{name: word-count, reducers: 1, input: {synthetic: {lines: 1}}}]\nobject_store: {}\noperations:\n  - create_bucket: photos\n  - wait: 100000h\n")
            == "h.yaml:9:3: error: this world runs until 360,000,000.000 s, past its run.duration, because the operations wait 360,000,000.000 s in all (a composed world runs until its last job, producer, restore or operation), and over that time would need about 1.4 × 10¹⁰ events (mostly from 'mapreduce.cluster'), more than its event limit of 2 × 10⁹ (run.max_events); schedule it earlier (at operations)")
    }

    // MARK: A queue run's late fault

    static let queueRun = """
        experiment: queue
        duration: 30s
        queue:
          brokers: 3
          replication: 2
          acks: all
          topics: [{name: T1, partitions: 1}]
          producers: [{name: producer-1, to: ["T1:*"], messages: 10, rate: 10}]
          consumers: [{name: consumer-1, from: ["T1:*"]}]
        runs:
          - name: late
            faults:
              - {at: 4s, crash: broker-1}

        """

    @Test func aQueueRunsLateFaultIsRefusedAtItsTime() {
        #expect(Self.error(Self.queueRun + "      - {at: 9000s, crash: broker-2}\n")
            == "h.yaml:14:14: error: fault 2 at 9,000.000 s comes after the run's 30.000 s and would never happen; move it earlier or raise duration (at runs.[0].faults.[1].at)")
        #expect(Self.error(Self.queueRun + "      - {at: 25s, for: 10s, pause: broker-2}\n")
            == "h.yaml:14:24: error: fault 2 would end at 35.000 s, after the run's 30.000 s; shorten its for or raise duration (at runs.[0].faults.[1].for)")
        #expect(Self.error(Self.queueRun + "      - {at: 25s, for: 5s, pause: broker-2}\n") == nil)
    }
}
