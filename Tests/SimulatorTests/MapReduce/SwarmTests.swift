#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
@testable import Simulator

/// Random faults of every kind — worker crashes and restarts, pauses, slowdowns, partitions,
/// wiped local disks, coordinator restarts — over hundreds of seeds: the output is exact for
/// every one.
struct SwarmTests {
    static let documents = Fixtures.logs(seed: 9, count: 3, lines: 60)
    static let expected = Fixtures.text(MapReduce.WordCount().reference(Fixtures.records(documents)))

    /// Seeds 1…200, or only those in `ORRERY_SWARM_SEEDS` (comma-separated) to replay a failure.
    static var seeds: [UInt64] {
        if let listed = getenv("ORRERY_SWARM_SEEDS") {
            return String(cString: listed).split(separator: ",").compactMap { UInt64($0) }
        }
        return Array(1...200)
    }

    static let chaos = MapReduce.ClusterChaos(
        horizon: .seconds(40), workerCrashesPerMinute: 8, pausesPerMinute: 8, slowdownsPerMinute: 4,
        partitionsPerMinute: 4, lostIntermediatePerMinute: 6, coordinatorRestartsPerMinute: 3)

    /// Slow enough that a fault-free job takes about 15 s of virtual time, so faults land in every
    /// phase: 150 ms per input line, 20 ms per reduced key.
    static let cost = MapReduce.CostModel(mapPerRecord: .milliseconds(150), reducePerKey: .milliseconds(20))

    /// Runs the word count of `documents` under the chaos drawn for `seed`.
    static func run(seed: UInt64, shuffle: MapReduce.ShuffleMode) throws -> MapReduce.JobReport {
        let simulation = Simulation(seed: seed)
        let configuration = MapReduce.ClusterConfiguration(workers: 4, shuffle: shuffle, cost: cost,
                                                           policy: MapReduce.CoordinatorPolicy(maxAttempts: 30))
        let cluster = MapReduce.Cluster(simulation: simulation, configuration: configuration)
        let handle = try cluster.submit(MapReduce.JobRequest(
            job: MapReduce.WordCount(), input: .documents(documents, splitSize: 1500), reducers: 3))
        cluster.schedule(chaos.timeline(seed: seed, workers: cluster.workerIDs, coordinator: cluster.coordinator.id,
                                        others: cluster.serviceIDs))
        try simulation.runToCompletion(timeLimit: .after(.seconds(4 * 3600)))
        // The daemons (heartbeats, monitor) would keep this world's timers, and so the world,
        // alive; 200 of them add up.
        simulation.tearDown()
        return handle.report!
    }

    @Test(arguments: seeds)
    func outputIsExactUnderRandomFaults(seed: UInt64) throws {
        let shuffle: MapReduce.ShuffleMode = seed % 4 == 0 ? .shuffleStore(ttl: .seconds(3600)) : .localDisk
        let report = try Self.run(seed: seed, shuffle: shuffle)
        let replay = "seed \(seed) (\(shuffle)); replay: ORRERY_SWARM_SEEDS=\(seed) swift test --filter SwarmTests"
        #expect(report.status == .succeeded, "\(replay): \(report.status)")
        let actual = report.output.map { Fixtures.text($0.records) } ?? []
        #expect(actual == Self.expected,
                "\(replay): output differs from the sequential run: \(Fixtures.difference(actual, Self.expected))")
    }
}
