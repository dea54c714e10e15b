import Testing
@testable import Scenarios

/// A `--vary` list of whole numbers grouped as thousands (`1,100`, `12,345`) reads as one number
/// and is refused, as `1,000` was: `1,100` ran two variants, 1 and 100, though the README said
/// such a list is refused. A space after the comma writes two values.
struct VaryListGroupedNumberTests {
    @Test func aGroupedWholeNumberIsRefusedWithBothWaysToWriteIt() {
        #expect(VaryList("servers.0.slots=1,100")?.thousandsSeparatorProblem == """
            --vary 'servers.0.slots': '1,100' reads as one number with a thousands separator, but a comma separates --vary's values: \
            write 1100 without the comma, or 1, 100 (a space after each comma) for two values
            """)
        #expect(VaryList("run.requests=1,000,000")?.thousandsSeparatorProblem == """
            --vary 'run.requests': '1,000,000' reads as one number with a thousands separator, but a comma separates --vary's values: \
            write 1000000 without the commas, or separate values with a space after each comma
            """)
        for refused in ["servers.0.slots=1,000", "workload.rate=1,500", "workload.rate=12,345", "workload.rate=300,600", "x=123,456,789"] {
            #expect(VaryList(refused)?.thousandsSeparatorProblem?.contains("reads as one number with a thousands separator") == true, "\(refused)")
        }
    }

    @Test func listsThatReadAsNoOneNumberAreValues() {
        for fine in ["workload.rate=1, 100", "workload.rate=300, 600", "servers.0.slots=1,2", "workload.rate=1000,500", "x=12,3456",
                     "x=1,10", "x=1234,567", "x=1,100,2"] {
            #expect(VaryList(fine)?.thousandsSeparatorProblem == nil, "\(fine)")
        }
        #expect(VaryList("workload.rate=1, 100")?.values == ["1", "100"])
    }
}
