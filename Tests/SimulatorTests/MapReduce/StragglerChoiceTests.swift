import Testing
@testable import Simulator

/// Which running task gets a speculative backup, driven message by message.
struct StragglerChoiceTests {
    /// Among stragglers expected to finish equally late, the backup goes to the first task by
    /// index, whatever order their attempts started in: here task 0's attempt is newer than task
    /// 1's (its first was lost with a restarted worker), and all three estimates are equal.
    @Test func equallyLateStragglersGoByTaskIndexNotByAttemptOrder() throws {
        let simulation = Simulation(seed: 5)
        let network = Network(simulation: simulation)
        let coordinator = MapReduce.Coordinator(network: network, policy: MapReduce.CoordinatorPolicy(speculation: .init()))
        let document = Fixtures.documents[0]
        let submission = MapReduce.JobSubmission(
            id: "j", job: MapReduce.WordCount(),
            splits: MapReduce.InputSplitter.splits(of: Array(repeating: document, count: 4), targetSize: 1_000_000),
            reducers: 1, combining: true)
        @Sendable func beat(_ worker: NodeID, free: Int, incarnation: UInt64 = 0, running: [MapReduce.AttemptStatus] = []) -> MapReduce.Heartbeat {
            MapReduce.Heartbeat(worker: worker, incarnation: incarnation, running: running, freeMapSlots: free, freeReduceSlots: 0,
                                mapSlots: 2, reduceSlots: 1)
        }
        // A quarter done at 2 s: at that rate 8 s in all, 6 s more.
        @Sendable func quarter(_ attempt: Int) -> MapReduce.AttemptStatus {
            MapReduce.AttemptStatus(attempt: attempt, progress: 0.25)
        }
        simulation.schedule(after: .zero) {
            coordinator.assumeIsolated { coordinator in
                coordinator.submit(submission)
                #expect(submission.splits.count == 4)
                #expect(coordinator.heartbeat(beat("worker-a", free: 1)).assignments.map(\.task) == [.map(0)])
                #expect(coordinator.heartbeat(beat("worker-b", free: 1)).assignments.map(\.task) == [.map(1)])
                // worker-a restarted: its attempt of map 0 is lost, and map 0 starts again later.
                #expect(coordinator.heartbeat(beat("worker-a", free: 0, incarnation: 1)).assignments.isEmpty)
                #expect(coordinator.heartbeat(beat("worker-c", free: 2)).assignments.map(\.task) == [.map(0), .map(2)])
                #expect(coordinator.heartbeat(beat("worker-d", free: 1)).assignments.map(\.task) == [.map(3)])
            }
        }
        simulation.schedule(after: .seconds(1)) {
            coordinator.assumeIsolated { coordinator in
                // Map 3 finishes in one second: the median speed, and every task the same size.
                _ = coordinator.receive(MapReduce.TaskReport(
                    worker: "worker-d", incarnation: 0, jobID: "j", attempt: 5,
                    result: .mapped(MapReduce.MapStatistics(), partitionBytes: [0], inShuffleStore: false),
                    freeMapSlots: 0, freeReduceSlots: 0, mapSlots: 2, reduceSlots: 1))
            }
        }
        simulation.schedule(after: .seconds(2)) {
            coordinator.assumeIsolated { coordinator in
                #expect(coordinator.jobs["j"]!.running.elementsEqual([2, 3, 4]))
                #expect(coordinator.jobs["j"]!.attempts[3]!.task == .map(0))
                _ = coordinator.heartbeat(beat("worker-b", free: 0, running: [quarter(2)]))
                _ = coordinator.heartbeat(beat("worker-c", free: 0, running: [quarter(3), quarter(4)]))
                let backup = coordinator.heartbeat(beat("worker-e", free: 1)).assignments
                #expect(backup.map(\.task) == [.map(0)])
                #expect(backup.first.map { coordinator.jobs["j"]!.attempts[$0.attempt]!.speculative } == true)
            }
        }
        try simulation.run(until: .after(.seconds(3)))
    }
}
