import Foundation
import Testing
@testable import Scenarios
import Simulator

/// The load-time estimate over the time a world can really run: a queue world's producers
/// retrying past its duration, a backup manager's abandoned backups one per attempt rather than
/// one per sync, and the figures of the refusals.
struct ResourceBudgetRunningOnTests {
    static func error(_ text: String, file: String = "h.yaml") -> String? { FaultKindSettingsTests.error(text, file: file) }

    // MARK: A queue world runs on while its producers retry

    /// A producer cut off from the brokers half a second into a 10 s run: each of its 10
    /// messages may take 100 attempts of 100 s and as long between two, but expires 120 s after
    /// its send (Kafka's delivery timeout), so the run goes on to 120.9 s, its consumer polling
    /// 200 partitions all the while (it runs 247,332 events). Measured before the delivery
    /// timeout: it loaded, estimated at 76,182 events over its 10 s, and ran 7,404,762 events to
    /// its time limit, 3,620 s.
    static func cutOffProducer(maxEvents: String? = nil) -> String {
        """
        name: queue-runs-on
        seed: 1
        run: {duration: 10s\(maxEvents.map { ", max_events: \($0)" } ?? "")}
        network: {latency: 1ms}
        queue:
          brokers: 3
          replication: 2
          topics: [{name: T, partitions: 200}]
          producers:
            - {name: p, to: ["T:*"], messages: 10, rate: 10, timeout: 100s, attempts: 100}
          consumers:
            - {name: c, from: ["T:*"], poll_interval: 100ms}
        faults:
          - {at: 0.5s, partition: [[p]]}
        """
    }

    @Test func aProducerRetryingPastTheDurationIsEstimatedUntilTheTimeLimit() throws {
        let scenario = try ScenarioLoader.parse(Self.cutOffProducer(), file: "q.yaml")
        let budget = ResourceBudget(scenario)
        #expect(scenario.limits.timeLimit == .seconds(3_620))
        #expect((budget.horizon.seconds * 1_000).rounded() == 120_900)
        #expect(budget.runsOn?.section == "queue.producers.0.messages")
        #expect(budget.runsOn?.retrying == true)
        #expect(QueueSection.latestRetryEnd(of: try #require(scenario.queue?.producers.first)) == 199_000)
        // At least the 247,332 events the run processes.
        #expect(budget.events > 247_332)
        // A consumer fetches its partitions one after the other, a round trip each (session 71):
        // 120.9 s of 200 partitions polled every 100 ms over 1 ms links, a round every 0.5 s,
        // 30 events a fetch (its wall time: ``ResourceBudget``'s queue work).
        #expect(Int(budget.events) == 1_649_232)
    }

