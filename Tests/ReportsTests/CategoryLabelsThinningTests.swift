import Testing
@testable import Reports

/// Rotated category labels are thinned as the numeric axis thins its own: 200 servers' labels,
/// 3.6 px apart, merged into one smear.
@Suite struct CategoryLabelsThinningTests {
    @Test func twoHundredRotatedLabelsKeepEverySixth() throws {
        let names = (1...200).map { "Server \($0)" }
        let chart = BarChart(title: "t", categories: names, series: [.init("s", values: names.map { _ in 50 })],
                             xAxisLabel: "x", yAxisLabel: "y")
        let labels = try SVGInspection(chart.svg()).all("text").filter { $0.attributes["transform"]?.hasPrefix("rotate(-45") == true }
        #expect(labels.map(\.text) == stride(from: 1, through: 200, by: 6).map { "Server \($0)" })
        let xs = labels.compactMap { $0.attributes["x"].flatMap(Double.init) }
        // Neighbours drawn 6 slots apart lie at least a line (1.2 × 11 px) apart across the slant.
        #expect(zip(xs, xs.dropFirst()).allSatisfy { ($1 - $0) * 0.71 >= 13.2 })
    }

    @Test func levelLabelsAndFewRotatedOnesAreAllDrawn() {
        let level = CategoryLabels(names: ["a", "b"], groupWidth: 100, chartHeight: 450)
        #expect(level.every(groupWidth: 100) == 1)
        let rotated = CategoryLabels(names: ["a long category name", "b"], groupWidth: 40, chartHeight: 450)
        #expect(rotated.every(groupWidth: 40) == 1)
        #expect(rotated.every(groupWidth: 3.58) == 6)
    }
}
