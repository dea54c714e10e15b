import Testing
@testable import Scenarios
@testable import Simulator

/// A window key before year 0000 is rendered in ISO 8601's expanded form (checker M's
/// `f1/year0.yaml`): the sliding window before a line at `0000-01-01T00:00:30.000Z` starts in
/// year −1. Before, it read `00-1-12-31T23:59:45.000Z` (the zero padding before the sign).
struct MapReduceTimestampYearZeroTests {
    @Test func aWindowStartingInYearMinusOneReadsInTheExpandedForm() throws {
        let run = try MapReduceReproducer("""
            version: 1
            name: year0
            seed: 1
            cluster: {workers: 1}
            job: {name: error-counts-sliding, reducers: 1, combiner: true}
            input: {files: [in.txt], split_size: 64KiB}
            """, files: ["in.txt": Array("0000-01-01T00:00:30.000Z ERROR pay GET / 500 1ms x\n".utf8)])
        #expect(run.world.passed && run.job.outputExact)
        let records = try #require(run.job.run.report?.output?.records)
        #expect(records.map { String(decoding: $0.key, as: UTF8.self) + "\t" + String(decoding: $0.value, as: UTF8.self) } == [
            "-0001-12-31T23:59:45.000Z\t1", "0000-01-01T00:00:00.000Z\t1", "0000-01-01T00:00:15.000Z\t1", "0000-01-01T00:00:30.000Z\t1",
        ])
    }

    @Test func renderWritesTheSignBeforeFourDigits() {
        #expect(MapReduce.Timestamp.render(-15_000 - 62_167_219_200_000) == "-0001-12-31T23:59:45.000Z")
        #expect(MapReduce.Timestamp.render(-62_167_219_200_000) == "0000-01-01T00:00:00.000Z")
        #expect(MapReduce.Timestamp.render(-62_198_755_200_000) == "-0001-01-01T00:00:00.000Z")
        #expect(MapReduce.Timestamp.render(0) == "1970-01-01T00:00:00.000Z")
    }
}
