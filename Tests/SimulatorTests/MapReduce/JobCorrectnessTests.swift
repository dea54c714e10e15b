import Testing
@testable import Simulator

/// A distributed run's output equals the job's plain sequential reference, record for record.
struct JobCorrectnessTests {
    @Test(arguments: [1, 2, 5], [true, false])
    func wordCountEqualsTheSequentialOracle(reducers: Int, combining: Bool) throws {
        let documents = Fixtures.documents + Fixtures.logs(count: 2, lines: 60)
        let request = MapReduce.JobRequest(job: MapReduce.WordCount(), input: .documents(documents, splitSize: 700),
                                           reducers: reducers, combining: combining)
        let run = try Fixtures.run(seed: 11, request)
        #expect(run.report.status == .succeeded)
        let expected = MapReduce.WordCount().reference(Fixtures.records(documents))
        #expect(Fixtures.text(run.report.output!.records) == Fixtures.text(expected))
        #expect(run.report.output!.parts.count == reducers)
    }

    @Test(arguments: [1, 3])
    func invertedIndexEqualsTheSequentialOracle(reducers: Int) throws {
        let documents = Fixtures.documents + Fixtures.logs(seed: 4, count: 3, lines: 40).enumerated().map {
            MapReduce.Document(id: UInt32(10 + $0.offset), name: $0.element.name, bytes: $0.element.bytes)
        }
        let request = MapReduce.JobRequest(job: MapReduce.InvertedIndex(), input: .documents(documents, splitSize: 500),
                                           reducers: reducers)
        let run = try Fixtures.run(seed: 12, request)
        let expected = MapReduce.InvertedIndex().reference(Fixtures.records(documents))
        #expect(Fixtures.text(run.report.output!.records) == Fixtures.text(expected))
        let fox = run.report.output!.records.first { $0.key == Array("fox".utf8) }
        #expect(fox?.value == Array("0,1,2".utf8))
    }

    @Test(arguments: MapReduce.JobCatalog.standard.names)
    func everyCatalogJobEqualsItsOracleOnSyntheticLogs(name: String) throws {
        let documents = Fixtures.logs(seed: 5, count: 3, lines: 150)
        let request = try MapReduce.JobRequest(jobNamed: name, input: .documents(documents, splitSize: 4000), reducers: 3)
        let run = try Fixtures.run(seed: 13, request)
        let expected = try request.job.reference(Fixtures.records(documents))
        #expect(!expected.isEmpty)
        #expect(Fixtures.text(run.report.output!.records) == Fixtures.text(expected))
    }

    @Test(arguments: MapReduce.JobCatalog.standard.names)
    func independentOraclesAgreeWithRunningTheJobsFunctionsSequentially(name: String) throws {
        let records = Fixtures.records(Fixtures.logs(seed: 6, count: 2, lines: 300) + Fixtures.documents + [Fixtures.knownLog])
        let job = try MapReduce.JobCatalog.standard.job(named: name)
        #expect(Fixtures.text(try job.reference(records)) == Fixtures.text(try MapReduce.SequentialRunner.run(job, records)))
    }

    @Test func eachOutputPartHoldsExactlyTheKeysHashedToItInKeyOrder() throws {
        let request = MapReduce.JobRequest(job: MapReduce.WordCount(), input: .documents(Fixtures.logs(count: 2, lines: 50), splitSize: 1000),
                                           reducers: 4)
        let output = try Fixtures.run(seed: 14, request).report.output!
        for (index, part) in output.parts.enumerated() {
            #expect(part.allSatisfy { Int(MurmurHash3.x86_32($0.key) % 4) == index })
            #expect(part.map(\.key) == part.map(\.key).sorted { $0.lexicographicallyPrecedes($1) })
        }
    }

    @Test func invalidUTF8BytesAreWordBytesAndNeverCrash() throws {
        let document = MapReduce.Document(id: 0, name: "raw", bytes: [0xFF, 0x20, 0xC3, 0x28, 0x20, 0xFF, 0x0A, 0x80, 0x80])
        let request = MapReduce.JobRequest(job: MapReduce.WordCount(), input: .documents([document], splitSize: 4), reducers: 2)
        let records = try Fixtures.run(seed: 15, request).report.output!.records
        #expect(records == [
            MapReduce.Record(key: [0x80, 0x80], value: Array("1".utf8)),
            MapReduce.Record(key: [0xC3], value: Array("1".utf8)),
            MapReduce.Record(key: [0xFF], value: Array("2".utf8)),
        ])
    }
}
