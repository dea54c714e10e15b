import Testing
@testable import Simulator

/// Hadoop's reduce slow start: with a share below 1, reduce tasks start once that share of the
/// maps has completed, fetch map outputs as the maps complete, and reduce once they hold all.
struct ReduceSlowstartTests {
    // MARK: The threshold

    /// ⌈share × maps⌉ completed maps, in single precision as Hadoop's
    /// `(int) Math.ceil(slowStart * totalMaps)` with a `float` share: 0.07 × 100 is 7 there
    /// (and 8 in double precision, 7.000000000000001 rounded up).
    @Test func theThresholdIsHadoopsCeilingInSinglePrecision() {
        #expect(MapReduce.ReduceSlowstart(share: 0.05, maps: 20).completedMaps == 1)
        #expect(MapReduce.ReduceSlowstart(share: 0.05, maps: 21).completedMaps == 2)
        #expect(MapReduce.ReduceSlowstart(share: 0.07, maps: 100).completedMaps == 7)
        #expect(MapReduce.ReduceSlowstart(share: 0.5, maps: 3).completedMaps == 2)
        #expect(MapReduce.ReduceSlowstart(share: 0, maps: 20).completedMaps == 0)
        #expect(MapReduce.ReduceSlowstart(share: 1, maps: 20).completedMaps == 20)
        #expect(MapReduce.ReduceSlowstart(share: 1, maps: 0).completedMaps == 0)
    }

    @Test func aShareOutsideZeroToOneIsRefusedAtSubmission() {
        for share in [-0.1, 1.5, Double.nan] {
            let request = MapReduce.JobRequest(job: MapReduce.WordCount(), input: .documents(Fixtures.documents, splitSize: 64),
                                               reducers: 1, reduceSlowstart: share)
            #expect(throws: MapReduce.SubmissionError.self) { try request.validate() }
        }
    }

    // MARK: The default is today's behaviour

    /// The run ``DeterminismTests`` records the digest of, with the share 1 asked for explicitly:
    /// the same digest, event for event.
    @Test func shareOneGivesTheRecordedDigestOfReducersAfterEveryMap() throws {
        let simulation = Simulation(seed: 81)
        let configuration = Fixtures.slowCluster(policy: MapReduce.CoordinatorPolicy(maxAttempts: 30),
                                                 attemptChaos: MapReduce.AttemptChaos(crashProbability: 0.2, stallProbability: 0.2))
        let cluster = MapReduce.Cluster(simulation: simulation, configuration: configuration)
        _ = try cluster.submit(MapReduce.JobRequest(
            job: MapReduce.InvertedIndex(), input: .documents(Fixtures.logs(seed: 2, count: 3, lines: 60), splitSize: 1500), reducers: 3,
            reduceSlowstart: 1))
        cluster.schedule(SwarmTests.chaos.timeline(seed: 81, workers: cluster.workerIDs, coordinator: cluster.coordinator.id))
        try simulation.runToCompletion(timeLimit: .after(.seconds(3600)))
        #expect(simulation.trace.digestHex == "56b945b9d591936d")
    }

    // MARK: One worker, timed by hand

    /// One worker with one map and one reduce slot, no link latency and no speculation; 20 one-line
    /// documents, one map task each, every map taking M = 3.46 s (one record at 3.46 s), every
    /// map output fetched in t = 0.5 s (the network's rate is twice the output's size), the one
    /// reduce task reducing its 4 keys in 1 s. The first heartbeat is at 1 s, so map k runs
    /// from 1 + k·M to c_k = 1 + (k+1)·M, the last completing at c_19 = 70.2 s.
    enum Timed {
        static let heartbeat = Duration.seconds(1)
        static let mapTime = Duration.milliseconds(3_460)
        static let transfer = Duration.milliseconds(500)
        static let reduceTime = Duration.seconds(1)
        static let maps = 20
        static let documents = (0..<maps).map { MapReduce.Document(id: UInt32($0), name: "d\($0).txt", text: "alpha beta gamma delta\n") }

