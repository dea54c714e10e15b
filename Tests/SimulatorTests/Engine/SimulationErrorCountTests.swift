import Testing
@testable import Simulator

/// A stop reason counts its tasks and jobs as a sentence does: `1 task`, `3 tasks`, not
/// `1 task(s)`.
struct SimulationErrorCountTests {
    @Test func oneStuckTaskIsATaskAndTwoAreTasks() {
        #expect(SimulationError.deadlock(at: .after(.seconds(1)), stuckTasks: ["a#1"]).description
            == "deadlock at t=1.000s: 1 task suspended with no job ready and no timer left to wake them: a#1")
        #expect(SimulationError.deadlock(at: .after(.seconds(1)), stuckTasks: ["a#1", "b#2"]).description
            == "deadlock at t=1.000s: 2 tasks suspended with no job ready and no timer left to wake them: a#1, b#2")
    }

    @Test func theTimeLimitCountsItsUnfinishedTasks() {
        #expect(SimulationError.timeLimitExceeded(limit: .after(.seconds(60)), unfinishedTasks: ["x#1"]).description
            == "virtual time limit reached at t=60.000s with 1 task unfinished: x#1")
        let eleven = (1...11).map { "t#\($0)" }
        #expect(SimulationError.timeLimitExceeded(limit: .after(.seconds(60)), unfinishedTasks: eleven).description
            == "virtual time limit reached at t=60.000s with 11 tasks unfinished: t#1, t#2, t#3, t#4, t#5, t#6, t#7, t#8, t#9, t#10, …")
    }

    @Test func escapedJobsAreCountedTheSameWay() {
        let tail = " arrived from a thread other than the simulation's at t=0.000s: a task escaped to the global executor (Task.detached, or a Task without the simulation's executor preference); start every task with sim.spawn"
        #expect(SimulationError.escapedTask(at: .zero, jobs: 1).description == "1 job" + tail)
        #expect(SimulationError.escapedTask(at: .zero, jobs: 3).description == "3 jobs" + tail)
    }
}
