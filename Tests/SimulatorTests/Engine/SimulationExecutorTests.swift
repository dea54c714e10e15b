import Testing
@testable import Simulator

struct SimulationExecutorTests {
    @Test func readyJobsRunInFIFOOrder() throws {
        let sim = Simulation(seed: 1)
        let log = EventLog()
        for name in ["a", "b", "c", "d"] {
            sim.spawn(name) { _ in log.append(name) }
        }
        try sim.runToCompletion(timeLimit: .after(.seconds(1)))
        #expect(log.entries == ["a", "b", "c", "d"])
    }

    @Test func timersFireInInstantThenSequenceOrder() throws {
        let sim = Simulation(seed: 1)
        let log = EventLog()
        let plan: [(Int, String)] = [(5, "5-first"), (1, "1"), (5, "5-second"), (3, "3"), (5, "5-third")]
        for (seconds, name) in plan {
            sim.schedule(after: .seconds(seconds)) { log.append("\(name)@\(sim.now.nanoseconds / 1_000_000_000)") }
        }
        try sim.run(until: .after(.seconds(10)))
        #expect(log.entries == ["1@1", "3@3", "5-first@5", "5-second@5", "5-third@5"])
    }

    @Test func virtualTimeNeverMovesWhileAJobIsReady() throws {
        let sim = Simulation(seed: 1)
        let log = EventLog()
        sim.spawn("sleeper") { _ in
            await sim.sleep(for: .milliseconds(1))
            log.append("woke@\(sim.now.nanoseconds)")
        }
        sim.spawn("spinner") { _ in
            for _ in 0..<1_000 {
                if sim.now != .zero { log.append("time moved") }
                await Task.yield()
            }
            log.append("spun@\(sim.now.nanoseconds)")
        }
        try sim.runToCompletion(timeLimit: .after(.seconds(1)))
        #expect(log.entries == ["spun@0", "woke@1000000"])
    }

    @Test func tenQuietVirtualHoursTakeOnlyTheirTimerWakeUps() throws {
        let sim = Simulation(seed: 1)
        let log = EventLog()
        sim.spawn("heartbeat", daemon: true) { _ in
            while true {
                await sim.sleep(for: .seconds(1))
            }
        }
        sim.spawn("operator") { _ in
            await sim.sleep(for: .seconds(36_000))
            log.append("done@\(sim.now.seconds)")
        }
        try sim.runToCompletion(timeLimit: .after(.seconds(40_000)))
        #expect(log.entries == ["done@36000.0"])
        // One wake-up per heartbeat plus the operator's: no busy waiting between timers.
        #expect(sim.executor.eventsProcessed < 36_000 * 3)
    }

    @Test func cancellingASleepWakesItAtOnce() throws {
        let sim = Simulation(seed: 1)
        let log = EventLog()
        let sleeper = sim.spawn("sleeper") { _ in
            do {
                try await sim.clock.sleep(for: .seconds(100))
                log.append("slept")
            } catch {
                log.append("cancelled@\(sim.now.seconds)")
            }
        }
        sim.spawn("canceller") { _ in
            await sim.sleep(for: .seconds(2))
            sleeper.cancel()
        }
        try sim.runToCompletion(timeLimit: .after(.seconds(1_000)))
        #expect(log.entries == ["cancelled@2.0"])
    }
}