        /// The map output's size, from the job's own map function over one document.
        static func outputBytes() throws -> Int {
            let output = try MapReduce.WordCount().runMapTask(records: documents[0].records, inputBytes: documents[0].bytes.count,
                                                              reducers: 1, combining: true)
            return output.partitions[0].count
        }

        static func configuration() throws -> MapReduce.ClusterConfiguration {
            let cost = MapReduce.CostModel(mapPerRecord: mapTime, mapPerByte: .zero, mapPerEmittedRecord: .zero, spillPerByte: .zero,
                                           reducePerRecord: .zero, reducePerKey: reduceTime / 4,
                                           networkBytesPerSecond: Double(try outputBytes()) / transfer.seconds)
            return MapReduce.ClusterConfiguration(workers: 1, mapSlotsPerWorker: 1, reduceSlotsPerWorker: 1, cost: cost,
                                                  policy: MapReduce.CoordinatorPolicy(heartbeatInterval: heartbeat, speculation: nil),
                                                  link: LinkProfile(latency: .constant(0)))
        }

        static func run(share: Double) throws -> (run: Fixtures.Run, reduceStarts: [VirtualInstant]) {
            let simulation = Simulation(seed: 1)
            let recorder = StartRecorder()
            simulation.trace.sink = { event in
                if event.kind == .reduceStart { recorder.instants.append(event.time) }
            }
            let cluster = MapReduce.Cluster(simulation: simulation, configuration: try configuration())
            let handle = try cluster.submit(MapReduce.JobRequest(job: MapReduce.WordCount(), input: .documents(documents, splitSize: 1_000),
                                                                 reducers: 1, reduceSlowstart: share))
            try simulation.runToCompletion(timeLimit: .after(.seconds(3600)))
            return (Fixtures.Run(simulation: simulation, cluster: cluster, handle: handle), recorder.instants)
        }

        /// c_k, when map k completes.
        static func mapCompletes(_ k: Int) -> VirtualInstant { .after(heartbeat + mapTime * (k + 1)) }
    }

    @Test func theTimedJobHasOneMapTaskPerDocument() throws {
        let (run, _) = try Timed.run(share: 1)
        #expect(run.report.mapTasks == Timed.maps)
        #expect(run.report.status == .succeeded)
    }

    /// Share 1: the reducer starts when the last map completes, at c_19, fetches the 20 outputs
    /// (10 s) and reduces (1 s): the job ends at c_19 + 11 s = 81.2 s.
    @Test func withShareOneTheReducerStartsAtTheLastMapAndFetchesEverythingAfter() throws {
        let (run, starts) = try Timed.run(share: 1)
        #expect(starts == [Timed.mapCompletes(19)])
        #expect(run.report.finishedAt == Timed.mapCompletes(19).advanced(by: Timed.transfer * 20 + Timed.reduceTime))
        #expect(run.report.makespan == .milliseconds(81_200))
    }

    /// Share 0.05 of 20 maps: ⌈1⌉ = 1 completed map. The reducer starts as map 0 completes, at
    /// c_0 = 4.46 s, fetches its output (0.5 s), then asks every heartbeat interval after its
    /// last fetch. Map outputs come every M = 3.46 s = t + 3 intervals − 0.04 s, so it sees
    /// output k at the third ask after fetching output k−1, 0.04 s later each time after its
    /// completion: output 19 at c_19 + 19 × 0.04 s = c_19 + 0.76 s. It fetches that one (0.5 s)
    /// and reduces (1 s): the job ends at c_19 + 2.26 s = 72.46 s — 8.74 s sooner, the 19
    /// outputs fetched while maps ran (9.5 s) less the 0.76 s it was late for the last one.
    @Test func withShareFivePercentTheReducerStartsAfterTheFirstMapAndShufflesDuringTheMapPhase() throws {
        let (early, starts) = try Timed.run(share: 0.05)
        #expect(starts == [Timed.mapCompletes(0)])
        #expect(starts.first == .after(.milliseconds(4_460)))
        let lateBy = Duration.milliseconds(40) * 19
        #expect(early.report.finishedAt == Timed.mapCompletes(19).advanced(by: lateBy + Timed.transfer + Timed.reduceTime))
        #expect(early.report.makespan == .milliseconds(72_460))
        let (late, _) = try Timed.run(share: 1)
        #expect(late.report.makespan! - early.report.makespan! == Timed.transfer * 19 - lateBy)
        // The same output, byte for byte, and the same map phase.
        #expect(early.report.output == late.report.output)
        #expect(early.report.output!.records == MapReduce.WordCount().reference(Fixtures.records(Timed.documents)))
        #expect(early.report.mapPhase == late.report.mapPhase)
        // The reduce phase starts inside the map phase.
        #expect(early.report.reducePhase!.start == Timed.mapCompletes(0))
        #expect(early.report.reducePhase!.start < early.report.mapPhase!.end)
        #expect(early.report.statistics.shuffledBytes == late.report.statistics.shuffledBytes)
        #expect(early.report.attempts.allSatisfy { $0.outcome == .succeeded })
    }

