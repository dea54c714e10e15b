import Testing
@testable import Reports

@Suite("ChartGrid")
struct ChartGridTests {
    @Test("nests each chart whole, under the common title")
    func nestsCharts() throws {
        let document = try SVGInspection(ChartSample.comparison.svg())
        #expect(document.all("svg").count == 3)
        #expect(document.texts.contains("A-4: default H and Φ vs MurmurHash3"))
        #expect(document.texts.filter { $0 == "A-1: requests handled per server" }.count == 2)
    }

    @Test("is as wide as its columns and as tall as its rows plus the title", arguments: [2, 3, 4])
    func sizesToItsCharts(count: Int) {
        let grid = ChartGrid(title: "t", charts: Array(repeating: ChartSample.requestsPerServer as any Chart, count: count))
        let columns = count <= 3 ? count : 2
        let rows = (count + columns - 1) / columns
        #expect(grid.columns == columns)
        #expect(grid.size.width == Double(columns) * 800 + Double(columns - 1) * 16 + 28)
        #expect(grid.size.height > Double(rows) * 450 + Double(rows - 1) * 16)
    }
}
