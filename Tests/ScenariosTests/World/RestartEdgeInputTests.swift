import Testing
@testable import Scenarios
@testable import Simulator

/// Hostile input on restarts (builder HX, session 85): a boot that outlasts `run.duration`, a
/// downtime that pushes a producer's last send past the 100 years a run may last, a crash during
/// the boot the operations' client waits out, and long lists of names.
struct RestartEdgeInputTests {
    static let logWorld = """
        name: l
        seed: 3
        run: {duration: 20s}
        log:
          topics: [{name: t1, partitions: 2}]
          producers: [{name: p1, topic: t1, records: 300, rate: 20, start: 0s, seed: 1}]

        """

    static let queueWorld = """
        name: q
        seed: 2
        run: {duration: 20s}
        queue:
          brokers: 3
          replication: 2
          acks: all
          topics: [{name: T1, partitions: 2}]
          producers:
            - {name: producer-1, to: ["T1:*"], messages: 200, rate: 20}
          consumers:
            - {name: consumer-1, from: ["T1:*"], commit_interval: 1s}

        """

    /// A log producer crashed at 5 s and restarted at 6 s booting 30 s: its new process starts at
    /// 36 s, past the 20 s `run.duration`, and the world runs on to it. It ended at 20 s, PASS
    /// with 100 of the 300 records, the producer never restarted.
    @Test func aLogProducersBootPastTheDurationIsRunOnTo() throws {
        let (result, events) = try RestartBootSendsTests.run(Self.logWorld + "faults: [{at: 5s, crash: p1}, {at: 6s, restart: p1, boot_time: 30s}]\n")
        let sends = RestartBootSendsTests.sends(of: "p1", in: events)
        #expect(sends.filter { $0 > 5_000_000_000 && $0 < 36_000_000_000 } == [])
        #expect(sends.first { $0 >= 36_000_000_000 } == 36_000_000_000)
        #expect(result.log?.producers.first?.acknowledged == 300)
        #expect(result.failure == nil && result.passed)
        #expect(result.virtualSeconds == 45.951)
    }

    /// The queue's producer alike: 200 messages, crashed at 5 s, restarted at 6 s booting 30 s. It
    /// ended at 20 s, PASS with 100 sent.
    @Test func aQueueProducersBootPastTheDurationIsRunOnTo() throws {
        let (result, events) = try RestartBootSendsTests.run(Self.queueWorld + "faults: [{at: 5s, crash: producer-1}, {at: 6s, restart: producer-1, boot_time: 30s}]\n")
        let sends = RestartBootSendsTests.sends(of: "producer-1", in: events)
        #expect(sends.filter { $0 > 5_000_000_000 && $0 < 36_000_000_000 } == [])
        #expect(sends.first { $0 >= 36_000_000_000 } == 36_000_000_000)
        let audit = try #require(result.queue?.audit)
        #expect([audit.sent, audit.acknowledged] == [200, 200])
    }

    /// 100 records due over 100 years, the node crashed at 1 s and restarted at 100 years booting
    /// 100 years: the last record would be sent ~299 years in, past the virtual clock's ~292
    /// years. The run reached the clock's last nanosecond and trapped (exit 132) writing its report;
    /// the file is refused at load now.
    @Test func aDowntimePushingTheLastSendPastAHundredYearsIsRefused() {
        let text = """
            name: l
            run: {duration: 3155760000s}
            log:
              topics: [{name: t1, partitions: 1}]
              producers: [{name: p1, topic: t1, records: 100, rate: 0.00000003138, start: 0s, seed: 1}]
            faults:
              - {at: 1s, crash: p1}
              - {at: 3155760000s, restart: p1, boot_time: 3155760000s}

            """
        #expect(loadError(text)?.description == "bad.yaml:5:15: error: producer 'p1' would send its last record at 9,466,395,716.017 s, its node held down 6,311,519,999.000 s by the file's crash and restart faults before then: past the 100 years (3,155,760,000 s) a run may last; restart its node sooner or shorten its boot_time (at log.producers.[0])")
    }

    /// The operations' client restarted at 10 s booting 5 s and crashed at 12 s: the step due at
    /// 10.013 s does not run at the boot's planned end either, the node being down. It was sent
    /// from the dead node at 15 s and waited out the one-hour timeout (the list ended at 3,615 s,
    /// "the store did not answer: timeout").
    @Test func aStepWaitingForABootACrashEndedIsNotRun() throws {
        let (result, events) = try RestartBootSendsTests.run(OperationClientDownTests.world(
            "  - {at: 10s, restart: client, boot_time: 5s}\n  - {at: 12s, crash: client}"), file: "ops.yaml")
        #expect(result.virtualSeconds == 15)
        guard case .failure(let failure) = result.operations else { Issue.record("the operations did not stop"); return }
        #expect(failure.error == .clientDown("client", at: VirtualInstant(nanoseconds: 15_000_000_000)))
        #expect(failure.located(in: "ops.yaml")
            == "ops.yaml:7:5: operation 3 (put): not run: its client 'client' was down (crashed, not yet restarted) when it was due, at 15.000 s")
        #expect(RestartBootSendsTests.sends(of: "client", in: events) == [0])
    }

    /// 1,000 buckets, 1,000 log topics: every name's look-alike form is worked out once
    /// (``DistinctNames``), where each new name worked out every earlier one's again (15 s to
    /// load 1,000 buckets). The refusals are the one rule's, in its words.
    @Test func longListsOfNamesLoadAndTwinsAreRefusedAsBefore() throws {
        let buckets = (0..<1000).map { "{name: b\(String(repeating: "a", count: 50))\($0 + 1000)}" }.joined(separator: ", ")
        let store = try ScenarioLoader.parse("object_store: {buckets: [\(buckets)]}\noperations:\n  - put: {bucket: b\(String(repeating: "a", count: 50))1000, key: k, body: x}\n", file: "s.yaml")
        #expect(store.store?.buckets.count == 1000)
        let topics = (0..<1000).map { "{name: \"\u{FF54}\($0)\", partitions: 1}" }.joined(separator: ", ")
        let log = try ScenarioLoader.parse("run: {duration: 1s}\nlog:\n  topics: [\(topics)]\n", file: "l.yaml")
        #expect(log.log?.topics.count == 1000)
        #expect(loadError("run: {duration: 1s}\nlog:\n  topics: [{name: a, partitions: 1}, {name: \"\u{FF54}\", partitions: 1}, {name: t, partitions: 1}]\n")?.description
            == "bad.yaml:3:73: error: topic 't' (U+0074) names the same as topic '\u{FF54}' (U+FF54) in other code points (Unicode compatibility equivalence, NFKC); give each topic its own name: the report's rows and the metrics' series tell the topics apart by it (at log.topics.[2].name)")
        #expect(loadError("run: {duration: 1s}\nlog:\n  topics: [{name: t, partitions: 1}, {name: a, partitions: 1}, {name: t, partitions: 1}]\n")?.description
            == "bad.yaml:3:71: error: topic 't' is listed twice; give each topic its own name: the report's rows and the metrics' series tell the topics apart by it (at log.topics.[2].name)")
    }
}
