import Foundation
import Testing
@testable import Scenarios
@testable import Simulator
import Reports

/// What the last checkers' note left of the experiments' prose and numbers: a seed-study latency
/// column in one unit, A-3's refusals with grouped figures, A-4 saying when requests went
/// unanswered, seed and `--vary` lists that paste back, and the engine's stop messages in the
/// reports' form.
struct ExperimentProseLeftoversTests {
    // MARK: 1. The strategies' seed study: one unit a column (LatencyColumn)

    /// A column under ten seconds stays in milliseconds (`1,010.175 ms`, as results/strategies
    /// reads); one whose largest printed figure reaches ten seconds is in seconds, every cell and
    /// interval of it (it wrote `12,345.678 ms`).
    @Test func aSeedStudyColumnPicksOneUnitFromItsLargestFigure() {
        #expect(StrategyComparison.seedStudyColumn([[0.040, 0.040], [1.010175, 1.010175]])
            == ["40.000 ms (40.000 ms … 40.000 ms)", "1,010.175 ms (1,010.175 ms … 1,010.175 ms)"])
        #expect(StrategyComparison.seedStudyColumn([[0.040, 0.040], [12.345678, 12.345678]])
            == ["0.040 s (0.040 s … 0.040 s)", "12.346 s (12.346 s … 12.346 s)"])
        // The figure as printed: 9.9999996 s reads 10,000.000 ms, so the column is in seconds.
        #expect(StrategyComparison.seedStudyColumn([[9.9999996]]) == ["10.000 s"])
    }

    // MARK: 2. A-3's refusals, worded in Scenarios with grouped figures

    @Test func everyReplicaSetRefusalReadsAsTheOriginalsWithGroupedFigures() {
        let refusals: [(ReplicaSetRefusal, String)] = [
            (.nonPositiveAdd(n: -1), "Number of new instances must be a positive integer"),
            (.moreHostnamesThanAdded, "Length of hostname list is more than newly added instances"),
            (.repeatedHostname("S5"), "Hostname 'S5' appears more than once in the request"),
            (.alreadyReplica("Server 2"), "Hostname 'Server 2' is already a replica"),
            (.invalidHostname("balancer"), "Hostname 'balancer' is not a valid replica hostname"),
            (.mapFull(adding: 10_000, slotsEach: 9, freeBefore: 485, slotCount: 512),
             "Cannot add 10,000 instances: the hash map is full: they need 90,000 free slots (9 each) but only 485 of 512 are free"),
            (.mapFull(adding: 1, slotsEach: 9, freeBefore: 8, slotCount: 4_096),
             "Cannot add 1 instance: the hash map is full: it needs 9 free slots (9 each) but only 8 of 4,096 are free"),
            (.placement(adding: 2, .duplicateNode(4)), "Cannot add 2 instances: node 4 is already placed"),
            (.nonPositiveRemove(n: 0), "Number of instances to remove must be a positive integer"),
            (.moreHostnamesThanRemoved, "Length of hostname list is more than removable instances"),
            (.tooFewReplicas(removing: 10_000, existing: 3), "Cannot remove 10,000 instances: only 3 replicas exist"),
            (.tooFewReplicas(removing: 2, existing: 1), "Cannot remove 2 instances: only 1 replica exists"),
            (.notAReplica("S9"), "Hostname 'S9' is not a replica"),
        ]
        for (refusal, message) in refusals { #expect(refusal.message == message) }
        #expect(ReplicaSetRefusal.moreHostnamesThanAdded.reply
            == BalancerReply(status: 400, body: #"{"message": "<Error> Length of hostname list is more than newly added instances", "status": "failure"}"#))
    }

    /// The A-3 report's operations table and CSV print the refusal with its figures grouped
    /// (`Cannot add 10000 instances: … they need 90000 free slots`).
    @Test func a3sRefusedAddPrintsItsFiguresGrouped() throws {
        let experiment = A3Experiment(spec: ExperimentRunTests.spec("a3", servers: [3], requests: 0),
                                      operations: [.add(n: 10_000, hostnames: []), .rm(n: 10_000, hostnames: [])],
                                      failover: .init(rate: 10, duration: .seconds(2), killAt: .seconds(1), killed: "Server 1",
                                                      heartbeat: .init(interval: .seconds(1), timeout: .milliseconds(500), missesBeforeDown: 2, spawnDelay: .seconds(2)),
                                                      clientTimeout: .seconds(2), forwardTimeout: .milliseconds(500), retries: 1))
        let result = try experiment.measure()
        #expect(result.operations.map(\.status) == [400, 400])
        #expect(result.operations.map(\.body) == [
            #"{"message": "<Error> Cannot add 10,000 instances: the hash map is full: they need 90,000 free slots (9 each) but only 485 of 512 are free", "status": "failure"}"#,
            #"{"message": "<Error> Cannot remove 10,000 instances: only 3 replicas exist", "status": "failure"}"#,
        ])
        #expect(result.operations.allSatisfy { $0.replicasAfter == ["Server 1", "Server 2", "Server 3"] })
    }

    // MARK: 3. A-4 says when requests went unanswered

    static let a4Short = """
        experiment: a4
        seed: 7
        servers: [2, 3]
        requests: 1000
        server: {slots: 1, service_time: 1s}
        variants:
          - {name: default, map: {request_hash: assignment, virtual_server_hash: assignment}}
          - {name: jump, placement: jump}
        """

    /// One slot at 1 s a request: the busiest replica's queue outlasts the 600 s a client waits,
    /// so the counts fall short of the requests. The report says by how many, where, and that the
    /// spread and the ranking then read the replicas' queues too; report.json gives `unanswered`.
    @Test func a4SaysHowManyRequestsWentUnansweredAndWhatThatDoesToItsRanking() throws {
        let spec = try #require(try parseExperiment(Self.a4Short) as? A4Experiment).spec
        let result = try A4Experiment.run(spec)
        let failed = result.variants.map { $0.a2.runs.map(\.result.run.failed) }
        #expect(failed == [[343, 238], [0, 0]])
        let report = result.markdown(spec: spec)
        #expect(report.contains("![imbalance](a2_imbalance.svg)\n\n**Not every request was answered** (not within the 600.000 s a client waits): of the 1,000 sent at each N, 581 requests in all went unanswered — **default**: 343 at N = 2 and 238 at N = 3. Where they did, that placement's counts are what the replicas answered, not where the placement sent every request: their max / mean, CV and Jain measure the replicas' queues as well as the placement, and the ranking below reads them as they are. Give the replicas more slots, a faster service time or fewer requests to compare the placements alone.\n\n## Keys moved"))
        #expect(report.contains("the simulated run gave it 78.6% of the 762 its replicas answered. "))
        #expect(report.contains("(Jain 0.519, where 1/N = 0.333 would mean everything on one server). At N = 3 requests went unanswered (**default**: 238). A client gives up where a replica's queue is longest, so that placement's counts are clipped at the busiest replicas and its split was likely more uneven than its Jain reads; **jump** answered every request, so its place as the most even stands.\n"))
        let json = result.json(spec: spec)
        #expect(json.contains("\"unanswered\" : 343"))
        #expect(json.contains("\"unanswered\" : 238"))
    }

    /// The most even placement lost requests itself: its place is not sure.
    @Test func a4SaysWhenItsMostEvenPlacementLostRequests() throws {
        let text = Self.a4Short.replacingOccurrences(of: "\n  - {name: jump, placement: jump}", with: "")
        let spec = try #require(try parseExperiment(text) as? A4Experiment).spec
        let report = try A4Experiment.run(spec).markdown(spec: spec)
        #expect(report.contains("At N = 3 requests went unanswered (**default**: 238). A client gives up where a replica's queue is longest, so that placement's counts are clipped at the busiest replicas and its split was likely more uneven than its Jain reads: **default** is among them, so its place as the most even is not sure.\n"))
    }

    /// Every request answered: no word of it, and report.json has no `unanswered` (results/a4
    /// stays byte for byte).
    @Test func a4WithEveryRequestAnsweredSaysNothingOfIt() throws {
        let spec = try #require(try parseExperiment("experiment: a4\nseed: 7\nservers: [2, 3]\nrequests: 300\nvariants:\n  - {name: jump, placement: jump}\n") as? A4Experiment).spec
        let result = try A4Experiment.run(spec)
        #expect(result.variants[0].a2.runs.map(\.result.run.failed) == [0, 0])
        let report = result.markdown(spec: spec)
        #expect(!report.contains("answered"))
        #expect(!result.json(spec: spec).contains("unanswered"))
    }

    // MARK: 4. Seed and --vary lists a sweep writes paste back

    /// `--seeds "1, 100"` was written `1,100`, which `--seeds` refuses as a grouped number.
    @Test func aSeedListIsWrittenSoThatSeedsTakesItBack() throws {
        let written: [(String, String)] = [
            ("1, 100", "1, 100"), ("1..5, 100", "1..5, 100"), ("12, 345, 678", "12, 345, 678"),
            ("1..3,10", "1..3,10"), (" 1 .. 3 , 10 ", "1..3,10"), ("1..2,3..4", "1..2,3..4"), ("1,2", "1,2"), ("7, 1000", "7,1000"),
        ]
        for (given, description) in written {
            let list = try SeedList(parsing: given)
            #expect(list.description == description)
            #expect(SeedList.thousandsSeparatorProblem(list.description) == nil, "\(description)")
            #expect(try SeedList(parsing: list.description).seeds == list.seeds)
        }
    }

    @Test func aVaryListIsWrittenSoThatVaryTakesItBack() {
        #expect(VaryList.written(path: "workload.rate", values: ["300", "600"]) == "workload.rate=300, 600")
        #expect(VaryList("workload.rate=300, 600")?.thousandsSeparatorProblem == nil)
        #expect(VaryList.written(path: "workload.rate", values: ["300", "6000"]) == "workload.rate=300,6000")
        #expect(VaryList.written(path: "balancer.strategy", values: ["round_robin", "least_conn"]) == "balancer.strategy=round_robin,least_conn")
    }

    /// `sweep.json` and the report's heading: seeds 1 and 100, rates 300 and 600.
    @Test func aSweepsManifestWritesItsListsAsTheyPasteBack() throws {
        let manifest = try SweepReportFiguresTests.manifest(seeds: "1, 100")
        #expect(manifest.seeds == "1, 100")
        #expect(manifest.vary == ["workload.rate=300, 600"])
        #expect(manifest.json().contains("\"seeds\" : \"1, 100\""))
    }

    // MARK: 5. The engine's stop messages in the reports' form

    @Test func everyStopReadsItsInstantAsADurationAndItsCountsGrouped() {
        let at = VirtualInstant.after(.milliseconds(3_600_250))
        let tasks = (1...12).map { "t\($0)" }
        #expect(SimulationError.deadlock(at: at, stuckTasks: ["a", "b"]).reportText
            == "deadlock at 3,600.250 s: 2 tasks suspended with no job ready and no timer left to wake them: a, b")
        #expect(SimulationError.deadlock(at: at, stuckTasks: tasks).reportText
            == "deadlock at 3,600.250 s: 12 tasks suspended with no job ready and no timer left to wake them: t1, t2, t3, t4, t5, t6, t7, t8, t9, t10, …")
        #expect(SimulationError.timeLimitExceeded(limit: at, unfinishedTasks: ["x"]).reportText
            == "virtual time limit reached at 3,600.250 s with 1 task unfinished: x")
        #expect(SimulationError.eventLimitExceeded(limit: 2_000_000_000, at: at).reportText
            == "event limit of 2,000,000,000 jobs and timer wake-ups reached at 3,600.250 s; raise the limit or look for a livelock")
        #expect(SimulationError.escapedTask(at: at, jobs: 1).reportText
            == "1 job arrived from a thread other than the simulation's at 3,600.250 s: a task escaped to the global executor (Task.detached, or a Task without the simulation's executor preference); start every task with sim.spawn")
        #expect(SimulationError.livelock(at: .zero, events: 25_000_000).reportText
            == "livelock at 0.000 s: 25,000,000 events in a row without virtual time moving; the world keeps itself busy at one instant (look for zero latencies and zero service times in a loop)")
        // The engine's own words stay as they were (the Simulator has no formatting).
        #expect(SimulationError.deadlock(at: at, stuckTasks: ["a"]).description.hasPrefix("deadlock at t=3600.250s: 1 task suspended"))
    }

    /// A run's report says it as the rest of the report does, and a shrink still knows the stop.
    @Test func aRunThatStopsEarlySaysItInTheReportsForm() throws {
        let deadlock = SimulationError.deadlock(at: .after(.seconds(3)), stuckTasks: ["y"])
        let reason = World.stopReason(deadlock, lastEvent: .after(.seconds(3)))
        #expect(reason == "deadlock at 3.000 s: 1 task suspended with no job ready and no timer left to wake them: y")
        #expect(FailureSignature.StopKind(describing: reason) == .deadlock)
        let livelock = World.stopReason(.livelock(at: .after(.seconds(1)), events: 100), lastEvent: .after(.seconds(1)))
        #expect(FailureSignature.StopKind(describing: livelock) == .livelock)
        let events = World.stopReason(.eventLimitExceeded(limit: 10, at: .after(.seconds(1))), lastEvent: .after(.seconds(1)))
        #expect(FailureSignature.StopKind(describing: events) == .eventLimit)
    }
}
