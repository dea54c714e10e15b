import Reports
import Testing
@testable import Scenarios

/// Checker Y's item 5 (session 79): the zones' cross-zone share was a percent written by hand,
/// with a space before `%` unlike every other, and a positive share under 0.05 % read `0.0 %`
/// ("1 of 5,000 forwards crossed zones (0.0 %)"). It is `NumberFormat`'s bounded percent.
struct ZoneCrossSharePercentTests {
    @Test func theShareIsABoundedPercent() throws {
        let (_, markdown, _) = try ZonesReportJudgementTests.files(ZonesReportJudgementTests.crossing)
        #expect(markdown.contains("39 of 39 forwards crossed zones (100.0%).\n"))
        let run = try ZonesReportJudgementTests.files(ZonesReportJudgementTests.crossing).result
        var figures = try #require(run.traffic?.zones)
        figures.forwards = 5_000
        figures.crossZoneForwards = 1
        #expect(figures.markdown(runSeconds: 2).contains("1 of 5,000 forwards crossed zones (< 0.1%).\n"))
        figures.crossZoneForwards = 4_999
        #expect(figures.markdown(runSeconds: 2).contains("4,999 of 5,000 forwards crossed zones (> 99.9%).\n"))
        figures.crossZoneForwards = 0
        #expect(figures.markdown(runSeconds: 2).contains("0 of 5,000 forwards crossed zones (0.0%).\n"))
    }
}
