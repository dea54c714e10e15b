import Testing
@testable import Scenarios
@testable import Simulator

/// Files read through a log topic: report.md gives the bytes of the record values, not of the
/// files (checker M's `f2/logbytes.yaml`), and an empty file through a topic succeeds with an
/// empty output as it does read directly (`f3/emptylog.yaml`; README, "Empty input").
struct MapReduceLogInputFiguresTests {
    static func scenario(_ name: String, reducers: Int = 1, log: Bool = true) -> String {
        """
        version: 1
        name: \(name)
        seed: 1
        cluster: {workers: 1}
        job: {name: word-count, reducers: \(reducers)}
        input: {files: [in.txt]\(log ? ", log: {topic: t, partitions: 1, records_per_split: 10}" : "")}
        """
    }

    /// `a b\nc` (5 bytes, no final LF): the values are `a b` and `c`, 4 bytes; 6 with the
    /// newline the map tasks count after each. Before: "2 records, 5 bytes of record values".
    @Test func theSetupCountsTheRecordValuesBytes() throws {
        let run = try MapReduceReproducer(Self.scenario("logbytes"), files: ["in.txt": Array("a b\nc".utf8)])
        #expect(run.world.passed && run.job.outputExact)
        #expect(run.job.inputRecords == 2 && run.job.inputBytes == 4)
        #expect(run.job.run.report?.statistics.map.inputBytes == 6)
        #expect(run.job.markdown().contains("; 2 records, 4 bytes of record values (6 bytes with the newline ending each record, as the map tasks count them) "))
    }

    /// With the final LF the files hold 6 bytes and the values still 4.
    @Test func aFinalLineEndIsNoValueByte() throws {
        let run = try MapReduceReproducer(Self.scenario("logbytes"), files: ["in.txt": Array("a b\nc\n".utf8)])
        #expect(run.job.inputBytes == 4)
        #expect(run.job.markdown().contains("; 2 records, 4 bytes of record values (6 bytes with the newline ending each record, as the map tasks count them) "))
    }

    /// Before: `job refused: job 'emptylog' has an empty input: there is nothing to map`.
    @Test func anEmptyFileThroughATopicSucceedsWithAnEmptyOutput() throws {
        let run = try MapReduceReproducer(Self.scenario("emptylog"), files: ["in.txt": []])
        let direct = try MapReduceReproducer(Self.scenario("emptyfile", log: false), files: ["in.txt": []])
        for result in [run, direct] {
            #expect(result.world.passed && result.job.outputExact)
            #expect(result.job.run.rejection == nil)
            #expect(result.job.run.report?.mapTasks == 1)
            #expect(result.job.run.report?.output?.records == [])
            #expect(result.attemptsCSV == """
                attempt,task,kind,index,worker,speculative,start_s,end_s,outcome
                1,map-0,map,0,worker-1,false,1.000500,1.001500,succeeded
                2,reduce-0,reduce,0,worker-1,false,1.001500,1.002500,succeeded

                """)
        }
    }

    @Test func anEmptyLogRangeIsOneEmptySplit() {
        #expect(MapReduce.InputSplitter.splits(topic: "t", from: [3, 0], to: [3, 0], recordsPerSplit: 10)
                == [.log(topic: "t", partition: 0, offsets: 3..<3)])
        #expect(MapReduce.InputSplitter.splits(topic: "t", from: [3, 0], to: [3, 2], recordsPerSplit: 10)
                == [.log(topic: "t", partition: 1, offsets: 0..<2)])
    }
}
