import Testing
@testable import Scenarios
@testable import Simulator

/// A restarted node sends nothing before its `boot_time` is over (README: "`restart` brings a
/// crashed node back after its `boot_time`"). A restarted log or queue producer sent from its
/// restart on, booting or not — 1,800 records of a log producer booting 9 s → 14 s, 1,000 of them
/// in its first second catching up (checker V2) — because its loop outlived the crash. Each now
/// runs as its node's program (`Network.startProcess`): the crash ends it, and the restart starts a
/// new process once booted, which goes on at the producer's rate from the record in flight.
@Suite("Restart: a node sends nothing until its boot is over")
struct RestartBootSendsTests {
    /// The run of `yaml` and its trace.
    static func run(_ yaml: String, file: String = "w.yaml") throws -> (RunResult, [TraceEvent]) {
        let events = TraceEvents()
        let result = ScenarioRunner.run(try ScenarioLoader.parse(yaml, file: file), traceSink: { events.all.append($0) })
        return (result, events.all)
    }

    /// The instants, in nanoseconds, `node` sent at.
    static func sends(of node: String, in events: [TraceEvent]) -> [Int64] {
        events.filter { $0.kind == .send && $0.subject == node }.map(\.time.nanoseconds)
    }

    /// The sends of `node` while it was down — from a crash to the restart after it — or booting —
    /// from a restart to its `booted` line, or to the run's end if it never came; a restart
    /// without boot time writes none and ends no downtime of its own (repro_boot.py's rule, with
    /// restarts of no boot told apart).
    static func sendsWhileDownOrBooting(_ node: String, in events: [TraceEvent], bootTimes: [Int64: Int64]) -> [Int64] {
        var down = false
        var bootsUntil: Int64?
        var found: [Int64] = []
        for event in events where event.subject == node {
            let now = event.time.nanoseconds
            if let end = bootsUntil, now >= end, event.kind != .send { bootsUntil = nil }
            switch event.kind {
            case .crash: down = true
            case .restart:
                down = false
                if let boot = bootTimes[now], boot > 0 { bootsUntil = now + boot }
            case .booted: bootsUntil = nil
            case .send where down || bootsUntil.map({ now < $0 }) == true: found.append(now)
            default: break
            }
        }
        return found
    }

    static let logWorld = """
        name: logc5
        seed: 3
        run: {duration: 20s}
        log:
          topics: [{name: t1, partitions: 2}]
          producers: [{name: p1, topic: t1, records: 3000, rate: 200, start: 0s, seed: 1}]

        """

    static let queueWorld = """
        name: qcb
        seed: 2
        run: {duration: 20s}
        queue:
          brokers: 3
          replication: 2
          acks: all
          topics: [{name: T1, partitions: 2}]
          producers:
            - {name: producer-1, to: ["T1:*"], messages: 2000, rate: 200}
          consumers:
            - {name: consumer-1, from: ["T1:*"], commit_interval: 1s}

        """

    /// V2's logc5.yaml: p1 crashed at 5.0003 s, in flight with record 1,000 (sent at 5.000 s),
    /// restarted at 9 s booting 5 s. Nothing from 5.0003 s to 14 s; at 14.000 s record 1,000 again,
    /// then one every 5 ms, the last at 23.995 s (1,999 × 5 ms later): 3,001 sends, all 3,000 records
    /// acknowledged. It sent 1,800 while booting, 1,000 in its first second.
    @Test func aRestartedLogProducerWaitsForItsBootAndResumesAtItsRate() throws {
        let (result, events) = try Self.run(Self.logWorld + """
            faults:
              - {at: 5.0003s, crash: p1}
              - {at: 9s, restart: p1, boot_time: 5s}
            """)
        let sends = Self.sends(of: "p1", in: events)
        #expect(events.contains { $0.kind == .booted && $0.subject == "p1" && $0.time.nanoseconds == 14_000_000_000 })
        #expect(sends.filter { $0 > 5_000_300_000 && $0 < 14_000_000_000 } == [])
        #expect(Array(sends[999...1002]) == [4_995_000_000, 5_000_000_000, 14_000_000_000, 14_005_000_000])
        #expect(sends.count == 3001)
        #expect(sends.last == 23_995_000_000)
        // At its rate, never faster: 200 a second at most, in any second.
        #expect(zip(sends, sends.dropFirst()).allSatisfy { $1 - $0 >= 5_000_000 })
        let producer = try #require(result.log?.producers.first)
        #expect(producer.acknowledged == 3000)
        #expect(producer.errors == 0)
    }

