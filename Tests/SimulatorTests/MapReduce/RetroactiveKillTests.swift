import Testing
@testable import Simulator

/// A completed map whose output is lost with its worker, as Hadoop's `JobImpl.actOnUnusableNode`
/// treats it: the attempt moves from succeeded to killed (`killed: ran on unusable node …`), its
/// end stays its completion, its ``MapReduce/Attempt/rejudgement`` says when, and its task runs
/// again — counted against neither the task's attempt limit nor the worker — and the job's
/// statistics count it once, among the completed maps killed afterwards.
struct RetroactiveKillTests {
    let simulation = Simulation(seed: 137)
    let network: Network
    let coordinator: MapReduce.Coordinator

    init() {
        network = Network(simulation: simulation)
        coordinator = MapReduce.Coordinator(network: network, policy: MapReduce.CoordinatorPolicy(speculation: nil))
    }

    /// Three map tasks (one per document) and one reducer.
    static let submission = CoordinatorRestartTests.submission
    /// One map task and one reducer.
    static let single = MapReduce.JobSubmission(
        id: "j", job: MapReduce.WordCount(),
        splits: MapReduce.InputSplitter.splits(of: [Fixtures.documents[0]], targetSize: 1000), reducers: 1, combining: true)

    static func heartbeat(_ worker: NodeID, incarnation: UInt64 = 0, freeMaps: Int, freeReduces: Int = 0,
                          running: [MapReduce.AttemptStatus] = []) -> MapReduce.Heartbeat {
        MapReduce.Heartbeat(worker: worker, incarnation: incarnation, running: running, freeMapSlots: freeMaps,
                            freeReduceSlots: freeReduces, mapSlots: 3, reduceSlots: 1)
    }

    static func report(_ worker: NodeID, _ attempt: Int, _ result: MapReduce.TaskResult) -> MapReduce.TaskReport {
        CoordinatorRestartTests.report(worker, attempt: attempt, result)
    }

    static let mapped = CoordinatorRestartTests.mapped
    static let reduced = CoordinatorRestartTests.reduced
    /// `no heartbeat for 10.000s`: the default worker timeout's reason.
    static let silent = "no heartbeat for \(MapReduce.CoordinatorPolicy().workerTimeout.formattedSeconds)"

    func at(_ seconds: Double, _ body: @escaping @Sendable (isolated MapReduce.Coordinator) -> Void) {
        let coordinator = coordinator
        simulation.schedule(after: .seconds(seconds)) { coordinator.assumeIsolated(body) }
    }

