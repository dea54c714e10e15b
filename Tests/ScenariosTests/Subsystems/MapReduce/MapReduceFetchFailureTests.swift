import Testing
@testable import Scenarios
@testable import Simulator

/// A reducer that cannot fetch a map output because its worker is unreachable or lost its disk:
/// as in Hadoop, every output that worker held is re-executed together — once 3 reports say it is
/// unreachable (Hadoop's `maxfetchfailures.notifications`), at once when it answered without
/// them — and the reduce attempts are kept, waiting for the re-executed outputs, instead of being
/// lost once per output.
struct MapReduceFetchFailureTests {
    /// Four workers with four map slots each: 15 map tasks over 40 synthetic lines, done by
    /// 2.203 s; worker-3 holds maps 10–13 and runs no reduce task. `fault` strikes worker-3 at
    /// 2.15 s, after its maps finished and before the two reduce tasks start.
    static func world(_ fault: String, maxAttempts: Int = 4) -> String {
        """
        seed: 7
        mapreduce:
          cluster:
            workers: 4
            map_slots: 4
            reduce_slots: 1
            cost: {map_per_record: 200ms, reduce_per_key: 50ms}
            policy: {speculation: false, max_attempts: \(maxAttempts)}
          jobs:
            - {id: count, name: word-count, reducers: 2, combiner: true,
               input: {synthetic: {lines: 40, seed: 1}, split_size: 200B}}
        faults:
          - {at: 2.15s, \(fault): worker-3}
        expect:
          - mapreduce.output_exact == true
        """
    }

    static func run(_ fault: String, maxAttempts: Int = 4) throws -> (job: MapReduceRunResult, report: MapReduce.JobReport) {
        let result = ScenarioRunner.run(try ScenarioLoader.parse(world(fault, maxAttempts: maxAttempts), file: "world.yaml"))
        let job = try #require(result.jobs.first?.result)
        return (job, try #require(job.run.report))
    }

    /// Microseconds of virtual time, as `attempts.csv` shows them.
    static func micros(_ instant: VirtualInstant?) -> Int64? {
        instant.map { ($0.nanoseconds + 500) / 1_000 }
    }

    @Test func aCrashedWorkersMapOutputsAllReRunAtOnceAndTheReducersWaitForThem() throws {
        let (job, report) = try Self.run("crash")
        #expect(report.status == .succeeded && job.outputExact)
        // The reducers' fetches from worker-3 time out from 3.2 s on; at the third report (the
        // reducers ask again each heartbeat) maps 10–13 are re-executed together and start at
        // worker-2's next heartbeat, on its four map slots.
        let reRuns = report.attempts.filter { $0.number > 17 }
        #expect(reRuns.map(\.task) == [.map(10), .map(11), .map(12), .map(13)])
        #expect(reRuns.allSatisfy { $0.worker == "worker-2" && $0.outcome == .succeeded })
        #expect(Set(reRuns.map(\.start)).count == 1)
        #expect(Self.micros(reRuns.first?.start) == 5_254_500)
        // The two reduce attempts started before the crash are the ones that complete.
        let reduces = report.attempts.filter { $0.task.kind == .reduce }
        #expect(reduces.map(\.number) == [16, 17] && reduces.allSatisfy { $0.outcome == .succeeded })
        #expect(report.statistics.attempts == 21 && report.statistics.retries == 4)
        #expect(report.statistics.lostAttempts == 0 && report.statistics.failedAttempts == 0)
        #expect(report.statistics.mapReexecutions == 4)
        #expect(Self.micros(report.finishedAt) == 10_063_956)
    }

    /// `lose_intermediate` leaves the worker reachable: the first reducer finds map-10 missing
    /// from worker-3's disk at once, and all four of its outputs re-run together.
    @Test func aWipedDiskIsFoundOnceAndAllItsOutputsReRunTogether() throws {
        let (job, report) = try Self.run("lose_intermediate")
        #expect(report.status == .succeeded && job.outputExact)
        let reRuns = report.attempts.filter { $0.task.kind == .map && $0.number > 15 }
        #expect(reRuns.map(\.task) == [.map(10), .map(11), .map(12), .map(13)])
        #expect(Set(reRuns.map(\.start)).count == 1)
        #expect(Self.micros(reRuns.first?.start) == 2_251_500)
        #expect(report.attempts.filter { $0.task.kind == .reduce }.allSatisfy { $0.outcome == .succeeded })
        #expect(report.statistics.attempts == 21 && report.statistics.retries == 4 && report.statistics.lostAttempts == 0)
        #expect(report.statistics.mapReexecutions == 4)
        #expect(Self.micros(report.finishedAt) == 6_915_214)
    }

    /// A completed map whose output the reducers could not fetch counts as a failed attempt of its
    /// task, as Hadoop's retroactive failure does: with one attempt a task, the unreachable
    /// worker's first output fails the job at the third report, 5.210 s (where the crash world
    /// above re-runs its outputs at worker-2's next heartbeat, 5.255 s), though a worker declared
    /// lost (its outputs killed, not failed) would not.
    @Test func anOutputThatCouldNotBeFetchedCountsTowardsTheAttemptLimit() throws {
        let (job, report) = try Self.run("crash", maxAttempts: 1)
        #expect(!job.outputExact)
        guard case .failed(let reason) = report.status else {
            Issue.record("the job did not fail: \(report.status)")
            return
        }
        #expect(reason.hasPrefix("map-10 failed 1 time; last: output could not be fetched: reduce-"))
        #expect(reason.contains("could not fetch map-10"))
        // The job fails at map-10's retroactive failure, before any output runs again: no
        // re-run finished, so none is counted as re-executed.
        #expect(report.statistics.mapReexecutions == 0)
        #expect(report.attempts.filter { $0.task.kind == .map }.count == 15)
        #expect(Self.micros(report.finishedAt) == 5_209_720)
        // Two attempts a task leave room for the one retroactive failure: the job succeeds as
        // with four.
        let (twice, twiceReport) = try Self.run("crash", maxAttempts: 2)
        #expect(twiceReport.status == .succeeded && twice.outputExact)
        #expect(twiceReport.statistics.mapReexecutions == 4)
    }

    /// A wiped disk's outputs are failed retroactively too: the worker answered without them.
    @Test func aWipedDisksOutputsCountTowardsTheAttemptLimit() throws {
        let (_, report) = try Self.run("lose_intermediate", maxAttempts: 1)
        guard case .failed(let reason) = report.status else {
            Issue.record("the job did not fail: \(report.status)")
            return
        }
        #expect(reason.hasPrefix("map-10 failed 1 time; last: output could not be fetched: "))
    }

    /// The Setup row says which attempts the limit counts.
    @Test func theSetupSaysLostAttemptsDoNotCountTowardsTheLimit() throws {
        let (job, _) = try Self.run("crash")
        #expect(job.setupTable().rendered().contains(
            "at most 4 attempts per task; attempts lost to crashes do not count, as Hadoop's killed attempts; a map that cannot read its input from the log or write its output to the shuffle store does, as Hadoop's failed attempts; a completed map whose output could not be fetched does, as Hadoop's retroactive failures"))
    }
}
