import Testing
@testable import Scenarios
@testable import Simulator
import Reports

/// A run stops at its time limit when its next event is due after it, so its clock — the report's
/// virtual time — stands at the last event before the limit. The stop message says both instants
/// (it said "time limit reached at t=80.000s" beside a virtual time of 38.517 s).
struct WorldStopReasonTests {
    @Test func aTimeLimitStopNamesTheInstantTheClockStoppedAt() {
        let error = SimulationError.timeLimitExceeded(limit: .after(.seconds(80)), unfinishedTasks: ["request-1#3"])
        #expect(World.stopReason(error, lastEvent: VirtualInstant(nanoseconds: 38_516_600_000)) ==
            "virtual time limit reached at 80.000 s (nothing was due from the last event, at virtual time 38.517 s where the run's clock stopped, until past it) with 1 task unfinished: request-1#3")
    }

    /// At the limit itself the clock needs no word; the limit still reads as a duration (C1's
    /// F9: "t=1800.000s" beside "1,799.524 s" in one sentence), and so does another stop's instant.
    @Test func aStopAtTheLimitItselfOrForAnotherReasonReadsItsInstantAsADuration() {
        let atLimit = SimulationError.timeLimitExceeded(limit: .after(.seconds(1_800)), unfinishedTasks: ["x"])
        #expect(World.stopReason(atLimit, lastEvent: .after(.seconds(1_800))) == "virtual time limit reached at 1,800.000 s with 1 task unfinished: x")
        let deadlock = SimulationError.deadlock(at: .after(.seconds(3)), stuckTasks: ["y"])
        #expect(World.stopReason(deadlock, lastEvent: .after(.seconds(3))) == "deadlock at 3.000 s: 1 task suspended with no job ready and no timer left to wake them: y")
    }

    @Test func aWorldStoppedAtItsTimeLimitSaysWhereItsClockIs() throws {
        let result = ScenarioRunner.run(try ScenarioLoader.parse("""
            run: {duration: 1s, time_limit: 80s}
            servers: [{name: s, service_time: 1000s}]
            workload: {type: open_loop, rate: 1, timeout: 1000s}
            """, file: "w.yaml"))
        let clock = DurationFormat.seconds(result.virtualSeconds, grouping: true)
        #expect(result.virtualSeconds < 80)
        #expect(result.failure?.hasPrefix("virtual time limit reached at 80.000 s (nothing was due from the last event, at virtual time \(clock) where the run's clock stopped, until past it)") == true)
    }
}
