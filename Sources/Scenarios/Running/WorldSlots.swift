import Foundation
import Synchronization

/// The threads that run the worlds of several experiments side by side (``ExperimentRuns``):
/// `width` of them, each taking the waiting world of the earliest experiment (the lowest rank)
/// first. So the cores stay busy while one experiment runs the last worlds of a phase, or a world
/// of its own (the backup experiment's sixty days), yet the experiments finish in the order they
/// are written — and no more worlds run, and no more threads allocate (each with its own heap in
/// glibc's malloc, and the slack ``AllocatorSlack`` gives it), than `--jobs` asks for.
///
/// ``ParallelWorlds/map(_:width:_:)`` hands its worlds to these threads while a ticket is bound to
/// ``current``; without one (every command but `experiment` of several) it runs as before.
final class WorldSlots: Sendable {
    /// One experiment's claim on the threads: its worlds wait behind those of lower ranks.
    struct Ticket: Sendable {
        let slots: WorldSlots
        let rank: Int
    }

    /// The ticket of the experiment running on this thread, if its worlds go to the slots.
    @TaskLocal static var current: Ticket?

    private struct Waiting {
        let rank: Int
        let order: Int
        let run: @Sendable () -> Void
    }

    private struct State {
        var waiting: [Waiting] = []
        var submitted = 0
    }

    private let state = Mutex(State())
    /// Signalled once per world submitted, and once per thread at ``close()``.
    private let available = DispatchSemaphore(value: 0)
    private let stopped = DispatchGroup()
    private let width: Int

    /// `width` threads, started now; ``close()`` ends them. The first reports to `progress` as
    /// the command's own thread does without slots (the virtual time of the world it runs).
    init(width: Int, progress: RunProgress? = nil) {
        precondition(width >= 1, "at least one world at a time")
        self.width = width
        for thread in 0..<width {
            stopped.enter()
            Thread { [self] in
                RunProgress.$current.withValue(thread == 0 ? progress : nil) {
                    while let next = take() { next() }
                }
                stopped.leave()
            }.start()
        }
    }

    /// The earliest-ranked waiting world (first submitted among equals), once there is one; nil
    /// once the slots are closed (no world is waiting then).
    private func take() -> (@Sendable () -> Void)? {
        available.wait()
        return state.withLock { state in
            guard let next = state.waiting.indices.min(by: { (state.waiting[$0].rank, state.waiting[$0].order) < (state.waiting[$1].rank, state.waiting[$1].order) }) else {
                return nil
            }
            return state.waiting.remove(at: next).run
        }
    }

    /// Runs `body(i)` for every i in 0..<count on the slots' threads, as the ticket's rank allows,
    /// and returns once every one has returned.
    func run(_ count: Int, rank: Int, _ body: @Sendable (Int) -> Void) {
        withoutActuallyEscaping(body) { body in
            let lent = LentClosure(body)
            let finished = DispatchGroup()
            state.withLock { state in
                for index in 0..<count {
                    finished.enter()
                    state.waiting.append(Waiting(rank: rank, order: state.submitted) {
                        lent(index)
                        finished.leave()
                    })
                    state.submitted += 1
                }
            }
            for _ in 0..<count { available.signal() }
            finished.wait()
            lent.empty()
        }
    }

    /// Worlds submitted and not yet taken by a thread.
    var waitingCount: Int { state.withLock { $0.waiting.count } }

    /// Ends the threads; waits for them. Only once every ``run(_:rank:_:)`` has returned.
    func close() {
        for _ in 0..<width { available.signal() }
        stopped.wait()
    }
}