    /// Worker-a completes maps 0 and 1 at 0 s, worker-b map 2, and worker-b runs the reducer;
    /// worker-a falls silent and is declared lost at 10.5 s. Its two completed attempts read
    /// killed from then on, their ends still 0 s; the tasks run again on worker-c, with no failure
    /// counted against them or worker-a; the statistics count the two once, among the completed
    /// maps killed afterwards, and nowhere else, and as re-executed once the re-runs finish; the
    /// map phase ends with the re-runs.
    @Test func aLostWorkersCompletedMapsAreKilledAndRunAgain() throws {
        let (submission, mapped, reduced, silent) = (Self.submission, Self.mapped, Self.reduced, Self.silent)
        let killed = MapReduce.AttemptOutcome.killed("ran on unusable node worker-a: \(silent)")
        at(0) { coordinator in
            coordinator.submit(submission)
            #expect(coordinator.heartbeat(Self.heartbeat("worker-a", freeMaps: 2)).assignments.map(\.attempt) == [1, 2])
            #expect(coordinator.heartbeat(Self.heartbeat("worker-b", freeMaps: 1)).assignments.map(\.attempt) == [3])
            for (worker, attempt) in [("worker-a", 1), ("worker-a", 2), ("worker-b", 3)] as [(NodeID, Int)] {
                _ = coordinator.receive(Self.report(worker, attempt, mapped))
            }
            #expect(coordinator.heartbeat(Self.heartbeat("worker-b", freeMaps: 0, freeReduces: 1)).assignments.map(\.attempt) == [4])
        }
        for second in [5.0, 10.0] {
            at(second) { coordinator in
                _ = coordinator.heartbeat(Self.heartbeat("worker-b", freeMaps: 0, running: [MapReduce.AttemptStatus(attempt: 4, progress: 0.1)]))
            }
        }
        at(10.5) { coordinator in
            coordinator.monitor()
            let state = coordinator.jobs["j"]!
            for number in [1, 2] {
                let attempt = state.attempts[number]!
                #expect(attempt.outcome == killed)
                #expect(attempt.outcomeDescription == "killed: ran on unusable node worker-a: no heartbeat for 10.000s")
                #expect(attempt.rejudgement == MapReduce.Rejudgement(kind: .killed, at: .after(.seconds(10.5))))
                #expect(attempt.end == .zero)
                #expect(attempt.completedItsTask)
            }
            #expect(state.attempts[3]!.outcome == .succeeded && state.attempts[3]!.rejudgement == nil)
            #expect(state.maps.map(\.state) == [.idle, .idle, .completed])
            #expect(state.maps.map(\.failures) == [0, 0, 0])
            #expect(state.failuresOnWorker.isEmpty && state.blacklisted.isEmpty)
            // The re-runs count as re-executions only once they finish (at 11 s, below).
            #expect(state.retroactiveFailures == 0 && state.mapReexecutions == 0)
            // The reducers learn it as Hadoop's do: a `KILLED` event for each, its `SUCCEEDED`
            // event made obsolete.
            #expect(state.mapCompletionEvents.events.map(\.status) == [.obsolete, .obsolete, .succeeded, .killed, .killed])
            #expect(state.mapCompletionEvents.events.suffix(2).map(\.attempt) == [1, 2])
            // A completion worker-a sends again changes nothing: the attempt stays killed.
            _ = coordinator.receive(Self.report("worker-a", 1, mapped))
            #expect(coordinator.jobs["j"]!.attempts[1]!.outcome == killed)
            #expect(coordinator.jobs["j"]!.mapOutputs[0] == nil)
            #expect(coordinator.heartbeat(Self.heartbeat("worker-c", freeMaps: 2)).assignments.map(\.task) == [.map(0), .map(1)])
        }
        at(11) { coordinator in
            _ = coordinator.receive(Self.report("worker-c", 5, mapped))
            _ = coordinator.receive(Self.report("worker-c", 6, mapped))
            #expect(coordinator.jobs["j"]!.mapReexecutions == 2)
        }
        at(12) { coordinator in
            _ = coordinator.receive(Self.report("worker-b", 4, reduced))
        }
        try simulation.run(until: .after(.seconds(13)))
        let report = try #require(coordinator.assumeIsolated { $0.report(of: "j") })
        #expect(report.status == .succeeded)
        #expect(report.attempts.map(\.outcome) == [killed, killed, .succeeded, .succeeded, .succeeded, .succeeded])
        #expect(report.attempts.map(\.task) == [.map(0), .map(1), .map(2), .reduce(0), .map(0), .map(1)])
        #expect(report.attempts.map(\.worker) == ["worker-a", "worker-a", "worker-b", "worker-b", "worker-c", "worker-c"])
        let statistics = report.statistics
        #expect(statistics.attempts == 6 && statistics.retries == 2)
        #expect(statistics.retroactiveKills == 2 && statistics.mapReexecutions == 2)
        #expect(statistics.retroactiveFailures == 0 && statistics.failedAttempts == 0)
        #expect(statistics.lostAttempts == 0 && statistics.timedOutAttempts == 0)
        #expect(report.recoveries.isEmpty)
        #expect(report.mapPhase == MapReduce.PhaseTimes(start: .zero, end: .after(.seconds(11))))
        #expect(report.reducePhase == MapReduce.PhaseTimes(start: .zero, end: .after(.seconds(12))))
        let failures = coordinator.assumeIsolated { coordinator in
            coordinator.jobs["j"]!.maps.map(\.failures) + [coordinator.jobs["j"]!.failuresOnWorker.count]
        }
        #expect(failures == [0, 0, 0, 0])
    }