    // MARK: Faults

    /// Map tasks of ~15 log lines at 200 ms a line, about 3 s each: a map phase of over 15 s on
    /// two or three map slots.
    static func slowMaps(workers: Int) -> MapReduce.ClusterConfiguration {
        MapReduce.ClusterConfiguration(workers: workers, mapSlotsPerWorker: 1, reduceSlotsPerWorker: 1,
                                       cost: MapReduce.CostModel(mapPerRecord: .milliseconds(200), reducePerKey: .milliseconds(5)))
    }

    /// Two workers, three reduce tasks: reducers 0 and 1 start early on the two reduce slots;
    /// reducer 2 starts only when one of them is done. Worker-2's disk is wiped in the middle of
    /// the map phase, after the early reducers fetched its outputs so far: reducer 2 finds them
    /// gone, they are re-executed, and the output is exact.
    @Test func aMapOutputLostAfterAnEarlyReducerFetchedItIsReexecutedForTheOthers() throws {
        let documents = Fixtures.logs(seed: 4, count: 4, lines: 80)
        let request = MapReduce.JobRequest(job: MapReduce.WordCount(), input: .documents(documents, splitSize: 1_500), reducers: 3,
                                           reduceSlowstart: 0.05)
        let wipe = VirtualInstant.after(.seconds(15))
        let run = try Fixtures.run(seed: 9, request, configuration: Self.slowMaps(workers: 2),
                                   faults: [.init(at: wipe, .loseIntermediateData("worker-2"))])
        let report = run.report
        #expect(report.status == .succeeded)
        #expect(report.mapTasks >= 20)
        let early = report.attempts.filter { $0.task.kind == .reduce && $0.start < wipe }
        #expect(Set(early.map(\.task)) == [.reduce(0), .reduce(1)])
        #expect(report.mapPhase!.end > wipe)
        #expect(report.statistics.mapReexecutions > 0)
        // A map output written on worker-2 more than 2 s before the wipe — the early reducers,
        // asking every second, had fetched it — was re-executed after it, its attempt failed
        // retroactively when reducer 2 found it gone.
        let rerun = report.attempts.filter { map in
            map.task.kind == .map && map.worker == "worker-2" && map.end! < wipe.advanced(by: .seconds(-2))
                && map.rejudgement.map { $0.kind == .failed && $0.at > wipe } == true
                && report.attempts.contains { $0.task == map.task && $0.start > wipe }
        }
        #expect(!rerun.isEmpty)
        #expect(early.allSatisfy { $0.outcome == .succeeded })
        #expect(Fixtures.text(report.output!.records) == Fixtures.text(try request.job.reference(Fixtures.records(documents))))
    }

