import Foundation
import Simulator
import Testing
@testable import Scenarios

/// One test per composition edge of the world: the balancer's traffic on MapReduce hosts, a
/// crash seen by both, job output in the store, backups of it, and log records counted by a job.
struct WorldCompositionTests {
    static func run(_ yaml: String, seed: UInt64? = nil) throws -> RunResult {
        ScenarioRunner.run(try ScenarioLoader.parse(yaml, file: "world.yaml"), seed: seed)
    }

    /// Traffic through a balancer to servers on the coordinator and the workers, and a job.
    static let balancedCluster = """
        seed: 3
        run: {duration: 20s}
        balancer: {strategy: round_robin, health_check: {interval: 1s, timeout: 500ms, rise: 1, fall: 2}}
        servers:
          - {on: mapreduce.coordinator, weight: 2, service_time: 2ms}
          - {on: mapreduce.workers, service_time: 2ms}
        workload: {type: open_loop, rate: 50, timeout: 2s}
        mapreduce:
          cluster: {workers: 2, cost: {map_per_record: 2ms}, policy: {heartbeat_interval: 500ms, worker_timeout: 2s}}
          jobs:
            - {id: count, name: word-count, reducers: 2, submit_at: 1s, via: balancer,
               input: {synthetic: {lines: 2000, seed: 4}, split_size: 8KiB}}
        """

    @Test func aBalancerRoutedRequestLandsOnAMapReduceNode() throws {
        let result = try Self.run(Self.balancedCluster)
        let traffic = try #require(result.traffic)
        #expect(traffic.servers.map(\.id) == ["coordinator", "worker-1", "worker-2"])
        #expect(traffic.issued == 956 && traffic.succeeded == 956)
        // The servers also answered the job's submission, which came through the same balancer.
        #expect(traffic.servers.reduce(0) { $0 + $1.served } == 957)
        #expect(traffic.servers.allSatisfy { $0.served > 0 })
        let job = try #require(result.jobs.first)
        #expect(job.gatewayAttempts == 1)
        #expect(job.result.outputExact)
        #expect(result.passed)
    }

    @Test func aCrashOfThatNodeShowsInTheTrafficAndTheJob() throws {
        let yaml = Self.balancedCluster + "\nfaults:\n  - {at: 2s, crash: worker-1}\n  - {at: 12s, restart: worker-1}\n"
        let result = try Self.run(yaml)
        let traffic = try #require(result.traffic)
        let failover = try #require(traffic.balancer?.failovers.first { $0.server == "worker-1" })
        #expect(failover.at == 2)
        #expect(failover.detectedAt != nil)
        #expect(traffic.servers.first { $0.id == "worker-1" }.map { $0.lostInCrash + $0.served } ?? 0 > 0)
        let report = try #require(result.jobs.first?.result.run.report)
        let lost = report.attempts.filter { attempt in
            guard attempt.worker == "worker-1", case .lost = attempt.outcome else { return false }
            return true
        }
        #expect(!lost.isEmpty, "the crash must cost the job attempts on worker-1")
        #expect(report.statistics.lostAttempts == lost.count)
        #expect(result.jobs.first?.result.outputExact == true)
        #expect(result.timeline.contains { $0.node == "worker-1" && $0.kind == "down" && $0.start == 2 && $0.end == 12 })
    }

    @Test func aJobsOutputObjectIsInTheStoreWithTheRightETag() throws {
        let tiny = try Self.tinyFile()
        defer { try? FileManager.default.removeItem(atPath: tiny) }
        let result = try Self.run("""
            mapreduce:
              jobs:
                - {id: tiny, name: word-count, reducers: 1, input: {files: [data/tiny.txt]}, output: {bucket: results}}
            object_store:
              buckets: [{name: results, versioning: true}]
            expect: [store.acknowledged_writes_lost == 0, store.output_objects_exact == 1]
            """.replacingOccurrences(of: "data/tiny.txt", with: tiny))
        let object = try #require(result.jobs.first?.outputObjects.first)
        #expect(object.key == "results/tiny/part-00000")
        #expect(object.bytes == Array("cat\t1\nthe\t2\n".utf8).count)
        // hashlib.md5(b"cat\t1\nthe\t2\n").hexdigest()
        #expect(object.expectedETag == "\"bd2feb32243540f0f1b2d8212dfff12f\"")
        #expect(object.acknowledgedETag == object.expectedETag && object.storedETag == object.expectedETag)
        #expect(result.passed)
    }