    /// A worker heard from in a new incarnation restarted: its completed map is killed for the
    /// restart, at the heartbeat that says so.
    @Test func aRestartedWorkersCompletedMapIsKilled() throws {
        let (submission, mapped) = (Self.single, Self.mapped)
        at(0) { coordinator in
            coordinator.submit(submission)
            _ = coordinator.heartbeat(Self.heartbeat("worker-a", freeMaps: 1))
            _ = coordinator.receive(Self.report("worker-a", 1, mapped))
            #expect(coordinator.heartbeat(Self.heartbeat("worker-b", freeMaps: 0, freeReduces: 1)).assignments.map(\.attempt) == [2])
        }
        at(3) { coordinator in
            #expect(coordinator.heartbeat(Self.heartbeat("worker-a", incarnation: 1, freeMaps: 0)).assignments.isEmpty)
            let attempt = coordinator.jobs["j"]!.attempts[1]!
            #expect(attempt.outcome == .killed("ran on unusable node worker-a: worker restarted"))
            #expect(attempt.rejudgement == MapReduce.Rejudgement(kind: .killed, at: .after(.seconds(3))))
            #expect(attempt.end == .zero)
            #expect(coordinator.jobs["j"]!.maps[0].state == .idle && coordinator.jobs["j"]!.maps[0].failures == 0)
            #expect(coordinator.report(of: "j")!.statistics.retroactiveKills == 1)
        }
        try simulation.run(until: .after(.seconds(4)))
    }

    /// Worker-a, silent from 0 s, is declared lost at 10.5 s with map 0 running; its late answer
    /// at 11 s completes the task, and worker-a, silent again, is declared lost at 21.5 s: the
    /// attempt keeps its declaration and its answer, and is killed besides. It stays counted
    /// among the lost attempts, and a recovery, for the declaration; among the completed maps
    /// killed afterwards for the kill.
    @Test func aLateAnswerThatCompletedItsTaskIsKilledWhenItsWorkerIsLostAgain() throws {
        let (submission, mapped, silent) = (Self.single, Self.mapped, Self.silent)
        at(0) { coordinator in
            coordinator.submit(submission)
            #expect(coordinator.heartbeat(Self.heartbeat("worker-a", freeMaps: 1)).assignments.map(\.attempt) == [1])
        }
        for second in [5.0, 10.0, 15.0, 20.0] {
            at(second) { coordinator in
                _ = coordinator.heartbeat(Self.heartbeat("worker-b", freeMaps: 0,
                                                         running: second > 11 ? [MapReduce.AttemptStatus(attempt: 2, progress: 0.1)] : []))
            }
        }
        at(10.5) { coordinator in
            coordinator.monitor()
            #expect(coordinator.jobs["j"]!.attempts[1]!.outcome == .lost(silent))
        }
        at(11) { coordinator in
            _ = coordinator.receive(Self.report("worker-a", 1, mapped))
            #expect(coordinator.jobs["j"]!.attempts[1]!.outcome == .succeeded)
            #expect(coordinator.heartbeat(Self.heartbeat("worker-b", freeMaps: 0, freeReduces: 1)).assignments.map(\.attempt) == [2])
        }
        at(21.5) { coordinator in
            coordinator.monitor()
            let attempt = coordinator.jobs["j"]!.attempts[1]!
            #expect(attempt.outcome == .killed("ran on unusable node worker-a: \(silent)"))
            #expect(attempt.judgedOutcome == .lost(silent))
            #expect(attempt.outcomeDescription == "lost: no heartbeat for 10.000s; answered late at 11.000s and completed the task; "
                + "then killed: ran on unusable node worker-a: no heartbeat for 10.000s")
            #expect(attempt.rejudgement == MapReduce.Rejudgement(kind: .killed, at: .after(.seconds(21.5))))
            #expect(attempt.end == .after(.seconds(11)))
            let report = coordinator.report(of: "j")!
            #expect(report.statistics.lostAttempts == 1 && report.statistics.retroactiveKills == 1)
            #expect(report.recoveries.map(\.attempt) == [1])
            #expect(coordinator.jobs["j"]!.maps[0].failures == 0)
        }
        try simulation.run(until: .after(.seconds(22)))
    }
}
