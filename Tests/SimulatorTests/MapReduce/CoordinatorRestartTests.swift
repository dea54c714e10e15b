import Testing
@testable import Simulator

/// A coordinator restart as Hadoop 2's next MRAppMaster attempt recovers a job: what completed
/// stays, every attempt that was running is killed (not a failure of its task or worker) and its
/// task runs again; and a completed map whose output reducers could not fetch becomes a failed
/// attempt (Hadoop's SUCCEEDED → FAILED on TOO_MANY_FETCH_FAILURE), counted once.
struct CoordinatorRestartTests {
    let simulation = Simulation(seed: 131)
    let network: Network
    let coordinator: MapReduce.Coordinator

    init() {
        network = Network(simulation: simulation)
        coordinator = MapReduce.Coordinator(network: network, policy: MapReduce.CoordinatorPolicy(speculation: nil))
    }

    /// Three map tasks (one per document) and one reducer.
    static let submission = MapReduce.JobSubmission(
        id: "j", job: MapReduce.WordCount(),
        splits: MapReduce.InputSplitter.splits(of: Fixtures.documents, targetSize: 1000), reducers: 1, combining: true)

    static func heartbeat(_ worker: NodeID, freeMaps: Int, freeReduces: Int = 0,
                          running: [MapReduce.AttemptStatus] = []) -> MapReduce.Heartbeat {
        MapReduce.Heartbeat(worker: worker, incarnation: 0, running: running, freeMapSlots: freeMaps, freeReduceSlots: freeReduces,
                            mapSlots: 3, reduceSlots: 1)
    }

    static func report(_ worker: NodeID, attempt: Int, _ result: MapReduce.TaskResult) -> MapReduce.TaskReport {
        MapReduce.TaskReport(worker: worker, incarnation: 0, jobID: "j", attempt: attempt, result: result,
                             freeMapSlots: 0, freeReduceSlots: 0, mapSlots: 3, reduceSlots: 1)
    }

    static let mapped = MapReduce.TaskResult.mapped(MapReduce.MapStatistics(), partitionBytes: [0], inShuffleStore: false)
    static let reduced = MapReduce.TaskResult.reduced(
        MapReduce.ReduceTaskOutput(records: [MapReduce.Record("the", "1")], inputRecords: 1, keys: 1), fetchedBytes: 0)

    func at(_ seconds: Double, _ body: @escaping @Sendable (isolated MapReduce.Coordinator) -> Void) {
        let coordinator = coordinator
        simulation.schedule(after: .seconds(seconds)) { coordinator.assumeIsolated(body) }
    }

