import Foundation
import Testing
@testable import Scenarios
@testable import Simulator

/// A `slow` fault with a factor far below 1 on a worker whose cost model has a long progress
/// slice: one slice of virtual time is then worth more nanoseconds of work than `Int64` holds
/// (10 s at 10⁻⁹ is 10¹⁹ ns), and converting that quotient trapped the process (exit 132,
/// nothing written) although `orrery validate` accepted the file.
struct MapReduceTinySlowFactorTests {
    /// Checker Y's reproducers: one worker, `progress_slice` 10 s at factor 10⁻⁹, and 1,000 days
    /// at factor 0.001, each slowing worker-1 for an hour from the start.
    static func scenario(slice: String, factor: String) -> String {
        """
        name: slice
        seed: 1
        cluster:
          workers: 1
          map_slots: 1
          reduce_slots: 1
          cost:
            progress_slice: \(slice)
        job:
          name: word-count
          reducers: 1
        input:
          synthetic: {lines: 100, seed: 1}
        faults:
          - at: 0s
            slow: worker-1
            factor: \(factor)
            for: 1h
        """
    }

    static func run(slice: String, factor: String) throws -> (world: RunResult, job: MapReduceRunResult) {
        let fixture = try MapReduceFixture()
        defer { fixture.remove() }
        let world = ScenarioRunner.run(try fixture.load(scenario(slice: slice, factor: factor)).world)
        return (world, world.jobs[0].result)
    }

    /// The job's CPU work costs next to nothing: the makespan is the heartbeats' and the
    /// network's (1.002016030 s at 10⁻⁹, 1.002037407 s at 0.001).
    @Test(arguments: [("10s", "0.000000001", Int64(1_002_016_030)), ("1000d", "0.001", 1_002_037_407)])
    func theWorldRunsAndItsJobSucceeds(slice: String, factor: String, makespan: Int64) throws {
        let (world, job) = try Self.run(slice: slice, factor: factor)
        let report = try #require(job.run.report)
        #expect(report.status == .succeeded)
        #expect(job.outputExact && world.passed)
        #expect(report.statistics.attempts == 2 && report.statistics.retries == 0)
        #expect(JobReportTables.seconds(report.makespan) == "1.002 s")
        #expect(report.makespan?.nanoseconds == makespan)
    }

    /// The step a slice pays: the truncated quotient below `Int64.max` (as it always was, so no
    /// run's slices move), what is left above it, and never less than 1 ns.
    @Test func aSlicesStepIsHeldToWhatIsLeft() {
        #expect(MapReduce.Worker.step(slice: 1e10, factor: 1e-9, left: 7_000_000) == 7_000_000)
        #expect(MapReduce.Worker.step(slice: 1000 * 86_400e9, factor: 0.001, left: .max) == .max)
        #expect(MapReduce.Worker.step(slice: 250_000_000, factor: 3, left: 1_000_000_000) == 83_333_333)
        #expect(MapReduce.Worker.step(slice: 250_000_000, factor: 3, left: 5) == 5)
        #expect(MapReduce.Worker.step(slice: 1, factor: 1e6, left: 10) == 1)
        #expect(MapReduce.Worker.step(slice: 9.2e18, factor: 1, left: .max) == 9_200_000_000_000_000_000)
    }
}
