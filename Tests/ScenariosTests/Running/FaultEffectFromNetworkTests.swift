import Testing
@testable import Scenarios
@testable import Simulator

/// A report's struck faults follow what the network did (``Network/faultsWithoutEffect``), not a
/// replay of the schedule, which saw no node state set outside it: a deployment's restart, a
/// scale-in, MapReduce's attempt chaos. The replay listed a crash of a server a deployment had
/// restarted as "no effect: a already crashed" and a crash of a worker the chaos had crashed as
/// struck; and a hang of a crashed node was traced, counted and joined a Failovers row though
/// the network's restart clears it. Each world pins the report's list, its Failovers rows, the
/// `orrery_faults_total` samples and the trace's fault lines.
struct FaultEffectFromNetworkTests {
    struct Observed {
        var result: RunResult
        var metrics: [String: Double]
        /// The trace's JSON lines (`--trace FILE.jsonl`) of the faults' kinds.
        var faultLines: [String]
    }

    static func run(_ text: String) throws -> Observed {
        let scenario = try ScenarioLoader.parse(text, file: "effect.yaml")
        let observer = RunObserver(ObservationOptions(trace: .perfetto, metrics: true))
        let trace = JSONLinesTrace()
        let faultKinds: Set<TraceKind> = [.crash, .restart, .pause, .resume, .hang]
        let result = ScenarioRunner.run(scenario, traceSink: { if faultKinds.contains($0.kind) { trace.append($0) } }, observer: observer)
        let run = ObservabilityFixture.Run(result: result, observer: observer)
        let metrics = MapReduceObservabilityTests.lastSamples(run).filter { $0.key.hasPrefix("orrery_faults_total{") }
        return Observed(result: result, metrics: metrics, faultLines: trace.text.split(separator: "\n").map(String.init))
    }

    static func lines(_ json: String...) -> [String] { json }

