import Foundation
import Testing
@testable import Scenarios
@testable import Simulator

/// A job's client calls a coordinator that does not answer for at most 15 minutes (YARN's
/// `yarn.resourcemanager.connect.max-wait.ms`), then gives up: the job fails with the reason and
/// the world ends, where a coordinator crashed for good kept the client — and the world — going
/// to the time limit (R1's `stuck2.yaml` stopped at 3,606 s, "stopped early", after a job done
/// at 5.993 s; its headline read "1/1 jobs exact").
struct JobClientGivesUpTests {
    static func world(faults: String) -> String {
        """
        name: stuck
        mapreduce:
          jobs: [{name: word-count, reducers: 1, submit_at: 5s, input: {synthetic: {lines: 20000}}}]
        faults: [\(faults)]

        """
    }

    static let gaveUp = "job failed: the coordinator did not answer the job's client for 900.000 s, and it gave up (YARN's yarn.resourcemanager.connect.max-wait.ms)"

    static func value(_ name: String, in result: RunResult) -> Double? {
        result.metrics.first { $0.metric.description == name }?.value ?? nil
    }

    /// Crashed after the job ended (6 s) or in its middle (5.5 s), for good.
    @Test(arguments: ["6s", "5.5s"])
    func aClientWhoseCoordinatorNeverAnswersGivesUpAfterFifteenMinutes(crashAt: String) throws {
        let result = try MapReduceHardFailureTests.run(Self.world(faults: "{at: \(crashAt), crash: coordinator}"))
        #expect(result.failure == nil, "the world ends when the client gives up, not at the time limit")
        #expect(result.virtualSeconds == 906)
        #expect(!result.passed)
        let job = try #require(result.jobs.first?.result)
        #expect(!job.succeeded && !job.outputExact)
        #expect(job.problems.first == Self.gaveUp)
        #expect(Self.value("mapreduce.failed_jobs", in: result) == 1 && Self.value("mapreduce.succeeded_jobs", in: result) == 0)
    }

    /// A coordinator back within the 15 minutes is answered as before.
    @Test func aCoordinatorBackInTimeKeepsTheClient() throws {
        let result = try MapReduceHardFailureTests.run(Self.world(faults: "{at: 5.5s, crash: coordinator}, {at: 600s, restart: coordinator}"))
        #expect(result.failure == nil)
        let job = try #require(result.jobs.first?.result)
        #expect(!job.problems.contains(Self.gaveUp), "\(job.problems)")
        #expect(result.virtualSeconds < 906)
    }
}
