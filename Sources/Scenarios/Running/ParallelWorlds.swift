import Dispatch
import Synchronization

/// Runs independent simulations on separate threads — the one helper every command that runs many
/// worlds goes through, so `--jobs` means the same everywhere. Worlds share nothing and each
/// stays single-threaded inside, so the results are the same as running them one after another —
/// only sooner — and they come back in input order.
enum ParallelWorlds {
    /// `body` applied to every element of `items`, at most `width` at a time, results in order.
    static func map<Item: Sendable, Result: Sendable>(_ items: [Item], width: Int, _ body: @Sendable (Item) -> Result) -> [Result] {
        map(items.count, width: width) { index in body(items[index]) }
    }

    /// `body(i)` for every i in 0..<count, at most `width` at a time (1 runs them in order on the
    /// calling thread), results in index order.
    static func map<Result: Sendable, Failure: Error>(_ count: Int, width: Int, _ body: @Sendable (Int) throws(Failure) -> Result) throws(Failure) -> [Result] {
        let progress = RunProgress.current
        progress?.planned(count)
        guard width > 1, count > 1 else {
            var results: [Result] = []
            for index in 0..<count {
                results.append(try body(index))
                progress?.finishedWorld()
            }
            return results
        }
        let slots = Mutex<[Swift.Result<Result, Failure>?]>(Array(repeating: nil, count: count))
        let next = Atomic<Int>(0)
        DispatchQueue.concurrentPerform(iterations: min(width, count)) { _ in
            while true {
                let index = next.add(1, ordering: .relaxed).oldValue
                guard index < count else { return }
                let outcome: Swift.Result<Result, Failure>
                outcome = Swift.Result { () throws(Failure) -> Result in try body(index) }
                slots.withLock { $0[index] = outcome }
                progress?.finishedWorld()
            }
        }
        return try slots.withLock { $0 }.map { slot throws(Failure) in try slot!.get() }
    }

    /// `body(i)` for every i in 0..<count, at most `width` at a time, each result handed to
    /// `deliver` in index order as soon as it and every result before it are done (from whichever
    /// thread finished it, never two at once); once `deliver` returns false no further index is
    /// started and nothing more is delivered.
    static func stream<Result: Sendable>(_ count: Int, width: Int, _ body: @Sendable (Int) -> Result,
                                         deliver: @Sendable (Result) -> Bool) {
        let progress = RunProgress.current
        progress?.planned(count)
        guard width > 1, count > 1 else {
            for index in 0..<count {
                let result = body(index)
                progress?.finishedWorld()
                if !deliver(result) { return }
            }
            return
        }
        // Finished results not yet delivered, the next index to deliver, and whether to stop.
        let pending = Mutex<(results: [Int: Result], nextToDeliver: Int, stopped: Bool)>(([:], 0, false))
        let next = Atomic<Int>(0)
        DispatchQueue.concurrentPerform(iterations: min(width, count)) { _ in
            while true {
                let index = next.add(1, ordering: .relaxed).oldValue
                guard index < count, !pending.withLock({ $0.stopped }) else { return }
                let result = body(index)
                progress?.finishedWorld()
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
}