    /// A crash during a deployment's restart of the same server, a pause while it boots: the
    /// deployment restarted the crashed `a` at 4 s (boot 1 s), so the pause at 4.5 s found it
    /// booting and the crash at 6 s struck. The replay, blind to the deployment, listed
    /// "4.500 s: pause a for 1.000 s (no effect: a already crashed)" and
    /// "6.000 s: crash a (no effect: a already crashed)", and the row held the first crash alone,
    /// while `orrery_faults_total` counted both crashes.
    @Test func aCrashDuringADeploymentsRestartStruck() throws {
        let observed = try Self.run(Self.deployCrash)
        #expect(observed.result.faults == [
            "3.000 s: crash a",
            "4.500 s: pause a for 1.000 s (no effect: a still booting)",
            "6.000 s: crash a",
        ])
        #expect(observed.result.traffic?.balancer?.failovers == [
            Failover(server: "a", faults: ["crash a", "crash a (at 6.000 s)"], at: 3, detectedAt: 4.003, repairedAt: nil, recoveredAt: nil),
        ])
        // The deployment's restarts (at 4 s and its rollback's at 34 s) are the deployment's, not
        // faults (checker P, s78); no pause.
        #expect(observed.metrics == ["orrery_faults_total{fault=\"crash\",node=\"a\"}": 2])
        #expect(observed.faultLines == Self.lines(
            #"{"t":3000000000,"kind":"crash","subject":"a","object":"","value":0}"#,
            #"{"t":4000000000,"kind":"restart","subject":"a","object":"","value":0}"#,
            #"{"t":6000000000,"kind":"crash","subject":"a","object":"","value":0}"#,
            #"{"t":34000000000,"kind":"restart","subject":"a","object":"","value":0}"#))
        #expect(observed.result.digest == "2a54f072572d954b")
    }

    static let deployCrash = """
        name: deploy-crash
        seed: 1
        run: {duration: 12s}
        network: {latency: 0.5ms}
        servers:
          - {name: a, slots: 1, service_time: 10ms}
          - {name: b, slots: 1, service_time: 10ms}
        balancer:
          strategy: least_conn
          forward_timeout: 10s
          retries: {tries: 3, on: [error, timeout]}
          passive_health: {max_fails: 0}
          health_check: {interval: 2s, timeout: 1s, rise: 2, fall: 1}
        workload: {type: closed_loop, users: 2, timeout: 60s}
        deploy: {at: 4s, strategy: rolling, drain: false, boot_time: 1s, health_deadline: 30s, pause: 1s, max_error_ratio: 0.05, servers: [a]}
        faults:
          - {at: 3s, crash: a}
          - {at: 4.5s, pause: a, for: 1s}
          - {at: 6s, crash: a}
        """

    /// Attempt chaos crashed worker-1 at 1.102 s and worker-2 at 1.381 s (crash probability 0.5,
    /// 4 s down): the scheduled crashes at 2 s changed nothing, and the pause at 5.3 s, after
    /// the chaos restarted worker-1 at 5.102 s, struck. The replay listed both crashes as struck
    /// and the pause as "no effect: worker-1 already crashed", beside a trace and
    /// `orrery_faults_total` that had the pause and neither crash.
    @Test func aScheduledCrashOfAWorkerTheChaosCrashedHadNoEffect() throws {
        let observed = try Self.run(Self.chaosCrash)
        #expect(observed.result.faults == [
            "2.000 s: crash worker-1 (no effect: worker-1 already crashed)",
            "2.000 s: crash worker-2 (no effect: worker-2 already crashed)",
            "3.000 s: pause worker-1 for 1.000 s (no effect: worker-1 already crashed)",
            "5.300 s: pause worker-1 for 0.200 s",
        ])
        #expect(observed.metrics == [
            "orrery_faults_total{fault=\"crash\",node=\"worker-1\"}": 11, "orrery_faults_total{fault=\"crash\",node=\"worker-2\"}": 10,
            "orrery_faults_total{fault=\"pause\",node=\"worker-1\"}": 1,
            "orrery_faults_total{fault=\"restart\",node=\"worker-1\"}": 11, "orrery_faults_total{fault=\"restart\",node=\"worker-2\"}": 10,
        ])
        #expect(observed.faultLines.count == 44)
        #expect(Array(observed.faultLines.prefix(8)) == Self.lines(
            #"{"t":1102000000,"kind":"crash","subject":"worker-1","object":"","value":0}"#,
            #"{"t":1380653030,"kind":"crash","subject":"worker-2","object":"","value":0}"#,
            #"{"t":5102000000,"kind":"restart","subject":"worker-1","object":"","value":0}"#,
            #"{"t":5300000000,"kind":"pause","subject":"worker-1","object":"","value":200000000}"#,
            #"{"t":5380653030,"kind":"restart","subject":"worker-2","object":"","value":0}"#,
            #"{"t":5500000000,"kind":"resume","subject":"worker-1","object":"","value":0}"#,
            #"{"t":5603000000,"kind":"crash","subject":"worker-1","object":"","value":0}"#,
            #"{"t":5853000000,"kind":"crash","subject":"worker-2","object":"","value":0}"#))
        // The timeline draws what the network did, the attempt chaos's outages too (it drew the
        // pause alone, from the schedule): 22 bars, 21 of them the chaos's 4 s crashes.
        let down = observed.result.timeline.filter { $0.kind == "down" }.map { "\($0.node) \($0.start)–\($0.end) \($0.label)" }
        #expect(down.count == 22)
        #expect(Array(down.prefix(5)) == ["worker-1 1.102–5.102 down", "worker-2 1.38065303–5.38065303 down", "worker-1 5.3–5.5 paused",
                                         "worker-1 5.603–9.603 down", "worker-2 5.853–9.853 down"])
        #expect(observed.result.digest == "b37bb4c3a1739087")
    }

    static let chaosCrash = """
        name: chaos-crash
        seed: 3
        run: {duration: 30s}
        mapreduce:
          cluster:
            workers: 2
            policy: {heartbeat_interval: 500ms, worker_timeout: 3s, task_timeout: 4s, max_attempts: 8}
          attempt_chaos: {crash_probability: 0.5, stall_probability: 0, delay: 100ms, downtime: 4s}
          jobs:
            - {id: c1, name: word-count, reducers: 1, submit_at: 1s, input: {synthetic: {lines: 2000, seed: 3}, split_size: 32KiB}, output: {bucket: mrout, prefix: c1/}}
        object_store: {buckets: [{name: mrout}]}
        faults:
          - {at: 2s, crash: worker-1}
          - {at: 2s, crash: worker-2}
          - {at: 3s, pause: worker-1, for: 1s}
          - {at: 5.3s, pause: worker-1, for: 200ms}
        """

    /// A hang of a crashed server changes nothing: nothing reaches it while it is down, and the
    /// restart starts a new process without it (``Network/restart(_:bootTime:)`` clears it). The
    /// network now ignores it as it ignores a crash of a crashed node: not traced, not counted,
    /// listed "no effect", part of no row. A hang of the server while it boots holds once it is
    /// up, and stays. Before: "2.000 s: hang web1" with a `hang` trace line at 2 s,
    /// `orrery_faults_total{fault="hang"}` 2, a row "crash web1 + hang web1 (at 2.000 s) + hang
    /// web1 for 1.000 s (at 3.200 s)" and the digest 3acd260a3904eadd.
    @Test func aHangOfACrashedServerThenARestartHadNoEffect() throws {
        let observed = try Self.run(Self.hangCrashed)
        #expect(observed.result.faults == [
            "1.000 s: crash web1",
            "2.000 s: hang web1 (no effect: web1 already crashed)",
            "3.000 s: restart web1 (boot 0.500 s)",
            "3.200 s: hang web1 for 1.000 s",
        ])
        #expect(observed.result.traffic?.balancer?.failovers == [
            Failover(server: "web1", faults: ["crash web1", "hang web1 for 1.000 s (at 3.200 s)"], at: 1, detectedAt: 1.252, repairedAt: 4.2, recoveredAt: 4.504),
        ])
        #expect(observed.metrics == [
            "orrery_faults_total{fault=\"crash\",node=\"web1\"}": 1, "orrery_faults_total{fault=\"hang\",node=\"web1\"}": 1,
            "orrery_faults_total{fault=\"restart\",node=\"web1\"}": 1,
        ])
        #expect(observed.faultLines == Self.lines(
            #"{"t":1000000000,"kind":"crash","subject":"web1","object":"","value":0}"#,
            #"{"t":3000000000,"kind":"restart","subject":"web1","object":"","value":0}"#,
            #"{"t":3200000000,"kind":"hang","subject":"web1","object":"","value":1000000000}"#))
        #expect(observed.result.timeline.filter { $0.node == "web1" && ($0.kind == "down" || $0.kind == "fault") }.map { "\($0.kind) \($0.start)–\($0.end) \($0.label)" }
                == ["down 1.0–3.5 down", "fault 3.2–3.2 hang web1 for 1.000 s"])
        #expect(observed.result.digest == "6f793bfaaca8c747")
    }

    static let hangCrashed = """
        name: hang-crashed
        seed: 1
        run: {duration: 6s}
        servers: [{name: web, count: 2, slots: 2, service_time: 5ms}]
        balancer: {strategy: round_robin, health_check: {interval: 500ms, timeout: 250ms, rise: 1, fall: 1}}
        workload: {type: open_loop, rate: 10, timeout: 1s}
        faults:
          - {at: 1s, crash: web1}
          - {at: 2s, hang: web1}
          - {at: 3s, restart: web1, boot_time: 500ms}
          - {at: 3.2s, hang: web1, for: 1s}
        """

    /// A scale-in (the balancer's `rm`, as A-3 drives it) stops the node it removes: a pause of it
    /// scheduled later changed nothing, and a pause of a server still in the set struck. The
    /// replay listed both as struck.
    @Test func aPauseOfAServerAScaleInRemovedHadNoEffect() throws {
        let simulation = Simulation(seed: 11)
        let trace = JSONLinesTrace()
        simulation.trace.sink = { if [.crash, .pause, .resume].contains($0.kind) { trace.append($0) } }
        let network = Network(simulation: simulation, defaultLink: LinkProfile(latency: .constant(0.0005)))
        let balancer = LoadBalancer(placement: .assignment(try ConsistentHashMap(configuration: .assignment)),
                                    configuration: .init(server: ServerConfiguration(slots: 2, serviceTime: .constant(0.001))), network: network)
        simulation.spawn("scale") { _ in
            _ = try? await balancer.add(n: 3, hostnames: ["Server 1", "Server 2", "Server 3"])
            await simulation.sleep(until: .after(.seconds(1)))
            _ = try? await balancer.rm(n: 1, hostnames: ["Server 2"])
        }
        let faults = [FaultSchedule.Entry(at: .after(.seconds(2)), fault: .pause("Server 1", duration: .seconds(1))),
                      FaultSchedule.Entry(at: .after(.seconds(2)), fault: .pause("Server 2", duration: .seconds(1)))]
        FaultInjector.schedule(faults, on: network)
        _ = try simulation.run(until: .after(.seconds(5)))
        #expect(network.faultsWithoutEffect.ignored == [.init(at: .after(.seconds(2)), fault: .pause("Server 2", duration: .seconds(1)), occurrence: 0, state: .crashed,
                                                              removedAt: .after(.seconds(1)))])
        #expect(FaultSchedule.reportLines(faults.map(FaultSchedule.Listed.init), end: .after(.seconds(5)), recorded: network.faultsWithoutEffect) == [
            "2.000 s: pause Server 1 for 1.000 s",
            "2.000 s: pause Server 2 for 1.000 s (no effect: Server 2 removed from the replica set at 1.000 s)",
        ])
        #expect(FaultSchedule.reportLines(faults.map(FaultSchedule.Listed.init), end: .after(.seconds(5))) == [
            "2.000 s: pause Server 1 for 1.000 s", "2.000 s: pause Server 2 for 1.000 s",
        ])
        #expect(FaultSchedule.struck(network.faultsWithoutEffect.outcomes(of: faults)).map(\.fault) == [.pause("Server 1", duration: .seconds(1))])
        #expect(trace.text == """
            {"t":1000000000,"kind":"crash","subject":"Server 2","object":"","value":0}
            {"t":2000000000,"kind":"pause","subject":"Server 1","object":"","value":1000000000}
            {"t":3000000000,"kind":"resume","subject":"Server 1","object":"","value":0}

            """)
    }

    /// Equal faults at one instant: the network notes which of them it ignored, so a list in
    /// another order of equal faults reads the same. A crash, a second crash, a restart and a
    /// third crash of `a` at 1 s: the second alone changed nothing.
    @Test func equalFaultsAtOneInstantAreToldApartByTheirOrder() throws {
        let simulation = Simulation(seed: 1)
        let network = Network(simulation: simulation)
        let at = VirtualInstant.after(.seconds(1))
        let faults: [Fault] = [.crash("a"), .crash("a"), .restart("a", bootTime: .zero), .crash("a"), .hang("a", duration: nil)]
        FaultInjector.schedule(faults.map { FaultSchedule.Entry(at: at, fault: $0) }, on: network)
        _ = try simulation.run(until: .after(.seconds(2)))
        let record = network.faultsWithoutEffect
        #expect(record.ignored == [.init(at: at, fault: .crash("a"), occurrence: 1, state: .crashed),
                                   .init(at: at, fault: .hang("a", duration: nil), occurrence: 0, state: .crashed)])
        #expect(FaultSchedule.noEffect(faults.map { (at, Optional($0)) }, recorded: record) == [
            nil, "no effect: a already crashed", nil, nil, "no effect: a already crashed",
        ])
        // Without the record, the replay reads the same schedule alike.
        #expect(FaultSchedule.noEffect(faults.map { (at, Optional($0)) }) == [
            nil, "no effect: a already crashed", nil, nil, "no effect: a already crashed",
        ])
    }
}
