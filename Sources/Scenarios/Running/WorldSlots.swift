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
        let run: @Sendable () -> Void
    }

    /// The worlds submitted and not yet taken, in the order they were submitted.
    private let waiting = Mutex<[Waiting]>([])
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
        return waiting.withLock { waiting in
            guard !waiting.isEmpty else { return nil }
            // The first of the lowest rank: among equal ranks, the one submitted first.
            var next = 0
            for index in waiting.indices.dropFirst() where waiting[index].rank < waiting[next].rank { next = index }
            return waiting.remove(at: next).run
        }
    }

    /// Runs `body(i)` for every i in 0..<count on the slots' threads, as the ticket's rank allows,
    /// and returns once every one has returned.
    func run(_ count: Int, rank: Int, _ body: @Sendable (Int) -> Void) {
        withoutActuallyEscaping(body) { body in
            let lent = LentClosure(body)
            let finished = DispatchGroup()
            waiting.withLock { waiting in
                for index in 0..<count {
                    finished.enter()
                    waiting.append(Waiting(rank: rank) {
                        lent(index)
                        finished.leave()
                    })
                }
            }
            for _ in 0..<count { available.signal() }
            finished.wait()
            lent.empty()
        }
    }

    /// Worlds submitted and not yet taken by a thread.
    var waitingCount: Int { waiting.withLock { $0.count } }

    /// Ends the threads; waits for them. Only once every ``run(_:rank:_:)`` has returned.
    func close() {
        for _ in 0..<width { available.signal() }
        stopped.wait()
    }
}