    @Test func aProducerRetryingPastTheDurationIsRefusedAtItsTimeout() {
        #expect(Self.error(Self.cutOffProducer(maxEvents: "500000"), file: "q.yaml")
            == "q.yaml:10:40: error: this world may run until 120.900 s, past its run.duration, because producer 'p', whose 10 messages may each take up to 100 attempts of 100.000 s and as long between two until it expires 120.000 s after its send (its delivery timeout), may still be retrying until 120.900 s (a queue world runs on while a producer retries, up to its time limit), and over that time would need about 1.6 × 10⁶ events (mostly from 'queue.consumers'), more than its event limit of 500,000 (run.max_events); send its messages sooner (a higher rate or fewer messages), or set a shorter run.time_limit (at queue.producers.[0].messages)")
        // Just inside its event limit it loads; so does it with the default limit.
        #expect(Self.error(Self.cutOffProducer(maxEvents: "1649233")) == nil)
        let justOver = Self.error(Self.cutOffProducer(maxEvents: "1649232"))
        // Its figures with the digits that tell them apart.
        #expect(justOver?.contains("would need about 1.649233 × 10⁶ events (mostly from 'queue.consumers'), more than its event limit of 1.649232 × 10⁶ (run.max_events)") == true, "\(justOver ?? "")")
        #expect(Self.error(Self.cutOffProducer()) == nil)
        // Over a shorter time limit it fits: what keeps it running stops there.
        #expect(Self.error(Self.cutOffProducer(maxEvents: "500000").replacingOccurrences(of: "run: {duration: 10s", with: "run: {duration: 10s, time_limit: 30s")) == nil)
    }

    /// A producer that cannot outlast its run by much keeps it running only until its last
    /// message's attempts are over: 10 messages at 10 a second, 3 attempts of 100 ms each, end by
    /// 9 × 0.5 s + 0.5 s = 5 s.
    @Test func aProducerIsEstimatedUntilItsLastMessageCouldHaveGivenUp() throws {
        // Round trips of up to 120 ms can outlast the 100 ms timeout: an attempt can fail.
        let yaml = """
            run: {duration: 2s}
            network: {latency: 60ms}
            queue:
              heartbeat_interval: 1s
              topics: [{name: T, partitions: 1}]
              producers: [{name: p, to: ["T:*"], messages: 10, rate: 10, timeout: 100ms, attempts: 3}]
            """
        let scenario = try ScenarioLoader.parse(yaml, file: "q.yaml")
        let budget = ResourceBudget(scenario)
        #expect(budget.horizon == .seconds(5))
        #expect(budget.runsOn?.what == "producer 'p', whose 10 messages may each take up to 3 attempts of 0.100 s and as long between two, may still be retrying until 5.000 s")
        // One attempt each, sent within the duration: nothing keeps the run going.
        let once = try ScenarioLoader.parse(yaml.replacingOccurrences(of: "timeout: 100ms, attempts: 3", with: "timeout: 100ms, attempts: 1"), file: "q.yaml")
        #expect(ResourceBudget(once).horizon == .seconds(2))
        #expect(ResourceBudget(once).runsOn == nil)
    }

    /// The brokers' and the consumers' heartbeats count, 10 events each: 3 brokers and a
    /// consumer every millisecond for 10 s are 40,000 heartbeats (measured: 6.3 events each).
    @Test func queueHeartbeatsCountAgainstTheEventLimit() {
        let world = { (limit: Int) in
            """
            run: {duration: 10s, max_events: \(limit)}
            queue:
              heartbeat_interval: 1ms
              topics: [{name: T, partitions: 1}]
              consumers: [{name: c, from: ["T:*"], poll_interval: 100ms}]
            """
        }
        #expect(Self.error(world(100_000), file: "q.yaml")
            == "q.yaml:3:23: error: this world would need about 403,050 events over its 10.000 s of virtual time (mostly from 'queue.heartbeat_interval'), more than its event limit of 100,000 (run.max_events); shorten the run (run.duration, run.time_limit, or the latest time the file schedules something) or lower the rate or size (at queue.heartbeat_interval)")
        // The consumer's 99 fetches of its partition, 30 events each (a poll every 100 ms and a
        // round trip of 1 ms: 10 s ÷ 0.101 s), are 403,050.3 with the heartbeats.
        #expect(Self.error(world(403_051)) == nil)
        #expect(Self.error(world(403_050)) != nil)
    }

    // MARK: Abandoned backups, one an attempt

    /// 200 files whose manifest (13.6 KB) takes 68 s at 200 bytes a second, against a 60 s
    /// timeout: every backup is abandoned, but only after its manifest's 6 attempts of 60 s and
    /// their backoffs (361.55 s at least), so with a 10 s sync one is tried every 370 s, not
    /// every sync. Measured: a day ran in 0.38 s with 223 abandoned backups (224 estimated, about
    /// 45,000 copies); one a sync had put it at 1.7 × 10⁶ copies and refused it. At 250 bytes a
    /// second the manifest fits, and the day runs in 0.03 s.
    static func slowStore(duration: String, bytesPerSecond: Int = 200) -> String {
        """
        experiment: backup
        duration: \(duration)
        sync_interval: 10s
        first_backup_at: 1h
        source: {files: 200, file_size: {median: 100B, sigma: 0.8}, weights: {create: 0.2, modify: 0.5, delete: 0.2, rewrite: 0.1}}
        store: {bytes_per_second: \(bytesPerSecond)}
        client: {timeout: 60s, max_attempts: 6}
        """
    }

    @Test func abandonedBackupsAreOneAnAttemptNotOneASync() throws {
        #expect(Self.error(Self.slowStore(duration: "1d")) == nil)
        #expect(Self.error(Self.slowStore(duration: "1d", bytesPerSecond: 250)) == nil)
        let abandoned = try #require(ResourceBudget.abandonedBackups(
            churn: SourceChurn(initialFiles: 200, fileSize: .lognormal(median: 100, sigma: 0.8), createWeight: 0.2, modifyWeight: 0.5, deleteWeight: 0.2, rewriteWeight: 0.1),
            manager: BackupManager.Configuration(syncInterval: .seconds(10), firstBackupAt: .seconds(3_600)),
            store: ObjectStore.Configuration(bytesPerSecond: 200), timeout: .seconds(60),
            retry: RetryPolicy(maxAttempts: 6), over: .seconds(86_400)))
        #expect(abandoned.spacing == 370)
        #expect(abandoned.attempts == 224)
        #expect(abandoned.manifestBytes == 13_616)
    }

    /// Over 30 days the same store is refused (about 7,000 backups of 200 files), naming the
    /// spacing; over 20 days (about 4,700) it loads.
    @Test func abandonedBackupsOverAMonthAreRefused() {
        #expect(Self.error(Self.slowStore(duration: "30d"))
            == "h.yaml:6:27: error: no backup could complete: its manifest (about 13,616 bytes, a line for each of about 200 files) would take 68.080 s to upload at 200 bytes a second, longer than the client's 60.000 s timeout; every attempt, one every 370.000 s (the first sync after its manifest's 6 attempts have timed out) from 3,600.000 s, may leave a copy of every file in the bucket — up to about 1.4 × 10⁶ copies over 2,592,000.000 s, more than the 1 × 10⁶ a run may make; raise bytes_per_second to at least 284 or client.timeout above 68.104 s (at store.bytes_per_second)")
        #expect(Self.error(Self.slowStore(duration: "20d")) == nil)
        // 5,000 backups of 200 files are the most a run may leave: 1,849,999 s after the first
        // backup at 1 h, one every 370 s; a second more is one backup too many.
        #expect(Self.error(Self.slowStore(duration: "1853599s")) == nil)
        #expect(Self.error(Self.slowStore(duration: "1853600s"))?.contains("— up to about 1.0002 × 10⁶ copies over 1,853,600.000 s, more than the 1 × 10⁶ a run may make;") == true)
    }

    // MARK: Figures

    @Test func figuresReadAsTheRestOfTheMessages() {
        #expect(NumberText.figure(512) == "512")
        #expect(NumberText.figure(13_816) == "13,816")
        #expect(NumberText.figure(999_999.4) == "999,999")
        #expect(NumberText.figure(999_999.6) == "1 × 10⁶")
        #expect(NumberText.figure(1.7e7) == "1.7 × 10⁷")
        #expect(NumberText.figure(5e6) == "5 × 10⁶")
        #expect(NumberText.figure(3e17) == "3 × 10¹⁷")
        #expect(NumberText.figure(2.5e-7) == "0")
        #expect(NumberText.figure(-2e6) == "-2 × 10⁶")
    }

    /// An estimate just over its limit is written with the digits that tell them apart: the
    /// queue experiment's refusal once read `5.0e+06 more than 5.0e+06`.
    @Test func anEstimateJustOverItsLimitReadsAsMore() {
        #expect(NumberText.figures(5_000_400, against: 5e6) == ("5.0004 × 10⁶", "5 × 10⁶"))
        #expect(NumberText.figures(5.04e6, against: 5e6) == ("5.04 × 10⁶", "5 × 10⁶"))
        #expect(NumberText.figures(2.1e9, against: 2e9) == ("2.1 × 10⁹", "2 × 10⁹"))
        #expect(NumberText.figures(2_000_000_001, against: 2e9) == ("2.000000001 × 10⁹", "2 × 10⁹"))
        #expect(NumberText.figures(1.2e8, against: 5e7) == ("1.2 × 10⁸", "5 × 10⁷"))
        #expect(NumberText.figures(400_380, against: 100_000) == ("400,380", "100,000"))
        #expect(NumberText.figures(512.4, against: 512) == ("512.4", "512"))
        #expect(NumberText.figures(1_000_000.2, against: 999_999.9) == ("1 × 10⁶", "999,999.9"))
    }

    // MARK: The explicit operations wait for a store a fault can strike

    /// One put to a store crashed at 0 s, beside a hundred servers health-checked every 1 ms for
    /// 10 s: the operations' client waits an hour for each answer (not the store's 5 s
    /// `client.timeout`) and tries it 6 times, so the world ran on to its time limit (7,200 s),
    /// killed after 70 s of running; with a 60 s time limit it stopped there in 2.3 s (37 MB).
    static func putToACrashedStore(run: String = "{duration: 10s}", attempts: Int? = nil) -> String {
        """
        name: q5
        run: \(run)
        servers: [{name: web, count: 100, slots: 4, service_time: 1ms}]
        balancer: {strategy: round_robin, health_check: {interval: 1ms, timeout: 500ms, rise: 1, fall: 1}}
        workload: {type: open_loop, rate: 10, timeout: 1s}
        object_store: {buckets: [{name: bkt}]\(attempts.map { ", client: {max_attempts: \($0)}" } ?? "")}
        operations:
          - put: {bucket: bkt, key: a, body: hello}
        faults: [{at: 0s, crash: s3}]
        """
    }

    @Test func aPutToACrashedStoreKeepsTheWorldRunningUntilItsTimeLimit() throws {
        let budget = ResourceBudget(try ScenarioLoader.parse(Self.putToACrashedStore(run: "{duration: 10s, max_events: 100000000000}"), file: "q5.yaml"))
        #expect(budget.horizon == .seconds(7_200))
        #expect(budget.runsOn?.section == "faults")
        #expect(budget.runsOn?.stuck == true)
        #expect(Self.error(Self.putToACrashedStore(), file: "q5.yaml")
            == "q5.yaml:9:9: error: this world may run until 7,200.000 s, past its run.duration, because the crash s3 at 0.000 s may leave each of the operations' requests waiting its whole timeout (3,600.000 s) at each of its 6 attempts (object_store.client.max_attempts), until 21,603.100 s (a composed world runs until its last job, producer, restore or operation ends, up to its time limit), and over that time would need about 7.2 × 10⁹ events (mostly from 'balancer.health_check'), more than its event limit of 2 × 10⁹ (run.max_events); set a shorter run.time_limit (at faults)")
        // One attempt: an hour.
        #expect(Self.error(Self.putToACrashedStore(attempts: 1))?.contains("waiting its whole timeout (3,600.000 s), until 3,600.000 s") == true)
        // Just inside: a time limit of a minute; or no fault.
        #expect(Self.error(Self.putToACrashedStore(run: "{duration: 10s, time_limit: 60s}")) == nil)
        #expect(Self.error(Self.putToACrashedStore().replacingOccurrences(of: "faults: [{at: 0s, crash: s3}]", with: "")) == nil)
    }
}
