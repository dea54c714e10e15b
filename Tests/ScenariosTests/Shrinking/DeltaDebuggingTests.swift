import Testing
@testable import Scenarios

/// ddmin finds exactly the elements a failure needs, keeps their order, and stays within its
/// bound on tests.
struct DeltaDebuggingTests {
    @Test func aFailureNeedingTwoElementsOfFortyShrinksToExactlyThoseTwo() {
        var calls = 0
        let result = DeltaDebugging.minimize(Array(0..<40)) { kept in
            calls += 1
            return kept.contains(3) && kept.contains(17)
        }
        #expect(result.minimal == [3, 17])
        #expect(result.offsets == [3, 17])
        #expect(result.tests == calls)
        // Zeller's worst case is n² + 3n; finding two of forty takes a few dozen.
        #expect(calls <= 40)
    }

    @Test(arguments: [[0], [39], [5, 6, 7], [1, 20, 38], [0, 13, 26, 39]])
    func theResultIsOneMinimal(needed: [Int]) {
        let elements = Array(0..<40)
        let fails = { (kept: [Int]) in needed.allSatisfy(kept.contains) }
        let result = DeltaDebugging.minimize(elements, stillFails: fails)
        #expect(result.minimal == needed)
        for index in result.minimal.indices {
            var fewer = result.minimal
            fewer.remove(at: index)
            #expect(!fails(fewer))
        }
        #expect(result.tests <= elements.count * elements.count + 3 * elements.count)
    }

    @Test func aFailureNeedingNothingShrinksToTheEmptyListInOneTest() {
        let result = DeltaDebugging.minimize(Array(0..<10)) { _ in true }
        #expect(result.minimal.isEmpty)
        #expect(result.tests == 1)
    }

    /// A failure that needs any two of a set (not one particular pair) still ends 1-minimal.
    @Test func aFailureWithSeveralCausesEndsAtOneOfThemOneMinimal() {
        let fails = { (kept: [Int]) in kept.filter { $0 % 10 == 0 }.count >= 2 }
        let result = DeltaDebugging.minimize(Array(0..<50), stillFails: fails)
        #expect(result.minimal.count == 2)
        #expect(fails(result.minimal))
        #expect(!fails([result.minimal[0]]) && !fails([result.minimal[1]]))
    }

    @Test func theSameInputAndPredicateGiveTheSameResult() {
        let fails = { (kept: [Int]) in kept.contains(11) && kept.contains(29) && kept.contains(30) }
        let first = DeltaDebugging.minimize(Array(0..<64), stillFails: fails)
        let second = DeltaDebugging.minimize(Array(0..<64), stillFails: fails)
        #expect(first.minimal == second.minimal && first.tests == second.tests)
    }

    @Test func splittingCoversEveryOffsetOnceInOrder() {
        for count in 1...20 {
            for parts in 1...count {
                let chunks = DeltaDebugging.split(Array(0..<count), into: parts)
                #expect(chunks.count == parts)
                #expect(chunks.flatMap { $0 } == Array(0..<count))
                #expect(chunks.allSatisfy { !$0.isEmpty })
            }
        }
    }
}