    /// Map 0 completed before the restart and stays completed; maps 1 and 2, running, are killed
    /// by it: their tasks are idle again with no failure counted, the worker is told to abort
    /// them, their late completions are ignored, and the tasks run again as new attempts.
    @Test func aRestartKillsTheRunningAttemptsAndKeepsTheCompletedMaps() throws {
        let (submission, mapped, reduced, network) = (Self.submission, Self.mapped, Self.reduced, network)
        #expect(submission.splits.count == 3)
        at(0) { coordinator in
            coordinator.submit(submission)
            #expect(coordinator.heartbeat(Self.heartbeat("worker-a", freeMaps: 3)).assignments.map(\.attempt) == [1, 2, 3])
            _ = coordinator.receive(Self.report("worker-a", attempt: 1, mapped))
        }
        at(1) { _ in network.crash("coordinator") }
        at(2) { _ in network.restart("coordinator") }
        at(2.5) { coordinator in
            let state = coordinator.jobs["j"]!
            #expect(state.attempts.values.map(\.outcome) == [.succeeded, .killed("coordinator restarted"), .killed("coordinator restarted")])
            #expect(state.attempts[2]!.end == .after(.seconds(2)) && state.attempts[3]!.end == .after(.seconds(2)))
            #expect(state.maps.map(\.state) == [.completed, .idle, .idle])
            #expect(state.maps.map(\.failures) == [0, 0, 0])
            #expect(state.mapOutputs[0]?.attempt == 1)
            #expect(state.running.isEmpty && coordinator.runningOnWorker.isEmpty)
            #expect(state.failuresOnWorker.isEmpty && state.blacklisted.isEmpty)
            // The reducers learn the killed attempts as Hadoop's do: `KILLED` events.
            #expect(state.mapCompletionEvents.events.map(\.status) == [.succeeded, .killed, .killed])
            #expect(state.mapCompletionEvents.events.map(\.attempt) == [1, 2, 3])
            // The worker, still running them, is told to stop, and gets the tasks again: the
            // answer counts the slots of the attempts it aborts as free (the worker stops them
            // before it starts the assignments), so both tasks go to it at once.
            let answer = coordinator.heartbeat(Self.heartbeat("worker-a", freeMaps: 1, running: [
                MapReduce.AttemptStatus(attempt: 2, progress: 0.9), MapReduce.AttemptStatus(attempt: 3, progress: 0.5),
            ]))
            #expect(answer.abort == [2, 3])
            #expect(answer.assignments.map(\.task) == [.map(1), .map(2)])
            // A completion the killed attempt sends anyway is ignored: the task's output is its
            // new attempt's.
            _ = coordinator.receive(Self.report("worker-a", attempt: 2, mapped))
            #expect(coordinator.jobs["j"]!.attempts[2]!.outcome == .killed("coordinator restarted"))
            #expect(coordinator.jobs["j"]!.mapOutputs[1] == nil)
            #expect(coordinator.jobs["j"]!.maps[1].state == .running)
            _ = coordinator.receive(Self.report("worker-a", attempt: 4, mapped))
            #expect(coordinator.heartbeat(Self.heartbeat("worker-b", freeMaps: 1)).assignments.isEmpty)
            _ = coordinator.receive(Self.report("worker-a", attempt: 5, mapped))
            #expect(coordinator.heartbeat(Self.heartbeat("worker-b", freeMaps: 0, freeReduces: 1)).assignments.map(\.task) == [.reduce(0)])
            _ = coordinator.receive(Self.report("worker-b", attempt: 6, reduced))
        }
        try simulation.run(until: .after(.seconds(3)))
        let report = try #require(coordinator.assumeIsolated { $0.report(of: "j") })
        #expect(report.status == .succeeded)
        #expect(report.attempts.map(\.outcome) == [.succeeded, .killed("coordinator restarted"), .killed("coordinator restarted"),
                                                   .succeeded, .succeeded, .succeeded])
        #expect(report.attempts.map(\.task) == [.map(0), .map(1), .map(2), .map(1), .map(2), .reduce(0)])
        #expect(report.statistics.retries == 2)
        #expect(report.statistics.failedAttempts == 0 && report.statistics.timedOutAttempts == 0 && report.statistics.lostAttempts == 0)
        #expect(report.recoveries.isEmpty)
        #expect(report.blacklisted.isEmpty)
    }

    /// The reducer could not fetch map 0's output from worker-a, which answered without it: the
    /// map's attempt becomes failed, with the reason, and counts once — against its task and its
    /// worker, and among the completed maps failed afterwards, not among the attempts that failed
    /// in the job's code. A completion it sends again is ignored; the task's re-run wins.
    @Test func aRetroactivelyFailedMapAttemptReadsFailed() throws {
        let (mapped, reduced) = (Self.mapped, Self.reduced)
        let submission = MapReduce.JobSubmission(
            id: "j", job: MapReduce.WordCount(),
            splits: MapReduce.InputSplitter.splits(of: [Fixtures.documents[0]], targetSize: 1000), reducers: 1, combining: true)
        at(0) { coordinator in
            coordinator.submit(submission)
            _ = coordinator.heartbeat(Self.heartbeat("worker-a", freeMaps: 1))
            _ = coordinator.receive(Self.report("worker-a", attempt: 1, mapped))
            #expect(coordinator.heartbeat(Self.heartbeat("worker-b", freeMaps: 0, freeReduces: 1)).assignments.map(\.attempt) == [2])
        }
        at(1) { coordinator in
            let location = coordinator.jobs["j"]!.mapOutputs[0]!
            let query = MapReduce.ShuffleQuery(
                worker: "worker-b", incarnation: 0, jobID: "j", attempt: 2,
                failures: [MapReduce.FetchFailureNotice(location: location, reason: "not on disk", held: [])],
                fromEventID: 1, maxEvents: 100)
            #expect(coordinator.shuffle(query) != nil)
            let state = coordinator.jobs["j"]!
            let attempt = state.attempts[1]!
            #expect(attempt.outcome == .failed("output could not be fetched: reduce-0#2 could not fetch map-0: not on disk"))
            #expect(attempt.outcomeDescription == "failed: output could not be fetched: reduce-0#2 could not fetch map-0: not on disk")
            #expect(attempt.rejudgement == MapReduce.Rejudgement(kind: .failed, at: .after(.seconds(1))))
            #expect(attempt.end == .zero)
            #expect(state.maps[0].state == .idle && state.maps[0].failures == 1)
            #expect(state.failuresOnWorker == ["worker-a": 1])
            #expect(state.retroactiveFailures == 1)
            // The attempt's completion sent again changes nothing.
            _ = coordinator.receive(Self.report("worker-a", attempt: 1, mapped))
            #expect(coordinator.jobs["j"]!.attempts[1]!.outcome == attempt.outcome)
            #expect(coordinator.jobs["j"]!.mapOutputs[0] == nil)
            #expect(coordinator.heartbeat(Self.heartbeat("worker-c", freeMaps: 1)).assignments.map(\.attempt) == [3])
        }
        at(2) { coordinator in
            _ = coordinator.receive(Self.report("worker-c", attempt: 3, mapped))
            _ = coordinator.receive(Self.report("worker-b", attempt: 2, reduced))
        }
        try simulation.run(until: .after(.seconds(3)))
        let report = try #require(coordinator.assumeIsolated { $0.report(of: "j") })
        #expect(report.status == .succeeded)
        #expect(report.attempts.map(\.outcome) == [.failed("output could not be fetched: reduce-0#2 could not fetch map-0: not on disk"),
                                                   .succeeded, .succeeded])
        #expect(report.statistics.retroactiveFailures == 1)
        #expect(report.statistics.failedAttempts == 0)
        #expect(report.statistics.mapReexecutions == 1)
        #expect(report.recoveries.isEmpty)
        #expect(report.mapPhase == MapReduce.PhaseTimes(start: .zero, end: .after(.seconds(2))))
    }
}

