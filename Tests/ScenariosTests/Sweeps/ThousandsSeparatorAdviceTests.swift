import Testing
@testable import Scenarios

/// A `--vary` value written after `, ` is its own value, as README says (`1, 500ms` was refused as
/// `1,500ms`, misquoting the user), and a thousands-separator refusal advises only spellings the
/// option takes (`1, 000` was advised for `--seeds 1,000`, then refused for its leading zero).
struct ThousandsSeparatorAdviceTests {
    @Test func aSpaceBesideTheCommaWritesTwoValues() {
        for fine in ["workload.timeout=1, 500ms", "servers.0.service_time=1, 000us", "workload.timeout=5, 250ms", "workload.rate=2, 500.5",
                     "workload.timeout=1 ,500ms", "servers.0.slots=1, 000"] {
            #expect(VaryList(fine)?.thousandsSeparatorProblem == nil, "\(fine)")
        }
        #expect(VaryList("workload.timeout=1, 500ms")?.values == ["1", "500ms"])
        // Without the space it is still one number, quoted as written.
        #expect(VaryList("workload.timeout=1,500ms")?.thousandsSeparatorProblem == """
            --vary 'workload.timeout': '1,500ms' reads as one number with a thousands separator, but a comma separates --vary's values \
            (here '1' and '500ms'): write 1500ms without the comma, or give each value in full
            """)
        #expect(VaryList("workload.timeout=2s, 1,500ms")?.thousandsSeparatorProblem?.hasPrefix("--vary 'workload.timeout': '1,500ms' reads") == true)
        // `--vary "x=1, 500ms"` is written back as it was typed, which is taken again.
        #expect(VaryList.written(path: "workload.timeout", values: ["1", "500ms"]) == "workload.timeout=1, 500ms")
    }

    @Test func theAdviceOffersOnlySpellingsTheOptionTakes() {
        #expect(SeedList.thousandsSeparatorProblem("1,000") == """
            '1,000' reads as one number with a thousands separator, but a comma separates --seeds' parts: \
            write 1000 without the comma, or separate seeds with a space after each comma
            """)
        #expect(SeedList.thousandsSeparatorProblem("7,1,050") == """
            '1,050' reads as one number with a thousands separator, but a comma separates --seeds' parts: \
            write 1050 without the comma, or separate seeds with a space after each comma
            """)
        #expect(SeedList.thousandsSeparatorProblem("1,100") == """
            '1,100' reads as one number with a thousands separator, but a comma separates --seeds' parts: \
            write 1100 without the comma, or 1, 100 (a space after each comma) for separate seeds
            """)
        // `0100` has a leading zero: the number is advised as 100.
        #expect(SeedList.thousandsSeparatorProblem("0,100") == """
            '0,100' reads as one number with a thousands separator, but a comma separates --seeds' parts: \
            write 100 without the comma, or 0, 100 (a space after each comma) for separate seeds
            """)
        #expect(VaryList("servers.0.slots=1,000")?.thousandsSeparatorProblem == """
            --vary 'servers.0.slots': '1,000' reads as one number with a thousands separator, but a comma separates --vary's values: \
            write 1000 without the comma, or separate values with a space after each comma
            """)
        #expect(VaryList("run.requests=12,345,678")?.thousandsSeparatorProblem == """
            --vary 'run.requests': '12,345,678' reads as one number with a thousands separator, but a comma separates --vary's values: \
            write 12345678 without the commas, or 12, 345, 678 (a space after each comma) for three values
            """)
    }

    /// Every spelling advised is one the option takes: the number alone, and each group apart.
    @Test func everyAdvisedSpellingIsTaken() throws {
        for list in ["1,100", "0,100", "12,345,678", "999,999"] {
            let advice = try #require(SeedList.thousandsSeparatorProblem(list))
            let number = try #require(advice.split(separator: " ").drop { $0 != "write" }.dropFirst().first)
            #expect(PlainDecimal.parse(number, as: UInt64.self) != nil, "\(list): \(number)")
            if advice.hasSuffix("for separate seeds") {
                let apart = list.split(separator: ",").joined(separator: ", ")
                #expect(advice.contains(" or \(apart) (a space"), "\(list)")
                #expect(SeedList.thousandsSeparatorProblem(apart) == nil, "\(apart)")
                #expect(list.split(separator: ",").allSatisfy { PlainDecimal.parse($0, as: UInt64.self) != nil }, "\(list)")
            }
        }
    }
}
