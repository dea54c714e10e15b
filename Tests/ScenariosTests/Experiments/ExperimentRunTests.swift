import Testing
@testable import Scenarios
@testable import Simulator

struct ExperimentRunTests {
    static func spec(_ name: String, servers: [Int], requests: Int, variants: [PlacementExperimentSpec.Variant] = [.init(label: "default", placement: .assignment(.assignment))]) -> PlacementExperimentSpec {
        PlacementExperimentSpec(name: name, summary: "", file: "t.yaml", seed: 99, serverCounts: servers, requests: requests, variants: variants,
                                server: ServerConfiguration(slots: 4, queueCapacity: 100_000, serviceTime: .exponential(mean: 0.002)))
    }

    @Test func a1CountsEveryRequestAndMatchesTheMapsPrediction() throws {
        let result = try A1Experiment.run(Self.spec("a1", servers: [3], requests: 3_000))
        #expect(result.run.counts.map(\.hostname) == ["Server 1", "Server 2", "Server 3"])
        #expect(result.statistics.total == 3_000)
        #expect(result.run.failed == 0)
        let predicted = try #require(result.explanation).predictedShare.map(\.share)
        for (count, share) in zip(result.run.counts.map(\.requests), predicted) {
            // Each count is binomial(3000, share): stay within 4 standard deviations.
            let sd = (3_000 * share * (1 - share)).squareRoot()
            #expect(abs(Double(count) - 3_000 * share) < 4 * sd, "count \(count) against predicted share \(share)")
        }
    }

    /// A-2 hashes the 900,000 ids once per map configuration and shares the histogram between
    /// its server counts: each count's explanation is the one its map gives alone.
    @Test func a2SharesOneHistogramAndExplainsEachMapAsAlone() throws {
        let configuration = ConsistentHashMap.Configuration(requestHash: .polynomial(iSquared: 37, i: 11, constant: 3))
        let spec = Self.spec("a2", servers: [2, 4, 6], requests: 300, variants: [.init(label: "modified H", placement: .assignment(configuration))])
        let result = try A2Experiment.run(spec, jobs: 2)
        #expect(result.runs.map(\.servers) == [2, 4, 6])
        for run in result.runs {
            let alone = HashMapExplanation(map: try ConsistentHashMap(serverCount: run.servers, configuration: configuration))
            #expect(run.result.explanation == alone)
            #expect(alone.servers.count == run.servers)
        }
        // The histogram is the configuration's: the same from any map of it.
        let shared = try #require(A1Experiment.explanationHistogram(for: spec.variants[0]))
        #expect(shared == RequestSlotHistogram(map: try ConsistentHashMap(serverCount: 5, configuration: configuration), requestIDs: 100_000...999_999))
        #expect(shared.requestsPerSlot.reduce(0, +) == 900_000)
        #expect(A1Experiment.explanationHistogram(for: .init(label: "ring", placement: .ring(virtualNodes: 10))) == nil)
    }

    @Test func theSameSeedGivesTheSameRunAndAnotherSeedAnother() throws {
        let a = try DistributionRun.run(placement: .assignment(.assignment), servers: 3, requests: 500, server: ServerConfiguration(), seed: 1)
        // Simulated again, not handed back from the memo of runs made.
        let b = try DistributionRun.simulate(placement: .assignment(.assignment), servers: 3, requests: 500, server: ServerConfiguration(), seed: 1)
        let c = try DistributionRun.run(placement: .assignment(.assignment), servers: 3, requests: 500, server: ServerConfiguration(), seed: 2)
        #expect(a.digest == b.digest)
        #expect(a.counts.map(\.requests) == b.counts.map(\.requests))
        #expect(a.digest != c.digest)
    }

    @Test func boundedLoadsNeverPutsMoreInFlightThanItsCapacityAllows() throws {
        // With ε = 0 the cap is the mean in-flight load rounded up, so all concurrent requests
        // spread almost exactly evenly whatever the ring would do.
        let run = try DistributionRun.run(placement: .boundedLoads(epsilon: 0, virtualNodes: 10), servers: 4, requests: 2_000, server: ServerConfiguration(slots: 1, queueCapacity: 100_000, serviceTime: .constant(0.01)), seed: 5)
        let counts = run.counts.map(\.requests)
        #expect(counts.reduce(0, +) == 2_000)
        #expect(counts.max()! - counts.min()! <= 40, "\(counts)")
        let ring = try DistributionRun.run(placement: .ring(virtualNodes: 10), servers: 4, requests: 2_000, server: ServerConfiguration(), seed: 5)
        let ringCounts = ring.counts.map(\.requests)
        #expect(ringCounts.max()! - ringCounts.min()! > counts.max()! - counts.min()!, "the plain ring \(ringCounts) is less even")
    }

    @Test func a3AnswersEveryOperationExactlyAndRecoversFromTheKill() throws {
        let experiment = A3Experiment(spec: Self.spec("a3", servers: [3], requests: 0), operations: [.rep, .add(n: 1, hostnames: ["S1", "S2"]), .rm(n: 1, hostnames: ["Server 3"]), .route(path: "other", requestID: 100_000)],
                                      failover: .init(rate: 200, duration: .seconds(12), killAt: .milliseconds(4_300), killed: "Server 1",
                              heartbeat: .init(interval: .seconds(1), timeout: .milliseconds(500), missesBeforeDown: 2, spawnDelay: .seconds(2)),
                              clientTimeout: .seconds(2), forwardTimeout: .milliseconds(500), retries: 1))
        let result = try experiment.measure()
        #expect(result.operations.map(\.status) == [200, 400, 200, 400])
        #expect(result.operations[1].body == #"{"message": "<Error> Length of hostname list is more than newly added instances", "status": "failure"}"#)
        #expect(result.operations[2].replicasAfter == ["Server 1", "Server 2"])
        #expect(result.operations[3].body == #"{"message": "<Error> '/other' endpoint does not exist in server replicas", "status": "failure"}"#)
        // Rounds at 5 s and 6 s miss; the second miss is known at 6.5 s: 2.2 s after the kill.
        #expect(result.detectionTime.map { abs($0 - 2.2) < 1e-9 } == true)
        #expect(result.respawnTime.map { abs($0 - 4.2) < 1e-9 } == true)
        #expect(result.failedForwards > 0)
        #expect(result.retried == result.failedForwards)
        #expect(result.lost == 0)
        #expect(result.issued == result.succeeded)
    }
}
