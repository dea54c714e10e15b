import Testing
@testable import Scenarios

/// `records_per_split` of a world's job reading a log topic has the single-job file's bound,
/// 1 … 10⁷ (``ScenarioSchema/inputRecordsPerSplit``), not the 10⁹ any count had.
struct MapReduceRecordsPerSplitSectionTests {
    static func world(_ records: String) -> String {
        """
        run: {duration: 60s}
        log:
          topics: [{name: t, partitions: 2}]
          producers: [{name: p1, topic: t, records: 10, rate: 100}]
        mapreduce:
          cluster: {workers: 2}
          jobs: [{id: j, name: word-count, reducers: 1, submit_at: 5s, input: {topic: t, records_per_split: \(records)}}]
        """
    }

    @Test func oneMoreThanTenMillionIsRefused() {
        #expect(loadError(Self.world("10000001"), file: "m.yaml")?.description
            == "m.yaml:7:101: error: must be 1 … 10,000,000, got 10,000,001 (at mapreduce.jobs.[0].input.records_per_split)")
    }

    @Test func zeroIsRefused() {
        #expect(loadError(Self.world("0"), file: "m.yaml")?.description
            == "m.yaml:7:101: error: must be 1 … 10,000,000, got 0 (at mapreduce.jobs.[0].input.records_per_split)")
    }

    @Test func tenMillionLoads() throws {
        let scenario = try ScenarioLoader.parse(Self.world("10000000"), file: "m.yaml")
        guard case .topic(let name, let recordsPerSplit, _) = scenario.mapreduce?.jobs.first?.input else {
            Issue.record("the job reads no topic")
            return
        }
        #expect(name == "t" && recordsPerSplit == 10_000_000)
    }

    @Test func bothFilesShareOneBound() {
        #expect(ScenarioSchema.inputRecordsPerSplit == 1...10_000_000)
        #expect(ScenarioSchema.worldJobInput["records_per_split"]?.shape == ScenarioSchema.inputLogTopic["records_per_split"]?.shape)
    }
}
