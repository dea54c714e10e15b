import Testing
@testable import Reports

@Suite("GanttChart")
struct GanttChartTests {
    @Test("shows axis titles, every row, every category and task labels that fit")
    func showsEverything() throws {
        let document = try SVGInspection(ChartSample.jobTimeline.svg())
        for text in ["virtual time (s)", "worker", "w1", "w2", "map", "reduce", "failed", "speculative", "m1", "r1"] {
            #expect(document.texts.contains(text), "missing \(text)")
        }
    }

    @Test("adds categories that tasks name but the list lacks, after the listed ones, in order")
    func appendsUnknownNamesInOrder() {
        #expect(GanttChart.appendingMissing(["map"], ["reduce", "map", "failed", "reduce"]) == ["map", "reduce", "failed"])
    }

    @Test("stacks overlapping tasks of one row in separate lanes and reuses lanes when free")
    func stacksOverlappingTasks() {
        let tasks: [GanttChart.Task] = [
            .init(row: "w", start: 0, end: 4, category: "map"),
            .init(row: "w", start: 1, end: 2, category: "map"),
            .init(row: "w", start: 2, end: 3, category: "map"),
            .init(row: "w", start: 4, end: 5, category: "map"),
        ]
        #expect(GanttChart.lanes(for: tasks) == [0, 1, 1, 0])
    }

    @Test("gives each task a tooltip with worker, label, category and time span")
    func tooltipsDescribeTasks() throws {
        let document = try SVGInspection(ChartSample.jobTimeline.svg())
        #expect(document.titles.contains("w2: m2 failed, 0.0–1.5"))
    }

    @Test("colours bars by category, taking the caller's colours")
    func coloursByCategory() throws {
        let document = try SVGInspection(ChartSample.jobTimeline.svg())
        let failed = document.all("rect").filter { $0.tooltip?.contains("failed,") == true }
        #expect(failed.map { $0.attributes["fill"] } == [ChartColor.vermillion.hex])
    }
}
