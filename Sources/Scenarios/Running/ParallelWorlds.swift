import Dispatch
import Foundation
import Synchronization

/// Runs independent simulations on separate threads — the one helper every command that runs many
/// worlds goes through, so `--jobs` means the same everywhere: at most that many at once, and
/// never more than one per core. Worlds share nothing and each stays single-threaded inside, so
/// the results are the same as running them one after another — only sooner — and they come back
/// in input order.
///
/// While a ``WorldSlots`` ticket is bound (several experiments side by side,
/// ``overlapping(_:width:worlds:_:deliver:)``), ``map(_:width:_:)`` hands its worlds to the
/// slots' threads, which run every experiment's worlds, the earliest experiment's first.
enum ParallelWorlds {
    /// `body` applied to every element of `items`, at most `width` at a time, results in order.
    static func map<Item: Sendable, Result: Sendable>(_ items: [Item], width: Int, _ body: @Sendable (Item) -> Result) -> [Result] {
        map(items.count, width: width) { index in body(items[index]) }
    }

    /// `body(i)` for every i in 0..<count, at most `width` at a time (1 runs them in order on the
    /// calling thread), results in index order; under a ``WorldSlots`` ticket, on its threads.
    static func map<Result: Sendable, Failure: Error>(_ count: Int, width: Int, _ body: @Sendable (Int) throws(Failure) -> Result) throws(Failure) -> [Result] {
        let progress = RunProgress.current
        progress?.planned(count)
        let ticket = WorldSlots.current
        guard ticket != nil || (width > 1 && count > 1) else {
            var results: [Result] = []
            for index in 0..<count {
                results.append(try body(index))
                progress?.finishedWorld()
            }
            return results
        }
        let slots = Mutex<[Swift.Result<Result, Failure>?]>(Array(repeating: nil, count: count))
        @Sendable func runWorld(_ index: Int) {
            let outcome = Swift.Result { () throws(Failure) -> Result in try body(index) }
            slots.withLock { $0[index] = outcome }
            progress?.finishedWorld()
        }
        if let ticket {
            ticket.slots.run(count, rank: ticket.rank, runWorld)
        } else {
            let next = Atomic<Int>(0)
            onThreads(min(width, count, cores)) {
                while let index = take(from: next, below: count) { runWorld(index) }
            }
        }
        return try slots.withLock { $0 }.map { slot throws(Failure) in try slot!.get() }
    }

    /// `body(i)` for every i in 0..<count, at most `width` at a time, each result handed to
    /// `deliver` in index order as soon as it and every result before it are done (from whichever
    /// thread finished it, never two at once); once `deliver` returns false no further index is
    /// started and nothing more is delivered. (Sweeps stream; experiments never do, so a
    /// ``WorldSlots`` ticket does not apply.)
    static func stream<Result: Sendable>(_ count: Int, width: Int, _ body: @Sendable (Int) -> Result,
                                         deliver: @Sendable (Result) -> Bool) {
        let progress = RunProgress.current
        progress?.planned(count)
        inOrder(count, width: width, { index in
            let result = body(index)
            progress?.finishedWorld()
            return result
        }, deliver: deliver)
    }

    /// `body(i)` for every i in 0..<count — pieces of work that run their own worlds through this
    /// helper, such as experiments — up to `width` at once, sharing `worlds` slots: at most that
    /// many worlds run at a time across all of them (on that many threads, at most one per core),
    /// the earliest piece's first. Each result is handed to `deliver` in index order as
    /// ``stream(_:width:_:deliver:)`` does. The pieces are not counted as worlds; their worlds
    /// are, in the caller's progress.
    static func overlapping<Result: Sendable>(_ count: Int, width: Int, worlds: Int, _ body: @Sendable (Int) -> Result,
                                              deliver: @Sendable (Result) -> Bool) {
        let progress = RunProgress.current
        let slots = WorldSlots(width: min(worlds, cores), progress: progress)
        defer { slots.close() }
        inOrder(count, width: width, { index in
            RunProgress.$current.withValue(progress) {
                WorldSlots.$current.withValue(WorldSlots.Ticket(slots: slots, rank: index)) { body(index) }
            }
        }, deliver: deliver)
    }

    /// `run(i)` for every i in 0..<count on up to `width` threads (1: in order on the calling
    /// thread), handing each result to `deliver` in index order; once `deliver` returns false no
    /// further index is started and nothing more is delivered.
    private static func inOrder<Result: Sendable>(_ count: Int, width: Int, _ run: @Sendable (Int) -> Result,
                                                  deliver: @Sendable (Result) -> Bool) {
        guard width > 1, count > 1 else {
            for index in 0..<count where !deliver(run(index)) { return }
            return
        }
        // Finished results not yet delivered, the next index to deliver, and whether to stop.
        let pending = Mutex<(results: [Int: Result], nextToDeliver: Int, stopped: Bool)>(([:], 0, false))
        let next = Atomic<Int>(0)
        onThreads(min(width, count, cores)) {
            while !pending.withLock({ $0.stopped }), let index = take(from: next, below: count) {
                let result = run(index)
                pending.withLock { state in
                    state.results[index] = result
                    while !state.stopped, let ready = state.results.removeValue(forKey: state.nextToDeliver) {
                        state.nextToDeliver += 1
                        if !deliver(ready) { state.stopped = true }
                    }
                }
            }
        }
    }

    /// The most threads a call runs on: one per core. `--jobs` above it (up to 1,024) would
    /// otherwise start as many worlds at once, each with its memory, for no speed.
    static let cores = max(1, ProcessInfo.processInfo.activeProcessorCount)

    /// Runs `body` on `count` threads at once, the calling thread and `count - 1` started for it,
    /// and returns when every one has returned. Threads of their own rather than Dispatch's pool:
    /// experiments run side by side (``overlapping(_:width:worlds:_:deliver:)``) each run their
    /// worlds on several threads, and on the pool's threads their own `concurrentPerform` got
    /// almost none (two experiments side by side ran at 1.2 cores of 2).
    private static func onThreads(_ count: Int, _ body: @Sendable () -> Void) {
        withoutActuallyEscaping(body) { body in
            let lent = LentClosure { _ in body() }
            let finished = DispatchGroup()
            for _ in 1..<count {
                finished.enter()
                Thread {
                    lent(0)
                    finished.leave()
                }.start()
            }
            body()
            finished.wait()
            lent.empty()
        }
    }

    /// The next index to run, below `count`; nil once every index has been taken.
    private static func take(from next: borrowing Atomic<Int>, below count: Int) -> Int? {
        let index = next.add(1, ordering: .relaxed).oldValue
        return index < count ? index : nil
    }
}
