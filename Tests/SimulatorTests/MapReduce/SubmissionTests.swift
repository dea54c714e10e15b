import Testing
@testable import Simulator

/// Requests that cannot run are refused with a typed error and a clear message, and nothing runs.
struct SubmissionTests {
    let simulation = Simulation(seed: 91)
    let cluster: MapReduce.Cluster

    init() { cluster = MapReduce.Cluster(simulation: simulation) }

    func refusal(_ request: () throws(MapReduce.SubmissionError) -> MapReduce.JobRequest) -> MapReduce.SubmissionError? {
        do {
            _ = try cluster.submit(try request())
            return nil
        } catch {
            return error
        }
    }

    @Test func zeroReducersIsRefused() {
        let error = refusal { .init(job: MapReduce.WordCount(), input: .documents(Fixtures.documents, splitSize: 100), reducers: 0) }
        #expect(error == .noReducers(0))
        #expect(error?.description == "a job needs at least one reduce task, got R = 0")
        #expect(simulation.unfinishedTaskCount == 0)
    }

    /// No document at all is refused; an empty document is input (see `EmptyInputTests`).
    @Test func anInputOfNoDocumentsIsRefused() {
        let error = refusal { .init(id: "e1", job: MapReduce.WordCount(), input: .documents([], splitSize: 100), reducers: 1) }
        #expect(error == .emptyInput(jobID: "e1"))
        #expect(error?.description == "job 'e1' has an empty input: there is nothing to map")
        #expect(simulation.unfinishedTaskCount == 0)
    }

    @Test func anUnknownJobNameIsRefusedWithTheKnownNames() {
        let error = refusal { () throws(MapReduce.SubmissionError) in try .init(jobNamed: "wordcount", input: .documents(Fixtures.documents, splitSize: 100), reducers: 1) }
        #expect(error == .unknownJob("wordcount", known: MapReduce.JobCatalog.standard.names))
        #expect(error?.description == "unknown job 'wordcount'; known jobs: error-counts-sliding, error-counts-tumbling, "
                + "error-sessions, inverted-index, log-patterns, word-count")
        #expect(simulation.unfinishedTaskCount == 0)
    }

    @Test func aZeroSplitSizeAndADuplicateJobIDAreRefused() throws {
        #expect(refusal { .init(job: MapReduce.WordCount(), input: .documents(Fixtures.documents, splitSize: 0), reducers: 1) } == .invalidSplitSize(0))
        _ = try cluster.submit(.init(id: "same", job: MapReduce.WordCount(), input: .documents(Fixtures.documents, splitSize: 100), reducers: 1))
        #expect(refusal { .init(id: "same", job: MapReduce.WordCount(), input: .documents(Fixtures.documents, splitSize: 100), reducers: 1) }
                == .duplicateJobID("same"))
    }

    /// An empty log range is one empty split, as an empty file is (README, "Empty input"): the
    /// job succeeds with an empty output — it was refused ("there is nothing to map").
    @Test func anEmptyLogRangeSucceedsWithAnEmptyOutput() throws {
        simulation.spawn("setup") { [cluster] _ in try? await cluster.log.createTopic("events", partitions: 2) }
        let handle = try cluster.submit(.init(job: MapReduce.WordCount(), input: .log(topic: "events", group: nil, recordsPerSplit: 10), reducers: 1))
        try simulation.runToCompletion(timeLimit: .after(.seconds(60)))
        #expect(handle.rejection == nil)
        #expect(handle.report?.status == .succeeded)
        #expect(handle.report?.mapTasks == 1)
        #expect(handle.report?.output?.records == [])
    }
}
