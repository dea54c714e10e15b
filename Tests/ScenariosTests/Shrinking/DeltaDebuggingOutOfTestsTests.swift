import Testing
@testable import Scenarios

/// A delta debugging whose predicate runs out of tests (a shrink's `--max-runs`) ends at the
/// call that says so (``DeltaDebugging/minimizeUnlessOutOfTests(_:stillFails:)``), with the
/// smallest sublist found to fail. Answered "passes" instead, the search went on building every
/// level's complements: work and memory in the square of the list, minutes for a shrink of
/// thousands of incidents after its last run.
struct DeltaDebuggingOutOfTestsTests {
    @Test func theSearchEndsAtTheFirstCallOutOfTests() {
        var calls = 0
        let result = DeltaDebugging.minimizeUnlessOutOfTests(Array(0..<100_000), stillFails: { _ in
            calls += 1
            return nil
        })
        #expect(calls == 1)
        #expect(result.tests == 1)
        #expect(result.minimal.count == 100_000)
    }

    /// Out of tests at the fourth call: the sublist the first three answers reached is kept
    /// (`[0, 1]` of `0..<8`, failing for `0` and `1` together), and nothing more is asked.
    @Test func theSmallestFailingSublistFoundIsKept() {
        var asked: [[Int]] = []
        let result = DeltaDebugging.minimizeUnlessOutOfTests(Array(0..<8), stillFails: { kept in
            asked.append(kept)
            guard asked.count <= 3 else { return nil }
            return kept.contains(0) && kept.contains(1)
        })
        #expect(asked == [[], [0, 1, 2, 3], [0, 1], [0]])
        #expect(result.minimal == [0, 1])
        #expect(result.tests == 4)
    }

    /// A predicate that never runs out answers as ``DeltaDebugging/minimize(_:stillFails:)``.
    @Test func aPredicateThatNeverRunsOutFindsTheSameSublist() {
        let fails = { (kept: [Int]) in kept.contains(3) && kept.contains(17) }
        let plain = DeltaDebugging.minimize(Array(0..<40), stillFails: fails)
        let bounded = DeltaDebugging.minimizeUnlessOutOfTests(Array(0..<40), stillFails: { fails($0) })
        #expect(plain.minimal == [3, 17] && bounded.minimal == [3, 17])
        #expect(plain.tests == bounded.tests)
    }
}
