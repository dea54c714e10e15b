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
        /// How many times the predicate was called (each distinct sublist once).
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
        var cache: [[Int]: Bool] = [:]
        var tests = 0
        func fails(_ offsets: [Int]) -> Bool {
            if let known = cache[offsets] { return known }
            tests += 1
            let answer = stillFails(offsets.map { elements[$0] })
            cache[offsets] = answer
            return answer
        }
        cache[Array(elements.indices)] = true
        var current = Array(elements.indices)
        if !current.isEmpty, fails([]) { current = [] }
        var granularity = 2
        while current.count >= 2 {
            let chunks = split(current, into: min(granularity, current.count))
            if let failing = chunks.first(where: fails) {
                // Reduce to a subset.
                current = failing
                granularity = 2
                continue
            }
            if chunks.count > 2, let complement = chunks.indices.lazy.map({ index in chunks.enumerated().filter { $0.offset != index }.flatMap(\.element) }).first(where: fails) {
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
