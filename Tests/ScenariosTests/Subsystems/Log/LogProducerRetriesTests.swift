import Testing
@testable import Scenarios

/// A log producer retrying against a log that does not answer: its default time limit lets it
/// take every attempt of every record (the rule the queue's producers follow,
/// ``ProducerRetries``), so the run ends with its errors counted; and it stops at its last
/// attempt instead of waiting a `timeout` more (LG's w16, w17, w19).
struct LogProducerRetriesTests {
    static func run(_ yaml: String) throws -> RunResult {
        ScenarioRunner.run(try ScenarioLoader.parse(yaml, file: "retries.yaml"))
    }

    static func value(_ metric: LogMetric, in result: RunResult) -> Double? { result.value(of: metric.metric) }

    /// 5 records, one a second, 1,000 attempts of 10 s each; the log crashes for good at 1.5 s.
    static let crashedForGood = """
        log:
          topics: [{name: t, partitions: 1}]
          producers: [{name: p, topic: t, records: 5, rate: 1, attempts: 1000, timeout: 10s}]
        faults:
          - {at: 1500ms, crash: log}

        """

    /// A record may take 1,000 attempts of 10 s and 999 waits of 10 s, 19,990 s: the last of 5
    /// may end at 4 × 19,990 + 19,990 = 99,950 s, and the limit is an hour past that (3,604 s
    /// before, where the run stopped with the producer unfinished and no error counted).
    @Test func theDefaultTimeLimitCoversTheProducersRetries() throws {
        let scenario = try ScenarioLoader.parse(Self.crashedForGood, file: "retries.yaml")
        #expect(scenario.limits.timeLimit == .seconds(99_950 + 3_600))
        let result = ScenarioRunner.run(scenario)
        #expect(result.failure == nil)
        // Records 0 and 1 are acknowledged; 2, 3 and 4 take 19,990 s each from 2 s.
        #expect(result.virtualSeconds == 2 + 3 * 19_990)
        let producer = try #require(result.log?.producers.first)
        #expect(producer.acknowledged == 2 && producer.errors == 3 && producer.finishedAt == 59_972)
        #expect(Self.value(.producerErrors, in: result) == 3)
        #expect(result.passed)
    }

    /// Nothing can fail the producer's attempts: the limit is its last send and an hour, as before.
    @Test func aProducerThatCannotFailKeepsTheLimit() throws {
        let noFault = Self.crashedForGood.replacingOccurrences(of: "faults:\n  - {at: 1500ms, crash: log}\n", with: "")
        #expect(!noFault.contains("crash"))
        let scenario = try ScenarioLoader.parse(noFault, file: "retries.yaml")
        #expect(scenario.limits.timeLimit == .seconds(3_604))
    }

    /// With a `run.duration`, the estimate runs the world on until the producer's last retry, and
    /// says why, as it does for a queue producer.
    @Test func theEstimateRunsOnUntilTheLastRetry() throws {
        let scenario = try ScenarioLoader.parse("run: {duration: 10s}\n" + Self.crashedForGood, file: "retries.yaml")
        let budget = ResourceBudget(scenario)
        #expect(budget.horizon == .seconds(99_950))
        #expect(budget.runsOn?.section == "log.producers.0.timeout" && budget.runsOn?.retrying == true)
        #expect(budget.runsOn?.what == "producer 'p', whose 5 records may each take up to 1000 attempts of 10.000 s and as long between two, may still be retrying until 99,950.000 s")
    }

    /// Links of 600 ms, a 1 s timeout: every attempt lands and no answer comes back in time. Each
    /// record takes 3 attempts 2 s apart and no wait after the last: 0–5 s, 5–10 s, 10–15 s
    /// (finished at 18 s before). 9 copies of 3 records: 6 duplicates (9 before), and the 3
    /// records given up on are in the log all the same.
    @Test func everyAttemptLandsUnanswered() throws {
        let result = try Self.run("""
            network: {latency: 600ms}
            log:
              topics: [{name: t, partitions: 2}]
              producers: [{name: p, topic: t, records: 3, rate: 1, attempts: 3}]
            """)
        let producer = try #require(result.log?.producers.first)
        #expect(producer.acknowledged == 0 && producer.errors == 3 && producer.finishedAt == 15)
        #expect(Self.value(.records, in: result) == 9)
        #expect(Self.value(.duplicates, in: result) == 6)
        #expect(Self.value(.errorsInLog, in: result) == 3)
        #expect(Self.value(.produced, in: result) == 0 && Self.value(.lost, in: result) == 0)
        #expect(result.markdown().contains("Acknowledged records lost: 0; duplicates (copies beyond a record's first): 6; records given up on yet in the log: 3;"))
    }

    /// The log paused from 1.5 s for 90 s: the producer's last record fails at 74 s (82 s before,
    /// a wait of 1 s after each of 8 failed records). The 40 copies the pause held (5 attempts of
    /// each of records 2 … 9) land at the resume, 91.5 s, which the run now reaches
    /// (``LogPauseHeldAppendsTests``; it ended at 74 s with 2 records): 2 acknowledged, 32
    /// duplicates and 8 given up on yet in the log, 42 records.
    @Test func aPausedLogsProducerStopsAtItsLastAttempt() throws {
        let result = try Self.run("""
            log:
              topics: [{name: t, partitions: 3}]
              producers: [{name: p, topic: t, records: 10, rate: 1}]
            faults:
              - {at: 1500ms, pause: log, for: 90s}
            """)
        let producer = try #require(result.log?.producers.first)
        #expect(producer.acknowledged == 2 && producer.errors == 8 && producer.finishedAt == 74)
        #expect(Self.value(.records, in: result) == 42)
        #expect(Self.value(.duplicates, in: result) == 32 && Self.value(.errorsInLog, in: result) == 8)
        #expect(Self.value(.lost, in: result) == 0 && result.virtualSeconds == 91.5)
    }
}
