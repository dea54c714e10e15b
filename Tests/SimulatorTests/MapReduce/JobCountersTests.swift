import Testing
@testable import Simulator

/// A job's counters count each map task once, from the attempt whose output the reducers
/// consumed — as Hadoop aggregates a job's counters per task from its successful attempt — so
/// they agree with the input and with what the reducers fetched whatever the faults did.
struct JobCountersTests {
    static let documents = Fixtures.logs(seed: 8, count: 4, lines: 100)

    static func request() -> MapReduce.JobRequest {
        MapReduce.JobRequest(job: MapReduce.WordCount(), input: .documents(documents, splitSize: 1000), reducers: 8)
    }

    /// One map slot and one reduce slot per worker, slow reduces and a quick worker timeout: a
    /// crash in the reduce phase loses map output some reducers already fetched, and the maps
    /// re-run for the others are still running when the last reducer commits — the job commits
    /// only once they have finished too, as Hadoop's `JobImpl` waits for every task.
    static let configuration = MapReduce.ClusterConfiguration(
        workers: 4, mapSlotsPerWorker: 1, reduceSlotsPerWorker: 1,
        cost: MapReduce.CostModel(mapPerRecord: .milliseconds(30), reducePerKey: .milliseconds(600)),
        policy: MapReduce.CoordinatorPolicy(heartbeatInterval: .milliseconds(200), taskTimeout: .seconds(10),
                                            workerTimeout: .milliseconds(600), speculation: nil,
                                            monitorInterval: .milliseconds(100)))

    @Test func aReducePhaseCrashWhoseReRunsTheJobWaitsForLeavesEveryMapTaskCountedOnce() throws {
        let clean = try Fixtures.run(seed: 3, Self.request(), configuration: Self.configuration).report
        // worker-3 crashes 92 s in, near the end of the reduce phase (which runs to 93.53 s
        // without it): its map outputs are lost after most reducers fetched them.
        let report = try Fixtures.run(seed: 3, Self.request(), configuration: Self.configuration, faults: [
            .init(at: .after(.seconds(92)), .network(.crash("worker-3"))),
        ]).report
        #expect(report.status == .succeeded)
        #expect(report.statistics.mapReexecutions == 10)
        // No re-run is killed by the job's end: the job finishes with the last of them.
        let killedAtTheEnd = report.attempts.filter { $0.outcome == .killed("job finished") }
        #expect(killedAtTheEnd.isEmpty)
        let rerunWins = report.attempts.filter { $0.task.kind == .map && $0.outcome == .succeeded && $0.start > .after(.seconds(92)) }
        #expect(rerunWins.count == 10)
        #expect(rerunWins.compactMap(\.end).max() == report.finishedAt)
        // The job commits at the last re-run's end, 93.665 s, after the last reducer's commit.
        #expect(report.finishedAt?.nanoseconds == 93_664_734_300)
        let lastReduceCommit = report.attempts.filter { $0.task.kind == .reduce && $0.outcome == .succeeded }.compactMap(\.end).max()
        #expect(try #require(lastReduceCommit) < (try #require(report.finishedAt)))
        let records = Fixtures.records(Self.documents)
        #expect(report.statistics.map.inputRecords == records.count)
        #expect(report.statistics.map.inputRecords == 400)
        #expect(report.statistics.map.inputBytes == Self.documents.reduce(0) { $0 + $1.bytes.count })
        #expect(report.statistics.map == clean.statistics.map)
        #expect(report.statistics.map.outputBytes == report.statistics.shuffledBytes)
        #expect(report.statistics.shuffledBytes == clean.statistics.shuffledBytes)
        #expect(report.statistics.shuffledBytes == 18_448)
        #expect(report.output == clean.output)
    }
}
