import Testing
@testable import Simulator

/// Every instant `partitions_per_minute` draws is a partition: a cut of none or all the nodes is
/// drawn again. Dropped, it left 1 − 2^(1 − m) of the rate: 4,460 of 6,000 with 3 nodes (N4, s77).
struct ChaosPartitionRateTests {
    /// N's reproducer: one worker (so coordinator, worker-1 and log: 3 nodes), 60 a minute for
    /// 100 minutes, 1 ms each.
    static let chaos = MapReduce.ClusterChaos(horizon: .seconds(6_000), workerCrashesPerMinute: 0, pausesPerMinute: 0, slowdownsPerMinute: 0,
                                              partitionsPerMinute: 60, partitionLength: .constant(0.001),
                                              lostIntermediatePerMinute: 0, coordinatorRestartsPerMinute: 0)

    @Test func theRateOfPartitionsHoldsWithThreeNodes() {
        let timeline = Self.chaos.timeline(seed: 7, workers: ["worker-1"], coordinator: "coordinator", others: ["log"])
        var cuts: [[NodeID]] = []
        var heals = 0
        for entry in timeline {
            guard case .network(let fault) = entry.fault else { continue }
            if case .partition(let groups, _) = fault { cuts.append(groups[0]) }
            if case .heal = fault { heals += 1 }
        }
        // 6,000 expected (Poisson, sd 77); 4,500 (75 %) when a trivial cut was dropped. Five
        // partitions came within 1 ms of the one before, which they replaced: that one's heal is
        // left out (``ChaosPartitionOverlapTests``).
        #expect([cuts.count, heals] == [5_943, 5_938])
        #expect(cuts.allSatisfy { !$0.isEmpty && $0.count < 3 })
        // Each of the 6 non-trivial cuts about equally often (1,000 each expected).
        let names = cuts.map { $0.map(\.name).joined(separator: "+") }
        #expect(["coordinator", "worker-1", "log", "coordinator+worker-1", "coordinator+log", "worker-1+log"].map { name in names.filter { $0 == name }.count } == [981, 947, 967, 1_022, 1_052, 974])
    }

    @Test func twoNodesAlwaysSplitOneFromTheOther() {
        let timeline = Self.chaos.timeline(seed: 7, workers: ["worker-1"], coordinator: "coordinator")
        let cuts = timeline.compactMap { entry -> [NodeID]? in
            guard case .network(.partition(let groups, _)) = entry.fault else { return nil }
            return groups[0]
        }
        // The same 5,943 instants: with 2 nodes, half the draws were dropped.
        #expect(cuts.count == 5_943)
        #expect(cuts.allSatisfy { $0.count == 1 })
    }
}
