import Foundation

/// Runs independent simulations on several threads at once. Each simulation is a world of its
/// own, driven from one thread from start to finish, and the results come back in input order,
/// so the output is the same whatever the number of threads or their timing.
enum ParallelRuns {
    /// `body` applied to every element of `items`, computed on up to `threads` threads.
    static func map<Item: Sendable, Result: Sendable>(_ items: [Item], threads: Int = ProcessInfo.processInfo.activeProcessorCount,
                                                      _ body: @Sendable (Item) -> Result) -> [Result] {
        guard threads > 1, items.count > 1 else { return items.map(body) }
        let results = ResultSlots<Result>(count: items.count)
        DispatchQueue.concurrentPerform(iterations: items.count) { index in
            results.set(index, body(items[index]))
        }
        return results.values
    }
}

/// One slot per result, filled from several threads. `@unchecked Sendable`: every write holds
/// the lock, and the values are read only after every write has finished.
private final class ResultSlots<Result>: @unchecked Sendable {
    private var slots: [Result?]
    private let lock = NSLock()

    init(count: Int) { slots = Array(repeating: nil, count: count) }

    func set(_ index: Int, _ value: Result) {
        lock.lock()
        slots[index] = value
        lock.unlock()
    }

    var values: [Result] { slots.map { $0! } }
}
