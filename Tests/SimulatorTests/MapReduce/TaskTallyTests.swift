import Testing
@testable import Simulator

/// The tallies the coordinator keeps instead of scanning a job's tasks agree with a scan after
/// every change.
struct TaskTallyTests {
    @Test(arguments: [1, 2, 3])
    func aTallyAgreesWithAScanOfTheTasksAfterEveryChange(seed: UInt64) {
        let states: [MapReduce.TaskState] = [.idle, .running, .completed, .failed]
        var random = SeededRandom(seed: seed)
        var tasks = Array(repeating: MapReduce.TaskRecord(), count: 40)
        var tally = MapReduce.TaskTally(count: tasks.count)
        for _ in 0..<5_000 {
            let index = Int(random.next() % UInt64(tasks.count))
            let old = tasks[index].state
            tasks[index].state = states[Int(random.next() % UInt64(states.count))]
            tally.changed(index, from: old, in: tasks)
            #expect(tally.completed == tasks.filter { $0.state == .completed }.count)
            #expect(tally.idle == tasks.filter { $0.state == .idle }.count)
            #expect(tally.firstIdle == (tasks.firstIndex { $0.state == .idle } ?? tasks.count))
        }
    }

    @Test func aJobsTasksAreTalliedThroughItsSubscript() {
        let submission = MapReduce.JobSubmission(id: "j", job: MapReduce.WordCount(), splits: [], reducers: 3, combining: false)
        var state = MapReduce.JobState(submission, at: .zero)
        #expect(state.allMapsCompleted && !state.allReducesCompleted && state.hasIdleTask(.reduce))
        state[MapReduce.TaskID(.reduce, 0)].state = .running
        #expect(state.nextRunnable(.reduce, now: .zero) == MapReduce.TaskID(.reduce, 1))
        state[MapReduce.TaskID(.reduce, 1)].notBefore = VirtualInstant.zero.advanced(by: .seconds(1))
        #expect(state.nextRunnable(.reduce, now: .zero) == MapReduce.TaskID(.reduce, 2))
        for index in 0..<3 { state[MapReduce.TaskID(.reduce, index)].state = .completed }
        #expect(state.allReducesCompleted && state.completedTasks == 3 && !state.hasIdleTask(.reduce))
        #expect(state.nextRunnable(.reduce, now: .zero) == nil)
    }
}
