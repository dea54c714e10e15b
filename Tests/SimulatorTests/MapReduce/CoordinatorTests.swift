import Testing
@testable import Simulator

/// The coordinator's rules driven message by message, without workers: late completions,
/// duplicates, slot accounting, and a committed output that nothing can change.
struct CoordinatorTests {
    let simulation = Simulation(seed: 121)
    let network: Network
    let coordinator: MapReduce.Coordinator

    init() {
        network = Network(simulation: simulation)
        coordinator = MapReduce.Coordinator(network: network, policy: MapReduce.CoordinatorPolicy(speculation: nil))
    }

    static let submission = MapReduce.JobSubmission(
        id: "j", job: MapReduce.WordCount(),
        splits: MapReduce.InputSplitter.splits(of: [Fixtures.documents[0]], targetSize: 1000), reducers: 1, combining: true)

    func heartbeat(_ worker: NodeID, free: Int = 2, running: [MapReduce.AttemptStatus] = []) -> MapReduce.Heartbeat {
        MapReduce.Heartbeat(worker: worker, incarnation: 0, running: running, freeMapSlots: free, freeReduceSlots: 1,
                            mapSlots: 2, reduceSlots: 1)
    }

    func report(_ worker: NodeID, attempt: Int, _ result: MapReduce.TaskResult) -> MapReduce.TaskReport {
        MapReduce.TaskReport(worker: worker, incarnation: 0, jobID: "j", attempt: attempt, result: result,
                             freeMapSlots: 0, freeReduceSlots: 0, mapSlots: 2, reduceSlots: 1)
    }

    static let mapped = MapReduce.TaskResult.mapped(MapReduce.MapStatistics(), partitionBytes: [0], inShuffleStore: false)

    static func reduced(_ value: String) -> MapReduce.TaskResult {
        .reduced(MapReduce.ReduceTaskOutput(records: [MapReduce.Record("the", value)], inputRecords: 1, keys: 1), fetchedBytes: 0)
    }

    /// Runs `body` isolated to the coordinator at virtual time `at`.
    func at(_ seconds: Double, _ body: @escaping @Sendable (isolated MapReduce.Coordinator) -> Void) {
        let coordinator = coordinator
        simulation.schedule(after: .seconds(seconds)) { coordinator.assumeIsolated(body) }
    }

    @Test func aLateCompletionWinsAndLaterOnesAreDuplicatesThatChangeNothing() throws {
        let (submission, mapped) = (Self.submission, Self.mapped)
        let (a, b) = (heartbeat("worker-a"), heartbeat("worker-b"))
        let (lateWin, duplicate) = (report("worker-a", attempt: 1, mapped), report("worker-b", attempt: 2, mapped))
        let (reduceOne, reduceAgain) = (report("worker-b", attempt: 3, Self.reduced("3")), report("worker-a", attempt: 3, Self.reduced("99")))
        at(0) { coordinator in
            coordinator.submit(submission)
            #expect(coordinator.heartbeat(a).assignments.map(\.attempt) == [1])
        }
        at(10.6) { $0.monitor() }
        at(10.7) { coordinator in
            #expect(coordinator.heartbeat(b).assignments.map(\.task) == [.map(0)])
            _ = coordinator.receive(lateWin)
            _ = coordinator.receive(duplicate)
            #expect(coordinator.jobs["j"]!.mapOutputs[0]?.attempt == 1)
        }
        at(11) { coordinator in
            #expect(coordinator.heartbeat(b).assignments.map(\.task) == [.reduce(0)])
            _ = coordinator.receive(reduceOne)
            _ = coordinator.receive(reduceOne)
            _ = coordinator.receive(reduceAgain)
        }
        try simulation.run(until: .after(.seconds(12)))
        let report = try #require(coordinator.assumeIsolated { $0.report(of: "j") })
        #expect(report.status == .succeeded)
        #expect(report.attempts.map(\.outcome) == [.succeeded, .duplicate, .succeeded])
        #expect(report.output?.records == [MapReduce.Record("the", "3")])
        #expect(report.statistics.timedOutAttempts == 0)
    }

