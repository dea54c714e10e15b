import Foundation
import Testing
@testable import Scenarios
@testable import Simulator

/// launch every request at once and judge the replicas' counts as the
/// placement's split: a replica must hold every request, or the counts are what its queue kept.
/// 10⁶ requests against the old fixed queue of 100,000 read "z-score 329.7" and shares of
/// 40.47 / 19.06 / 40.47 % for a map predicted at 84.37 / 4.69 / 10.94 %.
struct PlacementQueueRoomTests {
    private func spec(_ text: String) throws -> PlacementExperimentSpec {
        let experiment = try parseExperiment(text)
        if let a1 = experiment as? A1Experiment { return a1.spec }
        if let a2 = experiment as? A2Experiment { return a2.spec }
        return try #require(experiment as? A3Experiment).spec
    }

    /// Unwritten, the queue holds every request of a run, and never less than the 100,000 it
    /// always had (A-3's failover, and results/ at 10,000 requests, keep theirs).
    @Test func theDefaultQueueHoldsEveryRequest() throws {
        #expect(try spec("experiment: a1\nservers: 3\nrequests: 1000000\n").server.queueCapacity == 1_000_000)
        #expect(try spec("experiment: a2\nservers: [2, 3]\nrequests: 200000\nserver: {slots: 8}\n").server.queueCapacity == 200_000)
        #expect(try spec("experiment: a1\nservers: 3\n").server.queueCapacity == 100_000)
        #expect(try spec("experiment: a1\nservers: 3\nrequests: 100001\n").server.queueCapacity == 100_001)
    }

    @Test func aWrittenQueueTooSmallForTheRequestsIsRefusedAtIt() {
        #expect(experimentError("experiment: a1\nservers: 3\nrequests: 10000\nserver: {queue: 1000}\n")?.description
            == "x.yaml:4:17: error: a replica holds at most 1,004 requests (4 slots and a queue of 1,000), but a run launches its 10,000 requests at once and the placement may send them all to one replica; those turned away would leave counts that are not the placement's split: make the queue at least 9,996, or leave it out (its default holds every request) (at server.queue)")
        #expect(experimentError("experiment: a2\nservers: [2, 3]\nrequests: 200000\nserver: {slots: 1, queue: 0}\n")?.description
            == "x.yaml:4:27: error: a replica holds at most 1 request (1 slot and a queue of 0), but a run launches its 200,000 requests at once and the placement may send them all to one replica; those turned away would leave counts that are not the placement's split: make the queue at least 199,999, or leave it out (its default holds every request) (at server.queue)")
        // Exactly room for every request loads; A-3's failover may study a full queue.
        #expect(experimentError("experiment: a1\nservers: 3\nrequests: 10000\nserver: {queue: 9996}\n") == nil)
        #expect(experimentError("experiment: a3\nservers: 3\nserver: {queue: 10}\nfailover: {rate: 10, duration: 5s, kill: Server 1, kill_at: 1s}\n") == nil)
    }

    /// A run whose clients gave up (one slot at 1 s a request: the busiest replica's queue
    /// outlasts the 600 s a client waits) is not judged against a uniform split.
    @Test func countsShortOfTheRequestsGetNoUniformityVerdict() throws {
        let spec = try spec("experiment: a1\nseed: 7\nservers: 3\nrequests: 1000\nserver: {slots: 1, service_time: 1s}\n")
        let result = try A1Experiment.run(spec)
        #expect(result.run.failed == 238)
        let report = result.markdown(spec: spec)
        #expect(report.contains("## How uneven, against chance\n\n238 requests of 1,000 were not answered (not within the 600.000 s a client waits), so the counts above are what the replicas answered, not where the placement sent every request: they are not judged against a uniform split. Give the replicas more slots, a faster service time or fewer requests.\n\n## Why\n"))
        #expect(!report.contains("z-score"))
        #expect(!report.contains("The split is"))
        #expect(result.json(spec: spec).contains("\"unanswered\" : 238"))
    }

    @Test func a2NamesTheServerCountsWhoseRequestsWentUnanswered() throws {
        let spec = try spec("experiment: a2\nseed: 7\nservers: [2, 3]\nrequests: 1000\nserver: {slots: 1, service_time: 1s}\n")
        let report = try A2Experiment.run(spec).markdown(spec: spec)
        #expect(report.contains("; 1,000 concurrent requests at each N. Not every request was answered (not within the 600.000 s a client waits): of the 1,000 sent at each N, 343 at N = 2 and 238 at N = 3 went unanswered. The counts are what the replicas answered, so their mean falls below 1,000 / N there, and their spread is not the placement's alone. Every N is sent"))
        #expect(!report.contains("by construction"))
    }

    /// Every request answered: the report reads as it always has, and its JSON has no
    /// `unanswered` (results/a1 stays byte for byte).
    @Test func answeredCountsKeepTheVerdictAndTheJSON() throws {
        let spec = try spec("experiment: a1\nseed: 7\nservers: 3\nrequests: 1000\n")
        let result = try A1Experiment.run(spec)
        #expect(result.run.failed == 0)
        #expect(result.markdown(spec: spec).contains("The split is far from uniform: the busiest server is"))
        #expect(!result.json(spec: spec).contains("unanswered"))
    }
}
