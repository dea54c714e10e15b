import Testing
@testable import Simulator

/// The median speed a job's state keeps for the speculation rule, as tasks complete and lose
/// their output, agrees with sorting the speeds of every completed task after each change.
struct MedianSpeedTests {
    /// The median as the rule defines it: every completed task's work (at least 1) per second of
    /// its winning attempt, when that took any time, sorted; the upper middle one.
    static func scanned(_ state: MapReduce.JobState, _ kind: MapReduce.TaskKind) -> Double? {
        let tasks = kind == .map ? state.maps : state.reduces
        let speeds = tasks.compactMap { task -> Double? in
            guard task.state == .completed, let winner = task.winner,
                  let duration = state.attempts[winner]?.duration, duration > .zero else { return nil }
            return Double(max(task.work, 1)) / duration.seconds
        }.sorted()
        return speeds.isEmpty ? nil : speeds[speeds.count / 2]
    }

    @Test(arguments: [1, 2, 3])
    func theKeptMedianIsTheMedianOfEveryCompletedTasksSpeed(seed: UInt64) {
        let submission = MapReduce.JobSubmission(id: "j", job: MapReduce.WordCount(), splits: [], reducers: 30, combining: false)
        var state = MapReduce.JobState(submission, at: .zero)
        var random = SeededRandom(seed: seed)
        var attempt = 0
        var completions = 0, losses = 0
        #expect(state.medianSpeed(of: .reduce) == nil)
        for step in 0..<3_000 {
            let task = MapReduce.TaskID(.reduce, Int(random.next() % 30))
            if state[task].state == .completed {
                // Its output is lost: it runs again.
                state[task].state = .idle
                losses += 1
            } else {
                attempt += 1
                // Few distinct works and durations, so that equal speeds are common; a duration
                // of zero gives the task no speed.
                state[task].work = Int(random.next() % 4) * 1_000
                let start = VirtualInstant(nanoseconds: Int64(step) * 1_000_000)
                var run = MapReduce.Attempt(number: attempt, task: task, worker: "worker-1", incarnation: 0, speculative: false, start: start)
                run.end = start.advanced(by: .milliseconds(Int64(random.next() % 4) * 250))
                state.attempts[attempt] = run
                state[task].state = .completed
                state[task].winner = attempt
                state.noteSpeed(of: task)
                completions += 1
            }
            #expect(state.medianSpeed(of: .reduce) == Self.scanned(state, .reduce))
            #expect(state.medianSpeed(of: .map) == nil)
        }
        #expect(completions > 1_000 && losses > 1_000)
    }
}
