import Testing
@testable import Scenarios

/// A job's output counts only once it is in the store as the job produced it: a part no put got
/// acknowledged makes the job not succeed and the run fail, and the store's figures count the
/// requests its clients sent that never reached it. A store crashed for the whole run made a run
/// pass with "1/1 jobs exact", the part missing and `store.requests` at 0.
struct JobOutputStorageTests {
    static func world(_ fault: String) throws -> RunResult {
        ScenarioRunner.run(try ScenarioLoader.parse("""
            name: s3down
            run: {duration: 20s}
            network: {latency: 1ms}
            mapreduce:
              cluster: {workers: 2}
              jobs: [{id: j, name: word-count, reducers: 2, submit_at: 1s, input: {synthetic: {lines: 100, seed: 1}}, output: {bucket: out}}]
            object_store:
              buckets: [{name: out}]
            faults: [\(fault)]
            """, file: "w.yaml"))
    }

    /// Ten puts a part, each tried 6 times (the client's default policy) against a store that is
    /// down: 60 attempts a part, none of which reaches it.
    @Test func aJobWhoseOutputNeverReachesACrashedStoreFailsAndTheStoreCountsTheLostWrites() throws {
        let result = try Self.world("{at: 0.5s, crash: s3}")
        let job = try #require(result.jobs.first)
        #expect(job.result.run.report?.status == .succeeded)
        #expect(job.result.comparison.exact)
        #expect(!job.result.succeeded && !job.result.outputExact && !result.passed)
        #expect(job.result.unstoredOutput == [
            "s3://out/results/j/part-00000 was never stored: all 10 puts failed, the last with network: timeout",
            "s3://out/results/j/part-00001 was never stored: all 10 puts failed, the last with network: timeout",
        ])
        #expect(job.result.problems == job.result.unstoredOutput.map { "output not stored: \($0)" })
        #expect(result.value(of: MapReduceMetric.succeededJobs.metric) == 0)
        #expect(result.value(of: MapReduceMetric.failedJobs.metric) == 1)
        #expect(result.value(of: MapReduceMetric.outputExact.metric) == 0)
        #expect(result.store?.requests == 0 && result.store?.unreached == 120)
        #expect(result.value(of: StoreMetric.requests.metric) == 120)
        #expect(result.value(of: StoreMetric.errors.metric) == 120)
        #expect(result.markdown().contains("| … sent by its clients that never reached it (its node down or cut off, or lost on the way) |   120 |"))
    }

    /// Attempts that time out while the store is paused reach it when it resumes: the store counts
    /// them then, and they are taken back out of the unreached, so none is counted twice.
    @Test func attemptsThatArriveAfterTheirClientGaveUpAreCountedOnce() throws {
        let result = try Self.world("{at: 0.5s, pause: s3, for: 30s}")
        #expect(result.passed)
        #expect(result.jobs.first?.result.unstoredOutput == [])
        #expect(result.jobs.first?.outputObjects.map(\.puts) == [1, 1])
        #expect(result.store?.requests == 7 && result.store?.unreached == 0)
        #expect(result.value(of: StoreMetric.requests.metric) == 7)
        #expect(result.value(of: StoreMetric.errors.metric) == 0)
        #expect(!result.markdown().contains("never reached it"))
    }
}
