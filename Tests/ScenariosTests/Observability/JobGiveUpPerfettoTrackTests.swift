import Testing
@testable import Scenarios
@testable import Simulator

/// A job whose client gave up is drawn where every job is, on the coordinator's track of the
/// mapreduce process, named `job job-1` with its outcome `failed: client gave up` — not on the
/// client's track, where it was the only job on a track of its own (the last note's leftover).
/// Whether the coordinator died just after the job ended (6 s, its own `succeeded` span replaced)
/// or in the job's middle (5.5 s, no span of its own).
struct JobGiveUpPerfettoTrackTests {
    @Test(arguments: ["6s", "5.5s"])
    func theGivenUpJobIsOnTheCoordinatorsTrack(crashAt: String) throws {
        let run = try JobGiveUpObservabilityTests.run(crashAt: crashAt)
        let events = try ObservabilityFixture.events(ObservabilityFixture.perfetto(run))
        let mapreduce = PerfettoTrace.TrackTable.pid(.mapreduce)
        let threads = events.filter { $0["name"] as? String == "thread_name" && $0["pid"] as? Int == mapreduce }
            .map { (($0["args"] as? [String: Any])?["name"] as? String ?? "", $0["tid"] as? Int ?? -1) }
        #expect(!threads.contains { $0.0 == "client" })
        let coordinator = try #require(threads.first { $0.0 == "coordinator" }?.1)
        let jobs = events.filter { $0["ph"] as? String == "X" && $0["cat"] as? String == "job" }
        #expect(jobs.count == 1)
        let job = try #require(jobs.first)
        #expect(job["pid"] as? Int == mapreduce && job["tid"] as? Int == coordinator)
        #expect(job["name"] as? String == "job job-1")
        #expect(job["ts"] as? Int == 5_000_000 && job["dur"] as? Int == 900_001_000)
        #expect((job["args"] as? [String: Any])?.keys.sorted() == ["outcome"])
        #expect((job["args"] as? [String: Any])?["outcome"] as? String == "failed: client gave up")
    }
}
