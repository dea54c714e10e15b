/// When a producer's items — a log producer's records, a queue producer's messages — are due, one
/// after another at its rate, across the processes of its node (``Network/startProcess(on:named:daemon:for:_:)``):
/// how far they got is kept here, outside any one process, as a producing application keeps its
/// position durably.
///
/// Item `i` is due at its planned instant (the producer's `start` plus `i` over its rate), later by
/// however long restarts held the producer up. A process a restart began resumes at the first item
/// no process settled (the one in flight at the crash is sent again), due no earlier than the
/// instant the process began — the end of its boot — and the items after it follow at the rate
/// from there: a restarted producer picks its schedule up where its application resumes, it does
/// not send what fell due while it was down in a burst at the network's pace.
///
/// `@unchecked Sendable`: touched only on the simulation thread.
public final class ResumableSchedule: @unchecked Sendable {
    /// How many items there are.
    public let count: Int
    /// The first item no process has settled (acknowledged or given up on).
    public private(set) var next = 0
    /// How much later than planned every item from ``next`` on is due.
    public private(set) var delay: Duration = .zero
    private let planned: @Sendable (Int) -> VirtualInstant

    /// `count` items, item `i` planned at `planned(i)`.
    public init(count: Int, planned: @escaping @Sendable (Int) -> VirtualInstant) {
        self.count = count
        self.planned = planned
    }

    /// When item `item` is due.
    public func due(_ item: Int) -> VirtualInstant {
        delay == .zero ? planned(item) : planned(item).advanced(by: delay)
    }

    /// The items `process` is to send, from the first not settled; a restarted process beginning
    /// `now` first moves the schedule on so that this one is due no earlier than `now`.
    public func items(for process: NodeProcess, beginning now: VirtualInstant) -> Range<Int> {
        if process.isRestarted, next < count, due(next) < now { delay += due(next).duration(to: now) }
        return next..<count
    }

    /// Item `item` is settled: the next process begins after it.
    public func settled(_ item: Int) {
        next = max(next, item + 1)
    }
}
