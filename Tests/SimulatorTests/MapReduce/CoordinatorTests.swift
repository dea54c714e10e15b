import Testing
@testable import Simulator

/// The coordinator's rules driven message by message, without workers: late completions,
/// duplicates, slot accounting, and a committed output that nothing can change.
@Suite struct CoordinatorTests {
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
        at(0) { coordinator in
            coordinator.submit(submission)
            _ = coordinator.heartbeat(first)
            _ = coordinator.receive(MapReduce.TaskReport(worker: "worker-a", incarnation: 0, jobID: "j", attempt: 1, result: mapped,
                                                         freeMapSlots: 0, freeReduceSlots: 0, mapSlots: 2, reduceSlots: 1))
            #expect(coordinator.jobs["j"]!.maps[0].state == .completed)
            _ = coordinator.heartbeat(reborn)
            #expect(coordinator.jobs["j"]!.maps[0].state == .idle)
            #expect(coordinator.jobs["j"]!.attempts[2]!.outcome == .lost("worker restarted"))
            #expect(coordinator.jobs["j"]!.mapReexecutions == 1)
        }
        try simulation.run(until: .after(.seconds(1)))
    }
}