    /// V2's qcb.yaml: producer-1 crashed at 3.0001 s, restarted at 6 s booting 2 s. Nothing from it
    /// until 8.000 s, then one message every 5 ms from the one in flight at the crash (2,001 sends,
    /// the last at 14.995 s); all 2,000 sent and acknowledged. It sent 506 while booting, and its
    /// digest was the world's without `boot_time`.
    @Test func aRestartedQueueProducerWaitsForItsBootAndResumesAtItsRate() throws {
        let (result, events) = try Self.run(Self.queueWorld + """
            faults:
              - {at: 3.0001s, crash: producer-1}
              - {at: 6s, restart: producer-1, boot_time: 2s}
            """)
        let sends = Self.sends(of: "producer-1", in: events)
        #expect(sends.filter { $0 > 3_000_100_000 && $0 < 8_000_000_000 } == [])
        #expect(Array(sends.filter { $0 >= 8_000_000_000 }.prefix(2)) == [8_000_000_000, 8_005_000_000])
        #expect(sends.count == 2001)
        #expect(sends.last == 14_995_000_000)
        #expect(zip(sends, sends.dropFirst()).allSatisfy { $1 - $0 >= 5_000_000 })
        let audit = try #require(result.queue?.audit)
        #expect([audit.sent, audit.acknowledged] == [2000, 2000])
    }

    /// A crash and a restart without `boot_time` (V2's qc.yaml): the new process starts at the
    /// restart, 6.000 s, and goes on at the producer's rate — no burst of what fell due while down.
    @Test func aRestartWithoutBootTimeResumesAtTheRestartAtTheProducersRate() throws {
        let (result, events) = try Self.run(Self.queueWorld + """
            faults:
              - {at: 3.0001s, crash: producer-1}
              - {at: 6s, restart: producer-1}
            """)
        let sends = Self.sends(of: "producer-1", in: events)
        #expect(sends.filter { $0 > 3_000_100_000 && $0 < 6_000_000_000 } == [])
        #expect(Array(sends.filter { $0 >= 6_000_000_000 }.prefix(2)) == [6_000_000_000, 6_005_000_000])
        #expect(sends.count == 2001)
        #expect(sends.last == 12_995_000_000)
        let audit = try #require(result.queue?.audit)
        #expect([audit.sent, audit.acknowledged] == [2000, 2000])
    }

    /// A process restart without `boot_time` between two sends, nothing in flight (record 1,000,
    /// sent at 5.000 s, answered by 5.003 s): every send at the instant it has without the
    /// restart, and the same records acknowledged.
    @Test func aProcessRestartBetweenSendsWithoutBootTimeMovesNoSend() throws {
        let (plain, plainEvents) = try Self.run(Self.logWorld)
        let (restarted, restartedEvents) = try Self.run(Self.logWorld + "faults: [{at: 5.003s, restart: p1}]\n")
        #expect(restartedEvents.contains { $0.kind == .restart && $0.subject == "p1" })
        let sends = Self.sends(of: "p1", in: restartedEvents)
        #expect(sends.count == 3000)
        #expect(sends == Self.sends(of: "p1", in: plainEvents))
        #expect(restarted.log?.producers.first?.acknowledged == plain.log?.producers.first?.acknowledged)
    }

    /// The network holds a producer's program weakly: a torn-down world whose producers were
    /// restarted leaves nothing alive (a restart observer holding the program would hold the network).
    @Test func aTornDownWorldWithRestartedProducersLeavesNothingAlive() throws {
        for yaml in [Self.logWorld + "faults: [{at: 5.0003s, crash: p1}, {at: 9s, restart: p1, boot_time: 5s}]\n",
                     Self.queueWorld + "faults: [{at: 3.0001s, crash: producer-1}, {at: 6s, restart: producer-1, boot_time: 2s}]\n"] {
            let (survivors, _) = WorldTearDownTests.runAndTearDown(try ScenarioLoader.parse(yaml, file: "w.yaml"))
            #expect(survivors.liveTasks == [])
            #expect(survivors.alive == [])
        }
    }

    /// One node kind that sends on its own schedule, restarted with a boot time in a world of its own.
    struct Kind: CustomTestStringConvertible, Sendable {
        let name: String
        let node: String
        let yaml: String
        /// The restarts' boot times by instant, in nanoseconds.
        let bootTimes: [Int64: Int64]
        /// Whether it sends again after its boot in this world (the check is not vacuous).
        let sendsAfterBoot: Bool
        var testDescription: String { name }
    }

