import Foundation
import Reports
import Testing
@testable import Scenarios
@testable import Simulator

/// `p99_seeds.svg` draws each situation in the unit of its column of the table beside it
/// (``LatencyColumn``'s rule: milliseconds under ten seconds as printed, seconds from there).
struct StrategiesSeedChartUnitTests {
    @Test func eachSituationsAxisUsesItsColumnsUnit() throws {
        let base = try ScenarioLoader.parse(StrategiesHeterogeneousReplayTests.file, file: "strategies.yaml")
        let situations = Array(StrategyComparison.situations(base).prefix(2))
        try #require(situations.count == 2)
        let count = StrategyComparison.strategies.count
        // First situation: every p99 40 ms or 44 ms; second: 9 s or 10 s, a 9.5 s mean whose
        // interval reaches 10.000 s, so the whole column — and the axis — is in seconds.
        let study = StrategySeedStudy(seeds: [1, 2], p99: [Array(repeating: [0.040, 0.044], count: count), Array(repeating: [9.0, 10.0], count: count)])
        let comparison = StrategyComparison(base: base, situations: situations, cells: [[], []], seedStudy: study)
        let charts = try comparison.seedStudyChart().charts.map { try #require($0 as? BarChart) }
        #expect(charts.map(\.yAxisLabel) == ["mean p99 (ms)", "mean p99 (s)"])
        #expect(charts.map { $0.series.map(\.name) } == [["p99 (ms)"], ["p99 (s)"]])
        #expect(charts.map { $0.series[0].values.map { NumberFormat.fixed($0, decimals: 3) } } == [Array(repeating: "42.000", count: count), Array(repeating: "9.500", count: count)])
        #expect(charts.map { $0.series[0].errorBars.map { $0.map { "\(NumberFormat.fixed($0.lowerBound, decimals: 3)) … \(NumberFormat.fixed($0.upperBound, decimals: 3))" } } }
                == [Array(repeating: "40.000 … 44.000", count: count), Array(repeating: "9.000 … 10.000", count: count)])
        #expect(study.p99.map { StrategyComparison.seedStudyColumn($0)[0] } == ["42.000 ms (40.000 ms … 44.000 ms)", "9.500 s (9.000 s … 10.000 s)"])
    }
}
