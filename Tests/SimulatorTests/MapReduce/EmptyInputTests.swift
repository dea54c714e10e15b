import Testing
@testable import Simulator

/// An empty document is input, as an empty file is in Hadoop (`FileInputFormat.getSplits` makes
/// one zero-length split of a zero-length file): one map task reads nothing, every reduce task
/// commits an empty part, and the job succeeds with an empty output.
struct EmptyInputTests {
    static let empty = MapReduce.Document(id: 0, name: "empty.txt", bytes: [])

    @Test func anEmptyDocumentIsOneEmptySplit() {
        let text = MapReduce.Document(id: 1, name: "a.txt", text: "one two\nthree\n")
        let splits = MapReduce.InputSplitter.splits(of: [Self.empty, text, Self.empty], targetSize: 4)
        #expect(splits.map(\.description) == ["empty.txt[0..<0]", "a.txt[0..<8]", "a.txt[8..<14]", "empty.txt[0..<0]"])
        #expect(splits.map(\.knownByteCount) == [0, 8, 6, 0])
    }

    @Test func aJobOverOnlyEmptyDocumentsSucceedsWithAnEmptyOutput() throws {
        let request = MapReduce.JobRequest(job: MapReduce.WordCount(), input: .documents([Self.empty], splitSize: 100), reducers: 2)
        let report = try Fixtures.run(seed: 3, request, configuration: Fixtures.slowCluster()).report
        #expect(report.status == .succeeded)
        #expect(report.mapTasks == 1 && report.reduceTasks == 2)
        #expect(report.output?.records == [])
        #expect(report.output?.byteCount == 0)
        #expect(report.output?.records == MapReduce.WordCount().reference([]))
        #expect(report.attempts.map(\.task) == [.map(0), .reduce(0), .reduce(1)])
        #expect(report.attempts.allSatisfy { $0.outcome == .succeeded })
        #expect(report.statistics.map == MapReduce.MapStatistics())
        #expect(report.statistics.shuffledBytes == 0 && report.statistics.outputRecords == 0)
    }

    @Test func emptyDocumentsBesideOthersAddEmptyMapTasksAndChangeNoOutput() throws {
        let documents = [Self.empty] + Fixtures.documents.map { MapReduce.Document(id: $0.id + 1, name: $0.name, bytes: $0.bytes) }
            + [MapReduce.Document(id: 4, name: "empty-2.txt", bytes: [])]
        let request = MapReduce.JobRequest(job: MapReduce.InvertedIndex(), input: .documents(documents, splitSize: 1000), reducers: 3)
        let report = try Fixtures.run(seed: 3, request, configuration: Fixtures.slowCluster()).report
        #expect(report.status == .succeeded)
        #expect(report.mapTasks == 5)
        let expected = MapReduce.InvertedIndex().reference(Fixtures.records(documents))
        #expect(Fixtures.text(report.output!.records) == Fixtures.text(expected))
        #expect(report.statistics.map.inputRecords == Fixtures.records(Fixtures.documents).count)
        #expect(report.statistics.map.inputBytes == Fixtures.documents.reduce(0) { $0 + $1.bytes.count })
    }
}