    /// Three workers, three reduce tasks: every worker runs one from its first heartbeat after the
    /// first map completes. Worker-1 crashes while its reducer waits for maps: the attempt is lost,
    /// the task starts again elsewhere once the coordinator notices, the crashed worker's map
    /// outputs run again, and the output is exact.
    @Test func aReducerWhoseWorkerCrashesWhileItWaitsForMapsIsRescheduled() throws {
        let documents = Fixtures.logs(seed: 4, count: 4, lines: 80)
        let request = MapReduce.JobRequest(job: MapReduce.WordCount(), input: .documents(documents, splitSize: 1_500), reducers: 3,
                                           reduceSlowstart: 0.05)
        let crash = VirtualInstant.after(.seconds(15))
        let run = try Fixtures.run(seed: 9, request, configuration: Self.slowMaps(workers: 3),
                                   faults: [.init(at: crash, .network(.crash("worker-1"))),
                                            .init(at: .after(.seconds(60)), .network(.restart("worker-1", bootTime: .zero)))])
        let report = run.report
        #expect(report.status == .succeeded)
        let waiting = report.attempts.filter { $0.task.kind == .reduce && $0.worker == "worker-1" && $0.start < crash }
        #expect(waiting.count == 1)
        #expect(report.mapPhase!.end > crash)
        if let lost = waiting.first {
            #expect(lost.outcome == .lost("no heartbeat for \(MapReduce.CoordinatorPolicy().workerTimeout.formattedSeconds)"))
            let again = report.attempts.filter { $0.task == lost.task && $0.number > lost.number }
            #expect(again.first.map { $0.start >= lost.end! } == true)
            #expect(again.last?.outcome == .succeeded)
        }
        #expect(report.statistics.mapReexecutions > 0)
        #expect(Fixtures.text(report.output!.records) == Fixtures.text(try request.job.reference(Fixtures.records(documents))))
    }

    // MARK: Messages

    /// The coordinator, driven message by message: two map tasks, two reduce tasks, share 0.5.
    /// Map 0 completes at 1 s on worker-a, whose report gets reduce 0 — with map 1's output
    /// still unknown; map 1 completes at 21 s on worker-b, which gets reduce 1; reduce 1 is done
    /// at 22 s, fetching 200 bytes in 1 s: the median reduce speed, 200 bytes/s.
    struct Driven {
        let simulation = Simulation(seed: 5)
        let coordinator: MapReduce.Coordinator

        init() {
            let network = Network(simulation: simulation)
            coordinator = MapReduce.Coordinator(network: network, policy: MapReduce.CoordinatorPolicy(speculation: .init()))
            let document = Fixtures.documents[0]
            let submission = MapReduce.JobSubmission(
                id: "j", job: MapReduce.WordCount(),
                splits: MapReduce.InputSplitter.splits(of: [document, document], targetSize: 1_000_000),
                reducers: 2, combining: true, reduceSlowstart: 0.5)
            let coordinator = coordinator
            simulation.schedule(after: .zero) {
                coordinator.assumeIsolated { coordinator in
                    coordinator.submit(submission)
                    #expect(coordinator.heartbeat(Self.beat("worker-a", map: 1, reduce: 1)).assignments.map(\.task) == [.map(0)])
                    #expect(coordinator.heartbeat(Self.beat("worker-b", map: 1, reduce: 1)).assignments.map(\.task) == [.map(1)])
                }
            }
            simulation.schedule(after: .seconds(1)) {
                coordinator.assumeIsolated { coordinator in
                    let assigned = coordinator.receive(Self.mapped("worker-a", attempt: 1)).assignments
                    #expect(assigned.map(\.task) == [.reduce(0)])
                    // Map 0's success, the job's only map completion event so far.
                    #expect(assigned.first?.mapCompletionEvents.map { [$0.id, $0.mapIndex, $0.attempt] } == [[0, 0, 1]])
                    #expect(coordinator.jobs["j"]![.reduce(0)].work == 100)
                }
            }
            simulation.schedule(after: .seconds(2)) {
                coordinator.assumeIsolated { coordinator in
                    let answer = coordinator.shuffle(MapReduce.ShuffleQuery(worker: "worker-a", incarnation: 0, jobID: "j", attempt: 3, failures: [],
                                                                            fromEventID: 1, maxEvents: 10_000))
                    #expect(answer?.isEmpty == true)
                    #expect(coordinator.jobs["j"]!.phase == .map)
                }
            }
            simulation.schedule(after: .seconds(21)) {
                coordinator.assumeIsolated { coordinator in
                    #expect(coordinator.receive(Self.mapped("worker-b", attempt: 2)).assignments.map(\.task) == [.reduce(1)])
                    // Reduce 0 now has its whole work: both outputs' partitions.
                    #expect(coordinator.jobs["j"]![.reduce(0)].work == 200)
                    let answer = coordinator.shuffle(MapReduce.ShuffleQuery(worker: "worker-a", incarnation: 0, jobID: "j", attempt: 3, failures: [],
                                                                            fromEventID: 1, maxEvents: 10_000))
                    #expect(answer?.map { [$0.id, $0.mapIndex, $0.attempt] } == [[1, 1, 2]])
                }
            }
            simulation.schedule(after: .seconds(22)) {
                coordinator.assumeIsolated { coordinator in
                    let output = MapReduce.ReduceTaskOutput(records: [], inputRecords: 0, keys: 0)
                    _ = coordinator.receive(MapReduce.TaskReport(worker: "worker-b", incarnation: 0, jobID: "j", attempt: 4,
                                                                 result: .reduced(output, fetchedBytes: 200), freeMapSlots: 1,
                                                                 freeReduceSlots: 1, mapSlots: 1, reduceSlots: 1))
                    #expect(coordinator.jobs["j"]!.medianSpeed(of: .reduce) == 200)
                }
            }
        }

