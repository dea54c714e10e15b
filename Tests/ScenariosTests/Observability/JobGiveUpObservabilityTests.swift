import Foundation
import Testing
@testable import Scenarios
@testable import Simulator

/// A job whose client gave up (the coordinator did not answer for 15 minutes) failed in every
/// report — report.md "failed (client gave up)", report.json, metrics.csv — but the OpenMetrics
/// file counted it `outcome="succeeded"` and the Perfetto trace's job span said `succeeded` when
/// the job was done just before the coordinator died for good (6 s), and neither had the job at
/// all when it died in the job's middle (5.5 s) (C1's F3). The give-up ends the job in both now:
/// one `failed` sample series, one job span from the submission to the give-up at 905.001 s.
struct JobGiveUpObservabilityTests {
    static func run(crashAt: String) throws -> ObservabilityFixture.Run {
        try ObservabilityFixture.run(yaml: JobClientGivesUpTests.world(faults: "{at: \(crashAt), crash: coordinator}"))
    }

    static func jobSamples(_ run: ObservabilityFixture.Run) -> [String] {
        let end = VirtualInstant(nanoseconds: Int64((run.result.virtualSeconds * 1e9).rounded()))
        let text = OpenMetricsText.render(run.observer.metrics!, end: end, interval: .seconds(1))
        return text.split(separator: "\n").map(String.init).filter { $0.hasPrefix("orrery_mapreduce_jobs_total") }
    }

    @Test(arguments: ["6s", "5.5s"])
    func theGiveUpIsTheJobsFailedEnd(crashAt: String) throws {
        let run = try Self.run(crashAt: crashAt)
        #expect(run.result.virtualSeconds == 906)
        let samples = Self.jobSamples(run)
        #expect(samples.allSatisfy { $0.hasPrefix(#"orrery_mapreduce_jobs_total{job="job-1",outcome="failed"} "#) }, "\(samples.prefix(3))")
        #expect(samples.count == 907)
        #expect(samples[905] == #"orrery_mapreduce_jobs_total{job="job-1",outcome="failed"} 0 1767226505.000"#)
        #expect(samples[906] == #"orrery_mapreduce_jobs_total{job="job-1",outcome="failed"} 1 1767226506.000"#)
        let spans = try ObservabilityFixture.events(ObservabilityFixture.perfetto(run)).filter { $0["cat"] as? String == "job" }
        #expect(spans.count == 1)
        #expect(spans.first?["name"] as? String == "job job-1")
        #expect(spans.first?["ts"] as? Int == 5_000_000)
        #expect(spans.first?["dur"] as? Int == 900_001_000)
        #expect((spans.first?["args"] as? [String: Any])?["outcome"] as? String == "failed: client gave up")
    }

    /// The observation folds into nothing: the run's digest is the one it had.
    @Test func theDigestIsUnchanged() throws {
        #expect(try Self.run(crashAt: "6s").result.digest == "710176ff2cf2b006")
    }
}
