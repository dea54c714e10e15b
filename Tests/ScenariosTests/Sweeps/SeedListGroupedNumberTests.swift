import Testing
@testable import Scenarios

/// `--seeds 1,000` ran seeds 1 and 0 where `--vary x=1,000` is refused: a seed list that reads
/// as a number with a thousands separator is refused by the rule `--vary` uses
/// (``ThousandsGrouping``), and a space after the comma lists the parts apart.
struct SeedListGroupedNumberTests {
    @Test func aGroupedNumberIsRefusedWithBothWaysToWriteIt() {
        #expect(SeedList.thousandsSeparatorProblem("1,000") == """
            '1,000' reads as one number with a thousands separator, but a comma separates --seeds' parts: \
            write 1000 without the comma, or separate seeds with a space after each comma
            """)
        #expect(SeedList.thousandsSeparatorProblem("1,000,000") == """
            '1,000,000' reads as one number with a thousands separator, but a comma separates --seeds' parts: \
            write 1000000 without the commas, or separate seeds with a space after each comma
            """)
        // The end of a range, and a three-digit seed written with a leading 0 after a comma.
        #expect(SeedList.thousandsSeparatorProblem("1..2,500")?.hasPrefix("'2,500' reads as one number") == true)
        #expect(SeedList.thousandsSeparatorProblem("7,1,000")?.hasPrefix("'1,000' reads as one number") == true)
        #expect(SeedList.thousandsSeparatorProblem("1..1,000")?.hasPrefix("'1,000' reads as one number") == true)
        #expect(SeedList.thousandsSeparatorProblem("3,000..4")?.hasPrefix("'3,000' reads as one number") == true)
        for refused in ["1,100", "12,345", "100,200,300", " 1,000 ", "1..10,100"] {
            #expect(SeedList.thousandsSeparatorProblem(refused) != nil, "\(refused)")
        }
    }

    @Test func listsThatReadAsNoOneNumberAreSeeds() throws {
        for fine in ["1, 100", "1..10,42,100..110", "1..10,200..300", "5,100..200", "1,2,3", "1..2,3..4", "13..24,1..12",
                     "1000,500", "1..1, 000", "7, 1, 000", "1", "1..200"] {
            #expect(SeedList.thousandsSeparatorProblem(fine) == nil, "\(fine)")
        }
        // The manifest's text joins parts with bare commas, and with ", " where they would read
        // as a grouped number (it wrote "1,100", refused when pasted back); merge reads an
        // earlier manifest's "1,100" back unrefused.
        #expect(try SeedList(parsing: "1, 100").description == "1, 100")
        #expect(try SeedList(parsing: "1,100").seeds == [1, 100])
    }

    @Test func theSharedRuleReadsOnlyWholeNumbersGroupedInThousands() {
        #expect(ThousandsGrouping.groups("12,345,678") == ["12", "345", "678"])
        for notGrouped in ["1", "1,2", "1000,500", "1, 100", "1,1000", "1234,567", "1,00a", "١,٠٠٠", ",000", "1,000,"] {
            #expect(ThousandsGrouping.groups(notGrouped) == nil, "\(notGrouped)")
        }
    }
}
