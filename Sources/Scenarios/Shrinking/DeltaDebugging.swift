/// Zeller and Hildebrandt's delta debugging (`ddmin`, "Simplifying and Isolating
/// Failure-Inducing Input", 2002): from a list whose elements together make a test fail, find a
/// sublist that still fails and is 1-minimal — removing any single element of it makes the
/// failure go away.
///
/// Pure and deterministic: the answer depends only on the list and on the predicate's answers,
/// the elements keep their order, and no sublist is tested twice.
public enum DeltaDebugging {
    /// What a minimisation found.
    public struct Minimization<Element> {
        /// The 1-minimal sublist, in the order of the input.
        public var minimal: [Element]
        /// The offsets of ``minimal`` in the input, ascending.
        public var offsets: [Int]
        /// How many times the predicate was called (each distinct sublist once), the call that
        /// found it out of tests included.
        public var tests: Int
    }

    /// The 1-minimal sublist of `elements` for which `stillFails` holds.
    ///
    /// `stillFails(elements)` is assumed to hold and is not asked. When the empty list already
    /// fails, the answer is the empty list after one test.
    ///
    /// - Complexity: at most `n² + 3n` tests for `n` elements (Zeller's worst case); when the
    ///   failure needs `k` elements, typically `O(k · log n)`.
    public static func minimize<Element>(_ elements: [Element], stillFails: ([Element]) -> Bool) -> Minimization<Element> {
        minimizeUnlessOutOfTests(elements, stillFails: { stillFails($0) })
    }

    /// ``minimize(_:stillFails:)`` for a predicate that can run out of tests (a shrink's
    /// `--max-runs`): it answers nil when it can test no more, and the search ends there with the
    /// smallest sublist found to fail, asking nothing more.
    ///
    /// A predicate that answered `false` once out of tests did not end the search: each level of
    /// granularity still built its complements, each nearly the whole list, up to one a
    /// element — work in the square of the list (a shrink out of runs among 12,000 incidents went
    /// on for minutes after its last run) and as much memory for the sublists it remembered.
    public static func minimizeUnlessOutOfTests<Element>(_ elements: [Element], stillFails: ([Element]) -> Bool?) -> Minimization<Element> {
        var cache: [[Int]: Bool] = [:]
        var tests = 0
        var outOfTests = false
        func fails(_ offsets: [Int]) -> Bool {
            guard !outOfTests else { return false }
            if let known = cache[offsets] { return known }
            tests += 1
            guard let answer = stillFails(offsets.map { elements[$0] }) else {
                outOfTests = true
                return false
            }
            cache[offsets] = answer
            return answer
        }
        cache[Array(elements.indices)] = true
        var current = Array(elements.indices)
        if !current.isEmpty, fails([]) { current = [] }
        var granularity = 2
        while current.count >= 2, !outOfTests {
            let chunks = split(current, into: min(granularity, current.count))
            if let failing = chunks.first(where: fails) {
                // Reduce to a subset.
                current = failing
                granularity = 2
                continue
            }
            // Each complement is built only while tests remain.
            let complements = chunks.indices.lazy.prefix { _ in !outOfTests }.map { index in chunks.enumerated().filter { $0.offset != index }.flatMap(\.element) }
            if chunks.count > 2, let complement = complements.first(where: fails) {
                // Reduce to a complement.
                current = complement
                granularity = max(granularity - 1, 2)
                continue
            }
            guard granularity < current.count else { break }
            granularity = min(granularity * 2, current.count)
        }
        return Minimization(minimal: current.map { elements[$0] }, offsets: current, tests: tests)
    }

    /// `offsets` cut into `parts` runs of nearly equal length, shorter runs first.
    static func split(_ offsets: [Int], into parts: Int) -> [[Int]] {
        var chunks: [[Int]] = []
        var start = 0
        for part in 0..<parts {
            let length = (offsets.count - start) / (parts - part)
            chunks.append(Array(offsets[start..<start + length]))
            start += length
        }
        return chunks
    }
}
