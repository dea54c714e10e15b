import Testing

@testable import Scenarios

struct SlotRangesTests {
    @Test(arguments: [
        ([Int](), "none"),
        ([7], "7"),
        ([16, 17], "16, 17"),
        ([0, 1, 2, 5, 9, 10, 11, 12], "0–2, 5, 9–12"),
        ([510, 511, 0, 1, 2], "510, 511, 0–2"),
        ([115, 116, 117, 0, 1], "115–117, 0, 1"),
    ])
    func runsOfThreeOrMoreCollapseToRanges(slots: [Int], expected: String) {
        #expect(SlotRanges.text(slots) == expected)
    }
}
