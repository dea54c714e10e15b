import Testing
@testable import Simulator

/// A chaos slowdown's factor is held to 1 … 10⁶ in thousandths, and a draw of no slowdown
/// schedules nothing: raw `normal` draws were applied as drawn, ×−0.388 and ×0 among them, and
/// printed as `×0.6824646455149921` (N3, s77).
struct ChaosSlowdownFactorTests {
    @Test func aDrawIsHeldToASlowdownAFileCouldWrite() {
        let slowdown = MapReduce.ClusterChaos.slowdown
        #expect(slowdown(-0.38829579210830345) == 1 && slowdown(0) == 1 && slowdown(0.6824646455149921) == 1 && slowdown(1) == 1)
        #expect(slowdown(.nan) == 1)
        #expect(slowdown(3.1415926535897927) == 3.142 && slowdown(1.0004) == 1 && slowdown(1.0005) == 1.001)
        #expect(slowdown(2e6) == 1_000_000 && slowdown(.infinity) == 1_000_000)
        #expect("\(slowdown(3.1415926535897927))" == "3.142")
    }

    /// N's reproducer: two workers, 30 slowdowns a minute for 10 minutes, factors `normal {mean:
    /// 0.5, sd: 2}` (about 40 % above 1), 5 s each.
    @Test func onlyDrawsAboveOneAreScheduled() {
        let chaos = MapReduce.ClusterChaos(horizon: .seconds(600), workerCrashesPerMinute: 0, pausesPerMinute: 0, slowdownsPerMinute: 30,
                                           slowFactor: .normal(mean: 0.5, standardDeviation: 2), slowLength: .constant(5),
                                           partitionsPerMinute: 0, lostIntermediatePerMinute: 0, coordinatorRestartsPerMinute: 0)
        let factors = chaos.timeline(seed: 7, workers: ["worker-1", "worker-2"], coordinator: "coordinator").compactMap { entry -> Double? in
            guard case .network(.slow(_, let factor)) = entry.fault else { return nil }
            return factor
        }
        let slowdowns = factors.filter { $0 != 1 }
        // 121 of the 300 instants drew above 1 (40 % expected); 78 ends are left where a later
        // slowdown of the worker did not supersede the one in force.
        #expect([slowdowns.count, factors.count] == [121, 199])
        #expect(slowdowns.allSatisfy { $0 > 1 && $0 <= 1_000_000 && ($0 * 1_000).rounded() / 1_000 == $0 })
        #expect(Array(slowdowns.prefix(4)) == [3.461, 4.073, 2.684, 4.783])
    }

    @Test func drawsThatNeverReachOneScheduleNothing() {
        let chaos = MapReduce.ClusterChaos(horizon: .seconds(600), workerCrashesPerMinute: 0, pausesPerMinute: 0, slowdownsPerMinute: 60,
                                           slowFactor: .normal(mean: 0, standardDeviation: 0.000001), slowLength: .constant(3_600),
                                           partitionsPerMinute: 0, lostIntermediatePerMinute: 0, coordinatorRestartsPerMinute: 0)
        #expect(chaos.timeline(seed: 7, workers: ["worker-1"], coordinator: "coordinator").isEmpty)
    }
}