/// A coordinator restart in a running cluster: the attempts it was running are killed and run
/// again, the maps that had completed stay completed, no failure is counted, and the output is
/// the sequential run's.
struct CoordinatorRestartClusterTests {
    /// The coordinator crashes at 2 s, when maps 0, 1, 2 and 5 have completed and eight map
    /// attempts run, and is back at 7 s (restarted at 6 s, booting for 1 s).
    @Test func theAttemptsRunningAtARestartAreKilledAndRunAgain() throws {
        let crash = VirtualInstant.after(.seconds(2))
        let up = VirtualInstant.after(.seconds(7))
        let run = try Fixtures.run(seed: 47, FaultToleranceTests.request(), configuration: Fixtures.slowCluster(), faults: [
            .init(at: crash, .network(.crash("coordinator"))),
            .init(at: .after(.seconds(6)), .network(.restart("coordinator", bootTime: .seconds(1)))),
        ])
        let report = run.report
        #expect(report.status == .succeeded)
        #expect(Fixtures.text(report.output!.records) == Fixtures.text(FaultToleranceTests.expected))
        let before = report.attempts.filter { $0.start < crash }
        #expect(before.filter { $0.outcome == .succeeded }.map(\.task) == [.map(0), .map(1), .map(2), .map(5)])
        #expect(before.filter { $0.outcome == .succeeded }.allSatisfy { $0.end! < crash })
        let killed = report.attempts.filter { $0.outcome == MapReduce.AttemptOutcome.coordinatorRestarted }
        #expect(killed.map(\.number) == [4, 5, 7, 8, 9, 10, 11, 12])
        #expect(killed.map(\.task) == [3, 4, 6, 7, 8, 9, 10, 11].map { MapReduce.TaskID.map($0) })
        #expect(before.count == 12 && killed.allSatisfy { $0.start < crash && $0.end == up })
        // Each killed task ran once more, after the restart, and that attempt completed it; the
        // completed maps did not run again.
        for task in (0..<12).map({ MapReduce.TaskID.map($0) }) {
            let after = report.attempts.filter { $0.task == task && $0.start >= up }
            #expect(after.map(\.outcome) == (killed.contains { $0.task == task } ? [.succeeded] : []), "\(task)")
        }
        #expect(report.attempts.count == 23)
        #expect(report.statistics.retries == 8)
        #expect(report.statistics.failedAttempts == 0 && report.statistics.timedOutAttempts == 0)
        #expect(report.statistics.lostAttempts == 0 && report.statistics.retroactiveFailures == 0)
        #expect(report.statistics.mapReexecutions == 0)
        #expect(report.recoveries.isEmpty)
        #expect(report.blacklisted.isEmpty)
        let coordinator = run.cluster.coordinator
        let jobID = run.handle.jobID
        let (failures, onWorkers) = coordinator.assumeIsolated { coordinator in
            let state = coordinator.jobs[jobID]!
            return ((state.maps + state.reduces).map(\.failures), state.failuresOnWorker.count)
        }
        #expect(failures == Array(repeating: 0, count: 15) && onWorkers == 0)
    }

    /// With `restartKeepsAttempts`, the same eight attempts go on through the restart (a fresh
    /// progress deadline each) and complete their tasks: nothing is killed or run again.
    @Test func withRestartKeepsAttemptsTheyGoOn() throws {
        let crash = VirtualInstant.after(.seconds(2))
        var policy = MapReduce.CoordinatorPolicy()
        policy.restartKeepsAttempts = true
        let run = try Fixtures.run(seed: 47, FaultToleranceTests.request(), configuration: Fixtures.slowCluster(policy: policy), faults: [
            .init(at: crash, .network(.crash("coordinator"))),
            .init(at: .after(.seconds(6)), .network(.restart("coordinator", bootTime: .seconds(1)))),
        ])
        let report = run.report
        #expect(report.status == .succeeded)
        #expect(Fixtures.text(report.output!.records) == Fixtures.text(FaultToleranceTests.expected))
        #expect(!report.attempts.contains { if case .killed = $0.outcome { return true } else { return false } })
        let before = report.attempts.filter { $0.start < crash }
        #expect(before.count == 12 && before.allSatisfy { $0.outcome == .succeeded })
        #expect(before.filter { $0.task.kind == .map }.map(\.task.index).sorted() == [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11])
        #expect(report.statistics.retries == 0 && report.recoveries.isEmpty)
    }
}
