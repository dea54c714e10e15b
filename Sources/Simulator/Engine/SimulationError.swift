/// Why a simulation run stopped before its work was done.
public enum SimulationError: Error, Equatable, CustomStringConvertible, Sendable {
    /// Foreground tasks were still suspended when no job was ready and no timer was left, so
    /// nothing could ever wake them. Carries the virtual time and the names of the stuck tasks.
    case deadlock(at: VirtualInstant, stuckTasks: [String])

    /// The run reached its limit on virtual time with foreground work still unfinished.
    case timeLimitExceeded(limit: VirtualInstant, unfinishedTasks: [String])

    /// The run processed its maximum number of events (jobs plus timer wake-ups): usually a
    /// livelock, or a limit set too low for the scenario.
    case eventLimitExceeded(limit: UInt64, at: VirtualInstant)

    /// A job reached the simulation from a thread other than the simulation's: some task escaped
    /// to the global concurrent executor (a `Task.detached`, or a task started without the
    /// simulation's executor preference). Its timing would depend on real threads, so the run is
    /// no longer deterministic and is stopped.
    case escapedTask(at: VirtualInstant, jobs: Int)

    public var description: String {
        switch self {
        case .deadlock(let at, let stuck):
            return "deadlock at \(at): \(stuck.count) task(s) suspended with no job ready and no timer left to wake them: \(stuck.joined(separator: ", "))"
        case .timeLimitExceeded(let limit, let unfinished):
            return "virtual time limit reached at \(limit) with \(unfinished.count) task(s) unfinished: \(unfinished.prefix(10).joined(separator: ", "))"
        case .eventLimitExceeded(let limit, let at):
            return "event limit of \(limit) jobs and timer wake-ups reached at \(at); raise the limit or look for a livelock"
        case .escapedTask(let at, let jobs):
            return "\(jobs) job(s) arrived from a thread other than the simulation's at \(at): a task escaped to the global executor (Task.detached, or a Task without the simulation's executor preference); start every task with sim.spawn"
        }
    }
}