    @Test func aWorkerGetsNoMoreTasksThanItsFreeSlotsEvenWhenAnswersCross() throws {
        let submission = MapReduce.JobSubmission(
            id: "j", job: MapReduce.WordCount(),
            splits: MapReduce.InputSplitter.splits(of: Fixtures.documents, targetSize: 10), reducers: 1, combining: true)
        let (first, stale) = (heartbeat("worker-a", free: 2), heartbeat("worker-a", free: 2))
        at(0) { coordinator in
            coordinator.submit(submission)
            #expect(coordinator.heartbeat(first).assignments.count == 2)
            // A second message sent before the first answer arrived still claims two free slots.
            #expect(coordinator.heartbeat(stale).assignments.isEmpty)
        }
        try simulation.run(until: .after(.seconds(1)))
    }

    @Test func aRestartedWorkerLosesItsRunningAttemptsAndItsFinishedMapOutput() throws {
        let submission = MapReduce.JobSubmission(
            id: "j", job: MapReduce.WordCount(),
            splits: MapReduce.InputSplitter.splits(of: Fixtures.documents, targetSize: 10), reducers: 1, combining: true)
        let (mapped, first) = (Self.mapped, heartbeat("worker-a", free: 2))
        let reborn = MapReduce.Heartbeat(worker: "worker-a", incarnation: 1, running: [], freeMapSlots: 0, freeReduceSlots: 0,
                                         mapSlots: 2, reduceSlots: 1)
        let rebornFree = MapReduce.Heartbeat(worker: "worker-a", incarnation: 1, running: [], freeMapSlots: 2, freeReduceSlots: 0,
                                             mapSlots: 2, reduceSlots: 1)
        at(0) { coordinator in
            coordinator.submit(submission)
            _ = coordinator.heartbeat(first)
            _ = coordinator.receive(MapReduce.TaskReport(worker: "worker-a", incarnation: 0, jobID: "j", attempt: 1, result: mapped,
                                                         freeMapSlots: 0, freeReduceSlots: 0, mapSlots: 2, reduceSlots: 1))
            #expect(coordinator.jobs["j"]!.maps[0].state == .completed)
            _ = coordinator.heartbeat(reborn)
            #expect(coordinator.jobs["j"]!.maps[0].state == .idle)
            #expect(coordinator.jobs["j"]!.attempts[2]!.outcome == .lost("worker restarted"))
            // A re-run counts once it finishes, not when the output is lost.
            #expect(coordinator.jobs["j"]!.mapReexecutions == 0)
            #expect(coordinator.runningOnWorker == Self.scannedRunning(coordinator))
            let rerun = coordinator.heartbeat(rebornFree).assignments.map { "\($0.task)#\($0.attempt)" }
            #expect(rerun == ["map-0#3", "map-1#4"])
            _ = coordinator.receive(MapReduce.TaskReport(worker: "worker-a", incarnation: 1, jobID: "j", attempt: 3, result: mapped,
                                                         freeMapSlots: 1, freeReduceSlots: 0, mapSlots: 2, reduceSlots: 1))
            #expect(coordinator.jobs["j"]!.maps[0].state == .completed)
            #expect(coordinator.jobs["j"]!.mapReexecutions == 1)
        }
        try simulation.run(until: .after(.seconds(1)))
    }

    /// The attempts running on each worker by kind, counted in every job: what the coordinator
    /// keeps in ``MapReduce/Coordinator/runningOnWorker``.
    static func scannedRunning(_ coordinator: isolated MapReduce.Coordinator) -> [NodeID: MapReduce.Coordinator.RunningAttempts] {
        var counts: [NodeID: MapReduce.Coordinator.RunningAttempts] = [:]
        for state in coordinator.jobs.values {
            for number in state.running {
                let attempt = state.attempts[number]!
                if attempt.task.kind == .map { counts[attempt.worker, default: .init()].map += 1 } else { counts[attempt.worker, default: .init()].reduce += 1 }
            }
        }
        return counts
    }

