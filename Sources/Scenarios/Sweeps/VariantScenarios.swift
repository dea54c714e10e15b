import Foundation

/// The loaded scenarios of the variants whose worlds a sweep is running: a variant is loaded when
/// the first of its worlds asks for it (once, however many of its worlds start together) and
/// released when the last of its worlds to run has finished. Worlds are handed out in position
/// order, variant by variant, so at most as many variants are held as worlds run at once.
///
/// `@unchecked Sendable`: every member is read and written under `condition`.
final class VariantScenarios: @unchecked Sendable {
    /// How many variants were loaded, and the most held at once.
    struct Counts: Sendable, Equatable {
        var loaded = 0
        var mostHeld = 0
    }

    private let condition = NSCondition()
    private var held: [Int: Scenario] = [:]
    /// The variants being loaded by one thread, which the others wait for.
    private var loading: Set<Int> = []
    /// The worlds of each variant not yet finished.
    private var remaining: [Int: Int] = [:]
    private var tally = Counts()
    private let load: @Sendable (Int) -> Scenario

    /// For worlds of `variants` (one entry per world to run), loading each with `load`.
    init(variants: [Int], load: @escaping @Sendable (Int) -> Scenario) {
        for variant in variants { remaining[variant, default: 0] += 1 }
        self.load = load
    }

    /// The scenario of `variant`, loaded by this call or another.
    func acquire(_ variant: Int) -> Scenario {
        condition.lock()
        defer { condition.unlock() }
        while loading.contains(variant) { condition.wait() }
        if let scenario = held[variant] { return scenario }
        loading.insert(variant)
        condition.unlock()
        let scenario = load(variant)
        condition.lock()
        loading.remove(variant)
        held[variant] = scenario
        tally.loaded += 1
        tally.mostHeld = max(tally.mostHeld, held.count)
        condition.broadcast()
        return scenario
    }

    /// One world of `variant` has finished; after its last, the scenario is released.
    func release(_ variant: Int) {
        condition.lock()
        defer { condition.unlock() }
        remaining[variant, default: 1] -= 1
        if remaining[variant] == 0 {
            remaining[variant] = nil
            held[variant] = nil
        }
    }

    var counts: Counts {
        condition.lock()
        defer { condition.unlock() }
        return tally
    }
}
