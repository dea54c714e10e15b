import Testing
@testable import Scenarios

/// `--seeds` is split into parts and bounds in one place (``SeedList/parts(_:)``), which both the
/// reader and the sweep command's plain-digits check use: they split the list separately, and
/// could disagree on what a bound is.
struct SeedListPartsTests {
    @Test func partsAndBoundsAreSplitAndTrimmedOnce() {
        let parts = SeedList.parts(" 1 .. 3, 42,,7..8..9 ")
        #expect(parts.map(\.part) == ["1 .. 3", "42", "", "7..8..9"])
        #expect(parts.map(\.bounds) == [["1", "3"], ["42"], [""], ["7", "8", "9"]])
    }

    @Test func theReaderAndThePlainDigitsCheckReadTheSameBounds() throws {
        // `+6` is a bound of both: the check names it, and the reader (which takes `+6`) reads it.
        #expect(SeedList.plainDigitsProblem(" 4 .. +6 ") != nil)
        #expect(try SeedList(parsing: " 4 .. +6 ").seeds == [4, 5, 6])
        #expect(try SeedList(parsing: " 4 .. 6 , 9").description == "4..6,9")
    }
}