    /// Every answer names the finished jobs in submission order, whichever finished first, and
    /// work comes only from the unfinished ones; the monitor watches each worker once, by name.
    @Test func answersNameFinishedJobsInSubmissionOrderAndAssignOnlyUnfinishedOnes() throws {
        let ids = ["j1", "j2", "j3"]
        let submissions = ids.map { id in
            MapReduce.JobSubmission(id: id, job: MapReduce.WordCount(),
                                    splits: MapReduce.InputSplitter.splits(of: [Fixtures.documents[0]], targetSize: 1000),
                                    reducers: 1, combining: true)
        }
        @Sendable func beat(_ worker: NodeID, map: Int, reduce: Int) -> MapReduce.Heartbeat {
            MapReduce.Heartbeat(worker: worker, incarnation: 0, running: [], freeMapSlots: map, freeReduceSlots: reduce,
                                mapSlots: 3, reduceSlots: 1)
        }
        @Sendable func done(_ worker: NodeID, _ jobID: String, attempt: Int, _ result: MapReduce.TaskResult) -> MapReduce.TaskReport {
            MapReduce.TaskReport(worker: worker, incarnation: 0, jobID: jobID, attempt: attempt, result: result,
                                 freeMapSlots: 0, freeReduceSlots: 0, mapSlots: 3, reduceSlots: 1)
        }
        let (mapped, reduced, network) = (Self.mapped, Self.reduced("1"), network)
        let (mapsOnB, reduceOnA, idleB) = (beat("worker-b", map: 3, reduce: 0), beat("worker-a", map: 0, reduce: 1), beat("worker-b", map: 3, reduce: 1))
        at(0) { coordinator in
            for submission in submissions { coordinator.submit(submission) }
            let maps = coordinator.heartbeat(mapsOnB).assignments
            #expect(maps.map(\.jobID) == ids)
            #expect(coordinator.referencedWorkers() == ["worker-b"])
            _ = coordinator.receive(done("worker-b", "j3", attempt: 3, mapped))
            let reduce = coordinator.heartbeat(reduceOnA)
            #expect(reduce.assignments.map(\.jobID) == ["j3"])
            #expect(reduce.finishedJobs.isEmpty)
            // worker-b holds j3's map output; worker-a runs its reduce: each named once, in order.
            #expect(coordinator.referencedWorkers() == ["worker-a", "worker-b"])
            #expect(coordinator.runningOnWorker == ["worker-b": .init(map: 2, reduce: 0), "worker-a": .init(map: 0, reduce: 1)])
            #expect(coordinator.receive(done("worker-a", "j3", attempt: 4, reduced)).finishedJobs == ["j3"])
            #expect(coordinator.unfinishedJobs == [0, 1])
            _ = coordinator.receive(done("worker-b", "j1", attempt: 1, mapped))
            #expect(coordinator.heartbeat(reduceOnA).assignments.map(\.jobID) == ["j1"])
            let answer = coordinator.receive(done("worker-a", "j1", attempt: 5, reduced))
            #expect(answer.finishedJobs == ["j1", "j3"])
            #expect(coordinator.unfinishedJobs == [1])
            #expect(coordinator.finishedJobIDs == coordinator.jobIDs.filter { coordinator.status(of: $0)!.isFinished })
            // Only j2 is left, and its one map task runs: nothing to hand out.
            let idle = coordinator.heartbeat(idleB)
            #expect(idle.assignments.isEmpty)
            #expect(idle.finishedJobs == ["j1", "j3"])
            #expect(coordinator.status(of: "j2") == .running(.map))
            #expect(coordinator.runningOnWorker == Self.scannedRunning(coordinator))
            #expect(Self.scannedRunning(coordinator) == ["worker-b": .init(map: 1, reduce: 0)])
            // A restarted coordinator has heard from no one, and still watches j2's worker; the
            // workers it hears from again are merged in, in order.
            network.crash("coordinator")
            #expect(coordinator.referencedWorkers() == ["worker-b"])
            _ = coordinator.heartbeat(reduceOnA)
            #expect(coordinator.referencedWorkers() == ["worker-a", "worker-b"])
            coordinator.monitor()
            #expect(coordinator.workerIDs == ["worker-a", "worker-b"])
            #expect(coordinator.workerIDs == coordinator.workers.keys.sorted())
        }
        try simulation.run(until: .after(.seconds(1)))
    }
}
