import Testing
@testable import Scenarios
@testable import Simulator

/// The queue experiment's report.md stays readable with many partitions and groups: its
/// per-partition tables list the first rows and say where every row is (`partitions.csv`,
/// `report.json`, which keep them all).
struct QueueExperimentReportSizeTests {
    @Test func aWideExperimentsTablesListTheirFirstRowsAndPointAtTheCSV() throws {
        var spec = try QueueExperiment.load(from: scenarioDirectory).spec
        spec.queue.topics = [QueueSection.Topic(name: "T1", partitions: 150), QueueSection.Topic(name: "T2", partitions: 2)]
        spec.queue.consumers = (1...9).map { QueueConsumerSpec(id: NodeID("c\($0)"), group: "g\($0)", targets: [.topic("T2")]) }
        spec.runs = []
        spec.swarmSeeds = 0
        spec.analysis = nil
        let result = try QueueExperiment.run(spec)
        let markdown = result.markdown(spec: spec)
        #expect(markdown.components(separatedBy: "The table lists the first 100 of the 152 partitions; every partition is in `partitions.csv` and `report.json`.").count == 3)
        #expect(markdown.contains("The table lists the first 100 of the 152 partitions; the counts below cover every one."))
        #expect(markdown.contains("The table shows the first 8 of the 9 groups; every group's columns are in `partitions.csv`."))
        #expect(!markdown.contains("read by g9"))
        #expect(result.partitionsCSV().split(separator: "\n").count == 1 + 152)
    }
}