    @Test func aBackupTakenAfterTheJobRestoresItByteForByte() throws {
        let tiny = try Self.tinyFile()
        defer { try? FileManager.default.removeItem(atPath: tiny) }
        let result = try Self.run("""
            run: {duration: 30m}
            mapreduce:
              jobs:
                - {id: tiny, name: word-count, reducers: 1, input: {files: [data/tiny.txt]},
                   output: {bucket: results, prefix: out/, backup: true}}
            object_store:
              buckets: [{name: results}]
            backup:
              host: coordinator
              first_backup_at: 10m
              backup_interval: 1h
              restores: [{at: 20m, backup: latest}]
            expect: [backup.restores_exact == true, backup.job_outputs_restored == 1]
            """.replacingOccurrences(of: "data/tiny.txt", with: tiny))
        let backup = try #require(result.backup)
        #expect(backup.backupsCreated == 1)
        let restore = try #require(backup.restores.first)
        #expect(restore.identical && restore.restoredFiles == 1 && restore.restoredBytes == 12)
        #expect(result.jobs.first?.backedUpPaths == ["out/part-00000"])
        #expect(result.checks.allSatisfy(\.holds) && result.passed)
    }

    @Test func aProducersRecordsAreAllCountedByTheJobUnderAConsumerCrash() throws {
        let result = try Self.run("""
            seed: 5
            log:
              topics: [{name: events, partitions: 3}]
              producers:
                - {name: app-1, topic: events, records: 600, rate: 200}
                - {name: app-2, topic: events, records: 400, rate: 100, seed: 9}
            mapreduce:
              cluster: {workers: 3, cost: {map_per_record: 5ms}, policy: {heartbeat_interval: 500ms, worker_timeout: 2s}}
              jobs:
                - {id: counts, name: word-count, reducers: 2, submit_at: 5s, input: {topic: events, records_per_split: 100}}
            faults:
              - {at: 5500ms, crash: worker-2}
            expect: [log.lost == 0, log.duplicates == 0, log.unread == 0, mapreduce.output_exact == true]
            """)
        let log = try #require(result.log)
        #expect(log.producers.map(\.acknowledged) == [600, 400])
        #expect(log.topics.map(\.records) == [1_000])
        #expect(log.readByJobs == 1_000)
        let job = try #require(result.jobs.first)
        #expect(job.result.inputRecords == 1_000)
        #expect(job.result.run.report?.statistics.map.inputRecords == 1_000)
        #expect(job.result.run.report?.statistics.lostAttempts ?? 0 > 0, "the crash must cost the job attempts")
        #expect(job.result.outputExact)
        #expect(result.checks.allSatisfy(\.holds) && result.passed)
    }

    @Test func aJobSubmittedThroughAGatewayIsRateLimitedAndStillRuns() throws {
        let result = try Self.run("""
            gateway: {rate_limit: {rate: 1, burst: 1}}
            servers: [{on: mapreduce.coordinator}]
            mapreduce:
              jobs:
                - {id: a, name: word-count, reducers: 1, via: gateway, input: {synthetic: {lines: 100}}}
                - {id: b, name: word-count, reducers: 1, via: gateway, input: {synthetic: {lines: 100, seed: 2}}}
            expect: [balancer.rate_limited >= 1, mapreduce.succeeded_jobs == 2]
            """)
        #expect(result.jobs.map(\.gatewayAttempts).max() ?? 0 > 1)
        #expect(result.checks.allSatisfy(\.holds) && result.passed)
    }

    @Test func theSameWorldAndSeedGiveTheSameRunAndAnotherSeedAnother() throws {
        let a = try Self.run(Self.balancedCluster), b = try Self.run(Self.balancedCluster), c = try Self.run(Self.balancedCluster, seed: 4)
        #expect(a.digest == b.digest && a.markdown() == b.markdown() && a.json() == b.json())
        #expect(a.digest != c.digest)
    }

    /// A new file holding "the cat\nthe\n", whose word count is `cat 1`, `the 2`; the caller
    /// removes it.
    static func tinyFile() throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("orrery-tiny-\(UUID().uuidString).txt")
        try Data("the cat\nthe\n".utf8).write(to: url)
        return url.path
    }
}
