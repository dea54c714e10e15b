import Testing
import Reports

/// A file over the limit is refused with both figures grouped, as `orrery report` writes sizes
/// ("16778080 bytes, more than the 16777216 a file may hold" was printed so).
@Suite struct RegularFileTooLargeTextTests {
    @Test func bothFiguresAreGrouped() {
        #expect(RegularFile.Problem.tooLarge(size: 16_778_080, limit: 16_777_216).description
            == "16,778,080 bytes, more than the 16,777,216 a file may hold")
        #expect(RegularFile.Problem.largerThanItsSize(size: 0, limit: 16_777_216).description
            == "more than 16,777,216 bytes when read, though its size says 0 (a file the system makes as it is read, such as one under /proc, or a file still growing)")
    }
}
