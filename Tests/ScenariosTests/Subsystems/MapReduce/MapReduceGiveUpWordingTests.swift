import Foundation
import Testing
@testable import Scenarios
@testable import Simulator

/// A job whose client gave up on a silent coordinator failed; it was not refused. Its problem
/// read `job refused: the coordinator did not answer …` as a refusal's does; a real refusal keeps
/// `job refused:`. The Simulator's durations in it read as a report writes them (`900.000 s`).
struct MapReduceGiveUpWordingTests {
    @Test func aClientThatGaveUpReadsAsAFailedJob() throws {
        let result = try MapReduceHardFailureTests.run(JobClientGivesUpTests.world(faults: "{at: 6s, crash: coordinator}"))
        let job = try #require(result.jobs.first?.result)
        #expect(job.clientGaveUp)
        #expect(job.problems == ["job failed: the coordinator did not answer the job's client for 900.000 s, and it gave up (YARN's yarn.resourcemanager.connect.max-wait.ms)"])
        #expect(result.markdown().contains("job failed: the coordinator did not answer the job's client for 900.000 s"))
        #expect(!result.markdown().contains("job refused"))
    }

    /// A job refused while its splits were planned (the log down past Kafka's 60 s API timeout)
    /// is still refused, in the Simulator's words.
    @Test func aRefusedJobStillReadsAsRefused() throws {
        let world = MapReduceSelfConsistentReportTests.logDown.replacingOccurrences(of: "{at: 5.3s, crash: log}", with: "{at: 4s, crash: log}")
        let job = try #require(try MapReduceHardFailureTests.run(world).jobs.first?.result)
        #expect(!job.clientGaveUp)
        #expect(job.problems.first == "job refused: the input could not be read: the log did not answer within 60.000s")
    }

    /// The Simulator's `10.000s` as `DurationFormat` writes it; everything else as it was.
    @Test(arguments: [
        ("lost: no heartbeat for 10.000s", "lost: no heartbeat for 10.000 s"),
        ("lost: no heartbeat for 2.000s; answered late at 7.695s; ignored (another attempt had completed the task)",
         "lost: no heartbeat for 2.000 s; answered late at 7.695 s; ignored (another attempt had completed the task)"),
        ("did not answer for 3606.000s, and it gave up", "did not answer for 3,606.000 s, and it gave up"),
        ("stopped at t=80.000s.", "stopped at t=80.000 s."),
        ("-0.500s", "-0.500 s"),
        // Not a duration the Simulator writes: kept.
        ("503s and 500s", "503s and 500s"),
        ("10.00s, 10.0000s, 1.000sec, v1.000s, 1,000.000s, fail_timeout=30s", "10.00s, 10.0000s, 1.000sec, v1.000s, 1,000.000s, fail_timeout=30s"),
        ("10.000 s", "10.000 s"),
        ("", ""),
    ])
    func theSimulatorsDurationsReadAsAReportWritesThem(_ text: String, _ expected: String) {
        #expect(SimulatorDurationText.reportable(text) == expected)
    }
}