    static let kinds: [Kind] = [
        Kind(name: "log producer", node: "p1", yaml: logWorld + "faults: [{at: 5.0003s, crash: p1}, {at: 9s, restart: p1, boot_time: 5s}]\n",
             bootTimes: [9_000_000_000: 5_000_000_000], sendsAfterBoot: true),
        Kind(name: "queue producer", node: "producer-1",
             yaml: queueWorld + "faults: [{at: 3.0001s, crash: producer-1}, {at: 6s, restart: producer-1, boot_time: 2s}]\n",
             bootTimes: [6_000_000_000: 2_000_000_000], sendsAfterBoot: true),
        Kind(name: "queue consumer", node: "consumer-1",
             yaml: queueWorld + "faults: [{at: 4.0002s, crash: consumer-1}, {at: 8s, restart: consumer-1, boot_time: 2s}]\n",
             bootTimes: [8_000_000_000: 2_000_000_000], sendsAfterBoot: true),
        Kind(name: "balancer health checks", node: "balancer", yaml: """
            name: bal
            seed: 1
            run: {duration: 12s}
            servers: [{name: s, count: 2, slots: 4, service_time: 1ms}]
            balancer: {strategy: round_robin, health_check: {interval: 200ms, timeout: 100ms, rise: 1, fall: 1}}
            workload: {type: closed_loop, users: 4, think_time: 50ms, timeout: 1s}
            faults: [{at: 3s, crash: balancer}, {at: 5s, restart: balancer, boot_time: 2s}]

            """, bootTimes: [5_000_000_000: 2_000_000_000], sendsAfterBoot: true),
        Kind(name: "MapReduce worker", node: "worker-2", yaml: mapReduceWorld, bootTimes: [6_000_000_000: 2_000_000_000], sendsAfterBoot: true),
        Kind(name: "MapReduce coordinator", node: "coordinator", yaml: mapReduceWorld, bootTimes: [6_500_000_000: 1_000_000_000],
             sendsAfterBoot: false),
        Kind(name: "log producer feeding a job, restarted running", node: "app", yaml: mapReduceWorld,
             bootTimes: [2_000_400_000: 1_000_000_000], sendsAfterBoot: true),
        Kind(name: "backup host", node: "app", yaml: """
            name: bk
            seed: 1
            run: {duration: 10s}
            object_store: {}
            backup: {host: app, sync_interval: 100ms, first_backup_at: 0s, backup_interval: 1s,
                     source: {files: 1, file_size: {median: 10}, changes_per_round: 0}}
            faults: [{at: 3.05s, restart: app, boot_time: 2s}]

            """, bootTimes: [3_050_000_000: 2_000_000_000], sendsAfterBoot: true),
        Kind(name: "store operations' client", node: "client", yaml: """
            name: st
            seed: 1
            network: {latency: {constant: 1ms}}
            object_store: {latency: {constant: 20ms}, buckets: [{name: data}]}
            operations:
              - put: {bucket: data, key: a, body: x}
              - wait: 990ms
              - put: {bucket: data, key: b, body: x}
              - put: {bucket: data, key: c, body: x}
            faults: [{at: 1s, restart: client, boot_time: 2s}]

            """, bootTimes: [1_000_000_000: 2_000_000_000], sendsAfterBoot: true),
    ]

    static let mapReduceWorld = """
        name: mr
        seed: 1
        run: {duration: 30s}
        log:
          topics: [{name: logs, partitions: 4}]
          producers: [{name: app, topic: logs, records: 4000, rate: 1000}]
        mapreduce:
          cluster: {workers: 4}
          jobs: [{id: counts, name: word-count, reducers: 2, submit_at: 5s, input: {topic: logs, records_per_split: 1000}}]
        faults:
          - {at: 2.0004s, restart: app, boot_time: 1s}
          - {at: 6s, restart: worker-2, boot_time: 2s}
          - {at: 6.5s, restart: coordinator, boot_time: 1s}

        """

    /// Every node kind a fault can restart that sends on its own schedule, each restarted with a
    /// boot time: none sends while down or booting. Workload clients are not among them: a fault
    /// other than a partition cannot name a client host. The queue consumer and the store
    /// operations' client sent while booting (36 sends and 2): the consumer now runs as its
    /// node's program, and the operations wait for the client's boot
    /// (RestartBootConsumerTests pins their first sends after it).
    @Test(arguments: kinds)
    func nothingIsSentWhileDownOrBooting(_ kind: Kind) throws {
        let (_, events) = try Self.run(kind.yaml)
        let early = Self.sendsWhileDownOrBooting(kind.node, in: events, bootTimes: kind.bootTimes)
        let boots = kind.bootTimes.map { $0.key + $0.value }
        if kind.sendsAfterBoot {
            #expect(Self.sends(of: kind.node, in: events).contains { send in boots.contains { send >= $0 } })
        }
        #expect(early == [])
    }
}
