import Testing
@testable import Scenarios
@testable import Simulator

/// Checker S (session 81), findings 1 and 2, in the seed studies: a claimed time range is kept
/// by every seed up to its upper end (14 of 30 MapReduce seeds rescheduled in 3.3 s were counted
/// outside 5–15 s), and the mid-task crash's loss is said to be found by what found it.
struct SeedStudyTimeRangeTests {
    static func figure(_ samples: [Double], timeRange: Bool) -> SeedStudy.Figure {
        var figure = SeedStudy.Figure(name: "crash → lost work rescheduled", unit: .duration, seeds: samples.indices.map { UInt64($0 + 1) },
                                      samples: samples, within: 0...Double.infinity, claimed: 5...15)
        figure.claimIsTimeRange = timeRange
        return figure
    }

    @Test func aTimeRangeCountsTheFasterSeedsAsHolding() throws {
        let samples = Array(repeating: 3.3, count: 14) + Array(repeating: 9.7, count: 16)
        let range = Self.figure(samples, timeRange: false), promise = Self.figure(samples, timeRange: true)
        #expect(range.withinClaim?.successes == 16 && promise.withinClaim?.successes == 30)
        #expect(promise.fasterThanClaim == 14 && range.fasterThanClaim == 0)
        #expect(promise.claimVerdict == "holds in 30 of 30 seeds (\(try #require(promise.withinClaim).percentRange) of seeds, 95 %), 14 faster than its lower end; the mean is within its upper end beyond noise")
        #expect(promise.claimText == "5 s … 15 s")
        let late = Self.figure(Array(repeating: 15.2, count: 3), timeRange: true)
        #expect(late.claimVerdict == "holds in no seed")
    }

    /// Seed 003's killed process, 0.5 ms in every seed: "holds in 0 of 30 seeds" against 3–5 s.
    @Test func aDetectionFasterInEverySeedHoldsInEverySeed() {
        var figure = SeedStudy.Figure(name: "process killed: detection", unit: .duration, seeds: [1, 2, 3], samples: [0.0005, 0.0005, 0.0005], claimed: 3...5)
        figure.claimIsTimeRange = true
        #expect(figure.claimVerdict == "holds in every seed, all faster than its lower end")
        #expect(SeedStudyFigureDocument(figure).seedsWithinClaim == 3 && SeedStudyFigureDocument(figure).claimKeptUpToHigh == true)
    }

    static func study(_ outcomes: [MapReduce.AttemptOutcome?]) -> MapReduceSeedStudy {
        let perSeed = outcomes.map { outcome -> [MapReduceSeedStudy.Sample] in
            var crash = MapReduceSeedStudy.Sample()
            crash.recovery = .init(midTask: true, heldTask: true, detection: 9.7, rescheduling: 10.7, completion: 11.6, detectedBy: outcome)
            return [MapReduceSeedStudy.Sample(), crash, MapReduceSeedStudy.Sample()]
        }
        return MapReduceSeedStudy(seeds: outcomes.indices.map { UInt64($0 + 1) }, perSeed: perSeed, claims: Seed001Claims())
    }

    @Test func theMidTaskLossIsFoundByWhatFoundIt() {
        #expect(Self.study([.timedOut, .timedOut]).whereTheCrashStruck(worker: "worker-2", workerTimeout: .seconds(15), taskTimeout: .seconds(10))
            == "The crash struck while `worker-2` ran its task in 2 of 2 seeds: its attempt stopped making progress, and the coordinator found that loss when the task timeout (10.000 s) expired, before the worker timeout (15.000 s) could declare the worker dead.")
        #expect(Self.study([.timedOut, .lost("no heartbeat for 10.000 s"), nil]).whereTheCrashStruck(worker: "worker-2", workerTimeout: .seconds(10), taskTimeout: .seconds(10))
            == "The crash struck while `worker-2` ran its task in 3 of 3 seeds: the coordinator found that loss by the task timeout (10.000 s) in 1, by the worker timeout (10.000 s) in 1 and otherwise or not at all in 1.")
    }
}
