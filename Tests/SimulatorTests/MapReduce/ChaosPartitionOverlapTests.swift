import Testing
@testable import Simulator

/// A chaos partition's heal ends only its own partition. A partition replaces the one in force
/// and a heal ends whichever is in force, so the heal drawn for a partition a later one replaced
/// ended the later one early: D2's reproducer drew a partition at 43.044 s for 10.680 s and one at
/// 46.255 s for 9.244 s, and the first one's heal at 53.726 s cut the second to 7.471 s, its own
/// at 55.499 s healing nothing (s82). Now the replaced one's heal is left out of the timeline (its
/// drawn length kept for the report and `shrink`), and the later one lasts its draw.
struct ChaosPartitionOverlapTests {
    /// D2's `repro_partition.yaml` (seed 5): 4 workers and the log the world places with them;
    /// worker crashes, pauses and slowdowns 3 a minute, partitions and coordinator restarts 2,
    /// over the default 60 s.
    static let chaos = MapReduce.ClusterChaos(workerCrashesPerMinute: 3, pausesPerMinute: 3, slowdownsPerMinute: 3, partitionsPerMinute: 2,
                                              lostIntermediatePerMinute: 0, coordinatorRestartsPerMinute: 2)
    static let workers: [NodeID] = ["worker-1", "worker-2", "worker-3", "worker-4"]

    static func partitionsAndHeals(_ timeline: [MapReduce.ClusterFault.Entry]) -> (partitions: [MapReduce.ClusterFault.Entry], heals: [Int64]) {
        var partitions: [MapReduce.ClusterFault.Entry] = [], heals: [Int64] = []
        for entry in timeline {
            if case .network(.partition) = entry.fault { partitions.append(entry) }
            if case .network(.heal) = entry.fault { heals.append(entry.at.nanoseconds) }
        }
        return (partitions, heals)
    }

    @Test func theReproducersReplacedPartitionKeepsItsDrawAndTheLaterOneLastsItsOwn() {
        let (partitions, heals) = Self.partitionsAndHeals(Self.chaos.timeline(seed: 5, workers: Self.workers, coordinator: "coordinator", others: ["log"]))
        #expect(partitions.map(\.at.nanoseconds) == [29_775_388_063, 43_044_389_612, 46_254_934_005])
        #expect(partitions.map { $0.fault.description } == ["partition [worker-3, log]", "partition [coordinator]",
                                                             "partition [coordinator, worker-1, worker-2, worker-4]"])
        // The second's drawn length (its heal was at 53.725623460 s) kept aside, never applied.
        #expect(partitions.map(\.writtenLength) == [nil, .nanoseconds(10_681_233_848), nil])
        // The first's heal, 6.364 s after it, and the third's, 9.243987291 s after it (it was cut
        // to 7.471 s); none at 53.725623460 s.
        #expect(heals == [36_139_279_378, 55_498_921_296])
        #expect(heals[1] - partitions[2].at.nanoseconds == 9_243_987_291)
    }

    /// The draws are the same: every other fault of the timeline is what it was, and only the
    /// heal of the replaced partition is gone.
    @Test func onlyTheReplacedPartitionsHealLeavesTheTimeline() {
        let timeline = Self.chaos.timeline(seed: 5, workers: Self.workers, coordinator: "coordinator", others: ["log"])
        // 31 entries before: the same, and the heal at 53.725623460 s.
        #expect(timeline.count == 30)
        #expect(!timeline.contains { $0.at.nanoseconds == 53_725_623_460 })
    }

    /// The rule itself (``LevelWindows/superseded(_:)`` for ``LevelWindows/Window/partition(start:end:)``):
    /// a partition's heal is left out whenever a later partition begins before it — however soon
    /// that one ends, unlike a level's end, kept under a shorter window inside it — and kept when
    /// the later one begins at or after it.
    @Test func aPartitionsHealIsLeftOutWhenAnyLaterPartitionBeginsBeforeIt() {
        typealias Key = LevelWindows.Window.Key
        func key(_ seconds: Int64, _ index: Int) -> Key { Key(at: seconds * 1_000_000_000, index: index) }
        // A 10 … 30 s; B 15 … 20 s inside it; C 40 s … 50 s; D at 50 s, after C's heal (its index
        // lower: the heal applies first); E 60 s without an end, F 61 … 70 s.
        let windows: [LevelWindows.Window] = [
            .partition(start: key(10, 0), end: key(30, 1)), .partition(start: key(15, 2), end: key(20, 3)),
            .partition(start: key(40, 4), end: key(50, 5)), .partition(start: key(50, 6), end: key(55, 7)),
            .partition(start: key(60, 8)), .partition(start: key(61, 9), end: key(70, 10)),
        ]
        #expect(LevelWindows.superseded(windows) == [1])
        // A level's end under a shorter window inside it is kept: it ends the level there.
        let levels = windows.map { LevelWindows.Window(target: "slow w", start: $0.start, end: $0.end) }
        #expect(LevelWindows.superseded(levels) == [])
        // A window without an end replaced before the next: nothing to leave out; one with an end
        // replaced by one without is left out.
        #expect(LevelWindows.superseded([.partition(start: key(1, 0), end: key(5, 1)), .partition(start: key(2, 2))]) == [1])
    }
}
