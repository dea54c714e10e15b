import Testing
#if canImport(Glibc)
import Glibc
#endif
@testable import Simulator

/// An actor of the simulation, used to lure an escaped task back onto the simulation's executor.
actor Doorbell {
    nonisolated let unownedExecutor: UnownedSerialExecutor
    private(set) var rings = 0
    init(_ sim: Simulation) { unownedExecutor = sim.executor.asUnownedSerialExecutor() }
    func ring() { rings += 1 }
}

struct SimulationFailureTests {
    @Test func aTaskWaitingForeverIsReportedAsADeadlockByName() throws {
        let sim = Simulation(seed: 1)
        sim.spawn("waits-for-godot") { _ in
            await withUnsafeContinuation { (_: UnsafeContinuation<Void, Never>) in }
        }
        sim.spawn("finishes") { _ in await sim.sleep(for: .seconds(1)) }
        #expect(throws: SimulationError.deadlock(at: .after(.seconds(1)), stuckTasks: ["waits-for-godot#1"])) {
            try sim.runToCompletion(timeLimit: .after(.seconds(10)))
        }
    }

    @Test func theEventLimitStopsALivelock() throws {
        let sim = Simulation(seed: 1)
        sim.spawn("spins") { _ in while true { await Task.yield() } }
        #expect(throws: SimulationError.eventLimitExceeded(limit: 500, at: .zero)) {
            try sim.runToCompletion(timeLimit: .after(.seconds(10)), eventLimit: 500)
        }
    }

    @Test func aWorldBusyAtOneInstantIsStoppedAsALivelock() throws {
        let sim = Simulation(seed: 1)
        sim.spawn("ticks") { _ in for _ in 0..<3 { await sim.sleep(for: .seconds(1)) } }
        sim.spawn("spins") { _ in
            await sim.sleep(for: .seconds(2))
            while true { await Task.yield() }
        }
        #expect(throws: SimulationError.livelock(at: .after(.seconds(2)), events: 1_000)) {
            try sim.runToCompletion(timeLimit: .after(.seconds(10)), livelockEvents: 1_000)
        }
    }

    @Test func manyEventsAtOneInstantBeforeTimeMovesAreNoLivelock() throws {
        let sim = Simulation(seed: 1)
        for index in 0..<100 {
            sim.spawn("burst-\(index)") { _ in
                for _ in 0..<20 { await Task.yield() }
                await sim.sleep(for: .seconds(1))
            }
        }
        // 2,000 yields at time zero, then time moves: a limit above the burst lets the run end.
        try sim.runToCompletion(timeLimit: .after(.seconds(10)), livelockEvents: 10_000)
        #expect(sim.now == .after(.seconds(1)))
    }

    @Test func theTimeLimitNamesTheUnfinishedTasks() throws {
        let sim = Simulation(seed: 1)
        sim.spawn("slowpoke") { _ in await sim.sleep(for: .seconds(60)) }
        #expect(throws: SimulationError.timeLimitExceeded(limit: .after(.seconds(30)), unfinishedTasks: ["slowpoke#1"])) {
            try sim.runToCompletion(timeLimit: .after(.seconds(30)))
        }
    }

    @Test func aJobFromAnotherThreadStopsTheRun() throws {
        let sim = Simulation(seed: 1)
        // The escaped job holds the simulation's executor unowned and may, on a loaded machine,
        // arrive late; keep the world alive for the rest of the process so it never arrives at
        // freed memory.
        _ = Unmanaged.passRetained(sim)
        let doorbell = Doorbell(sim)
        sim.spawn("lures-an-escapee") { _ in
            // A detached task runs on the global executor; its hop back onto a simulation actor
            // arrives from a foreign thread, which the executor must refuse and report. The
            // global pool may be busy with other tests, so ask for a high priority and wait for
            // it (in real time) for long.
            Task.detached(priority: .high) { await doorbell.ring() }
            var waited = 0
            while !sim.executor.hasEscapedJobs && waited < 120_000 {
                usleep(1_000)
                waited += 1
            }
        }
        do {
            try sim.runToCompletion(timeLimit: .after(.seconds(10)))
            Issue.record("the escaped job went unnoticed")
        } catch {
            guard case .escapedTask(_, let jobs) = error else {
                Issue.record("unexpected error \(error)")
                return
            }
            #expect(jobs == 1)
            #expect(error.description.contains("escaped to the global executor"))
        }
    }
}
