import Testing
@testable import Scenarios
@testable import Simulator

/// A paused log appends what reached it at its resume (README: "what reaches it … wait[s] until it
/// resumes"), as a SIGSTOPped Kafka broker appends the produce requests in its sockets once
/// continued. The resume is a timer and keeps no run going: a world whose producer gave up its
/// last record inside the pause ended there, and the copies the pause held never landed (2
/// records where 42 had been, B4). It now runs on to the resume, up to its time limit.
struct LogPauseHeldAppendsTests {
    /// The log paused from 1.5 s for 90 s, a producer of 10 records at 1/s, 5 attempts of 1 s
    /// with 1 s between two: records 0 and 1 are in at 1 ms and 1.001 s; records 2 … 9 are sent 5
    /// times each (calls 3 … 42, from 2 s to 73 s), all held; the last times out at 74 s.
    static let paused = """
        log:
          topics: [{name: t, partitions: 3}]
          producers: [{name: p, topic: t, records: 10, rate: 1}]
        faults:
          - {at: 1500ms, pause: log, for: 90s}

        """

    static func run(_ yaml: String) throws -> (RunResult, [TraceEvent]) {
        let events = TraceEvents()
        let result = ScenarioRunner.run(try ScenarioLoader.parse(yaml, file: "held.yaml"), traceSink: { events.all.append($0) })
        return (result, events.all)
    }

    static func value(_ metric: LogMetric, in result: RunResult) -> Double? { result.value(of: metric.metric) }

    /// The run ends at the resume, 91.5 s, not at the producer's end, 74 s: the 40 held copies
    /// are appended there, after the `resume` line, so the log holds 2 + 40 = 42 records — 8
    /// records given up on, each in the log 5 times (8 first copies, 32 duplicates).
    @Test func theHeldCopiesLandAtTheResume() throws {
        let (result, events) = try Self.run(Self.paused)
        #expect(result.failure == nil && result.passed)
        #expect(result.virtualSeconds == 91.5)
        let producer = try #require(result.log?.producers.first)
        #expect(producer.acknowledged == 2 && producer.errors == 8 && producer.finishedAt == 74)
        #expect(Self.value(.records, in: result) == 42)
        #expect(Self.value(.duplicates, in: result) == 32)
        #expect(Self.value(.errorsInLog, in: result) == 8)
        #expect(Self.value(.lost, in: result) == 0)
        let resume = VirtualInstant(nanoseconds: 91_500_000_000)
        #expect(events.filter { $0.kind == .resume }.map(\.time) == [resume])
        let puts = events.filter { $0.kind == .put }.map(\.time)
        #expect(puts.count == 42)
        #expect(puts.filter { $0 == resume }.count == 40)
        #expect(events.last?.time == resume)
    }

    /// A pause whose resume falls after the time limit keeps nothing going: the run ends with
    /// the producer, at 74 s, as before, with the 2 acknowledged records and no failure.
    @Test func aResumePastTheTimeLimitIsNotWaitedFor() throws {
        let (result, events) = try Self.run("run: {time_limit: 80s}\n" + Self.paused)
        #expect(result.failure == nil)
        #expect(result.virtualSeconds == 74)
        #expect(Self.value(.records, in: result) == 2)
        #expect(!events.contains { $0.kind == .resume })
    }

    /// A log crashed inside its pause loses what the pause held with its process: nothing is held
    /// at the producer's end, and the run ends there, at 74 s.
    @Test func aCrashInsideThePauseLosesTheHeldCopies() throws {
        let (result, events) = try Self.run(Self.paused + "  - {at: 50s, crash: log}\n")
        #expect(result.failure == nil)
        #expect(result.virtualSeconds == 74)
        let producer = try #require(result.log?.producers.first)
        #expect(producer.acknowledged == 2 && producer.errors == 8)
        #expect(!events.contains { $0.kind == .resume })
        #expect(events.filter { $0.kind == .put }.count == 2)
    }
}

/// A log producer crashed before its last record starts again once its node's restart has booted
/// (README: "a restart starts it again once booted"). A restart is a timer and keeps no run
/// going: a lone producer crashed at 10.5 s and restarted at 20 s ended the run at 11 s, its
/// process's next step, with 11 of its records sent and the restart never reached (B4).
struct LogProducerRestartRunsOnTests {
    /// 30 records at 1/s: 0 … 10 sent at 0 … 10 s; the crash at 10.5 s ends the process.
    static func world(restart: String) -> String {
        """
        log:
          topics: [{name: t, partitions: 1}]
          producers: [{name: p, topic: t, records: 30, rate: 1}]
        faults:
          - {at: 10500ms, crash: p}
          - {at: 20s, restart: p\(restart)}

        """
    }

    /// The restart at 20 s starts a new process, which sends record 11 at once and the rest at
    /// the producer's rate: record 29 at 38 s, acknowledged a round trip (1 ms) later.
    @Test func theRunReachesTheRestartAndTheProducerFinishes() throws {
        let (result, events) = try LogPauseHeldAppendsTests.run(Self.world(restart: ""))
        #expect(result.failure == nil && result.passed)
        let producer = try #require(result.log?.producers.first)
        #expect(producer.acknowledged == 30 && producer.errors == 0 && producer.finishedAt == 38.001)
        #expect(LogPauseHeldAppendsTests.value(.records, in: result) == 30)
        let sends = events.filter { $0.kind == .send && $0.subject == "p" }.map { $0.time.nanoseconds / 1_000_000_000 }
        #expect(sends == Array(0...10) + Array(20...38))
    }

    /// With a boot of 5 s the new process begins at 25 s, its `booted` line: record 29 at 43 s.
    @Test func aBootingRestartIsWaitedForToo() throws {
        let (result, events) = try LogPauseHeldAppendsTests.run(Self.world(restart: ", boot_time: 5s"))
        #expect(result.failure == nil)
        let producer = try #require(result.log?.producers.first)
        #expect(producer.acknowledged == 30 && producer.finishedAt == 43.001)
        let sends = events.filter { $0.kind == .send && $0.subject == "p" }.map { $0.time.nanoseconds / 1_000_000_000 }
        #expect(sends == Array(0...10) + Array(25...43))
    }
}
