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

    /// Virtual time stood still for this many events in a row: the world keeps itself busy at one
    /// instant (a zero-latency, zero-service loop, say) and would never reach its end.
    case livelock(at: VirtualInstant, events: UInt64)

    public var description: String {
        switch self {
        case .deadlock(let at, let stuck):
            return "deadlock at \(at): \(Self.counted(stuck.count, "task")) suspended with no job ready and no timer left to wake them: \(stuck.prefix(10).joined(separator: ", "))\(stuck.count > 10 ? ", …" : "")"
        case .timeLimitExceeded(let limit, let unfinished):
            return "virtual time limit reached at \(limit) with \(Self.counted(unfinished.count, "task")) unfinished: \(unfinished.prefix(10).joined(separator: ", "))\(unfinished.count > 10 ? ", …" : "")"
        case .eventLimitExceeded(let limit, let at):
            return "event limit of \(limit) jobs and timer wake-ups reached at \(at); raise the limit or look for a livelock"
        case .escapedTask(let at, let jobs):
            return "\(Self.counted(jobs, "job")) arrived from a thread other than the simulation's at \(at): a task escaped to the global executor (Task.detached, or a Task without the simulation's executor preference); start every task with sim.spawn"
        case .livelock(let at, let events):
            return "livelock at \(at): \(events) events in a row without virtual time moving; the world keeps itself busy at one instant (look for zero latencies and zero service times in a loop)"
        }
    }

    /// `1 task`, `3 tasks`: a count and its noun, as Orrery's messages write counts ("1 task(s)"
    /// read as a form, not a sentence). The Simulator does not reach `Reports`, whose
    /// `NumberFormat.counted` also groups the digits, so the count is written plain.
    private static func counted(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)\(count == 1 ? "" : "s")"
    }
}
