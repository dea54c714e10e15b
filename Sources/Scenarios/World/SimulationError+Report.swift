import Reports
import Simulator

extension SimulationError {
    /// Why the engine stopped, as Orrery's reports and refusals say it: each instant a duration
    /// (`3.000 s`, `3,600.000 s`) and each count grouped with its noun (`25,000,000 events`,
    /// `2 tasks`). The Simulator has no formatting: its own ``description`` writes an instant as
    /// `t=3600.000s` and counts plain, which beside the reports' `3,600.000 s` read as two units.
    /// Every message starts as the engine's does ("deadlock at", "virtual time limit reached at",
    /// "event limit of", "livelock at"), which a shrink's failure signature matches; the words are
    /// not in the trace, so no digest moves.
    var reportText: String {
        switch self {
        case .deadlock(let at, let stuck):
            return "deadlock at \(Self.time(at)): \(NumberFormat.counted(stuck.count, "task")) suspended with no job ready and no timer left to wake them: \(Self.names(stuck))"
        case .timeLimitExceeded(let limit, let unfinished):
            return "virtual time limit reached at \(Self.time(limit))" + Self.unfinishedClause(unfinished)
        case .eventLimitExceeded(let limit, let at):
            return "event limit of \(NumberFormat.integer(limit)) jobs and timer wake-ups reached at \(Self.time(at)); raise the limit or look for a livelock"
        case .escapedTask(let at, let jobs):
            return "\(NumberFormat.counted(jobs, "job")) arrived from a thread other than the simulation's at \(Self.time(at)): a task escaped to the global executor (Task.detached, or a Task without the simulation's executor preference); start every task with sim.spawn"
        case .livelock(let at, let events):
            return "livelock at \(Self.time(at)): \(NumberFormat.counted(events, "event")) in a row without virtual time moving; the world keeps itself busy at one instant (look for zero latencies and zero service times in a loop)"
        }
    }

    /// ` with 2 tasks unfinished: a, b`: the end of a time-limit stop, after its instants.
    static func unfinishedClause(_ unfinished: [String]) -> String {
        " with \(NumberFormat.counted(unfinished.count, "task")) unfinished: \(names(unfinished))"
    }

    /// An instant as reports write a duration since the start: `3,600.000 s`.
    static func time(_ instant: VirtualInstant) -> String {
        DurationFormat.seconds(instant.seconds, grouping: true)
    }

    /// The first ten task names, as the engine lists them, `…` for the rest.
    private static func names(_ tasks: [String]) -> String {
        tasks.prefix(10).joined(separator: ", ") + (tasks.count > 10 ? ", …" : "")
    }
}