        static func beat(_ worker: NodeID, map: Int, reduce: Int, running: [MapReduce.AttemptStatus] = []) -> MapReduce.Heartbeat {
            MapReduce.Heartbeat(worker: worker, incarnation: 0, running: running, freeMapSlots: map, freeReduceSlots: reduce,
                                mapSlots: 1, reduceSlots: 1)
        }

        static func mapped(_ worker: NodeID, attempt: Int) -> MapReduce.TaskReport {
            MapReduce.TaskReport(worker: worker, incarnation: 0, jobID: "j", attempt: attempt,
                                 result: .mapped(MapReduce.MapStatistics(), partitionBytes: [100, 100], inShuffleStore: false),
                                 freeMapSlots: 1, freeReduceSlots: 1, mapSlots: 1, reduceSlots: 1)
        }

        /// What worker-c, with a free reduce slot, is given at `instant` after worker-a reports
        /// reduce 0 at `progress`.
        func backupAt(_ instant: Duration, progress: Double) throws -> [MapReduce.Assignment] {
            let recorder = AssignmentRecorder()
            let coordinator = coordinator
            simulation.schedule(after: instant) {
                coordinator.assumeIsolated { coordinator in
                    _ = coordinator.heartbeat(Self.beat("worker-a", map: 1, reduce: 0,
                                                        running: [MapReduce.AttemptStatus(attempt: 3, progress: progress)]))
                    recorder.assignments = coordinator.heartbeat(Self.beat("worker-c", map: 0, reduce: 1)).assignments
                }
            }
            try simulation.run(until: .after(instant + .seconds(1)))
            return recorder.assignments
        }
    }

    /// Reduce 0 started at 1 s and waited 20 s for map 1. At 23 s it is 90 % done: 2 s since the
    /// maps completed, so about 2.2 s in all, against 1 s expected at the median speed — not
    /// twice as slow, and 0.2 s from the end: no backup. (Counted from its start, 22 s for 90 %
    /// would make it a straggler 2.4 s from the end, and back it up.)
    @Test func anEarlyReducerIsMeasuredFromTheEndOfTheMapPhaseAndNotBackedUp() throws {
        let driven = Driven()
        #expect(try driven.backupAt(.seconds(23), progress: 0.9).isEmpty)
    }

    /// At 25 s it is 10 % done: 4 s for 10 %, 40 s in all, 36 s more — a straggler.
    @Test func anEarlyReducerThatIsSlowAfterTheMapPhaseIsBackedUp() throws {
        let driven = Driven()
        let backup = try driven.backupAt(.seconds(25), progress: 0.1)
        #expect(backup.map(\.task) == [.reduce(0)])
    }
}

/// What a trace sink keeps. `@unchecked Sendable`: written on the simulation thread during the
/// run, read after it.
private final class StartRecorder: @unchecked Sendable {
    var instants: [VirtualInstant] = []
}

/// An answer kept for after the run; `@unchecked Sendable` as ``StartRecorder``.
private final class AssignmentRecorder: @unchecked Sendable {
    var assignments: [MapReduce.Assignment] = []
}
