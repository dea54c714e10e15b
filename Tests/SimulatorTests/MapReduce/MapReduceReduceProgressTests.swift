import Testing
@testable import Simulator

/// A reduce attempt's progress in Hadoop's thirds (`ReduceTask`'s copy, sort and reduce phases
/// of equal weight), and what an early reducer fetches after each of its polls.
struct ReduceProgressTests {
    // MARK: The rule

    @Test func eachPhaseIsAThirdAndCountsInsideIt() {
        #expect(MapReduce.ReduceProgress.copy(copied: 0, of: 4) == 0)
        #expect(MapReduce.ReduceProgress.copy(copied: 2, of: 4) == 1.0 / 6.0)
        #expect(MapReduce.ReduceProgress.copy(copied: 4, of: 4) == 1.0 / 3.0)
        // A merge of 1 s, then 3 s of reduce function.
        let (merge, total): (Int64, Int64) = (1_000_000_000, 4_000_000_000)
        #expect(MapReduce.ReduceProgress.afterCopy(done: 500_000_000, merge: merge, total: total) == 0.5)
        #expect(MapReduce.ReduceProgress.afterCopy(done: merge, merge: merge, total: total) == 2.0 / 3.0)
        #expect(MapReduce.ReduceProgress.afterCopy(done: 2_500_000_000, merge: merge, total: total) == 5.0 / 6.0)
        #expect(MapReduce.ReduceProgress.afterCopy(done: total, merge: merge, total: total) == 1)
        // No merge work: the sort phase is over at once.
        #expect(MapReduce.ReduceProgress.afterCopy(done: 1, merge: 0, total: 4) == 0.75)
    }

    // MARK: One worker, timed by hand

    /// One worker with one map and one reduce slot, no link latency, no speculation, heartbeats
    /// every 1 s (the first at 1 s). Four one-line documents, one map task each of 1 s, so map k
    /// completes at c_k = 2 + k s; every map output is fetched in 0.5 s. The one reducer (share 1)
    /// starts at c_3 = 5 s, copies the four outputs to 7 s, merges their R records in 1 s (1 s / R
    /// each) and reduces their K keys in 1 s (1 s / K each), to 9 s. Work is paid in slices of
    /// 250 ms, and a fetch's share counts once its transfer's first slice is paid.
    enum Timed {
        static let documents = (0..<4).map { MapReduce.Document(id: UInt32($0), name: "d\($0).txt", text: "alpha beta gamma delta\n") }

        /// Each map output, from the job's own map function.
        static func mapOutput() throws -> MapReduce.MapTaskOutput {
            try MapReduce.WordCount().runMapTask(records: documents[0].records, inputBytes: documents[0].bytes.count,
                                                 reducers: 1, combining: true)
        }

        static func configuration() throws -> MapReduce.ClusterConfiguration {
            let output = try mapOutput()
            let reduced = try MapReduce.WordCount().runReduceTask(buffers: Array(repeating: output.partitions[0], count: 4))
            let cost = MapReduce.CostModel(mapPerRecord: .seconds(1), mapPerByte: .zero, mapPerEmittedRecord: .zero, spillPerByte: .zero,
                                           reducePerRecord: .seconds(1) / reduced.inputRecords, reducePerKey: .seconds(1) / reduced.keys,
                                           networkBytesPerSecond: Double(output.partitions[0].count) / 0.5)
            return MapReduce.ClusterConfiguration(workers: 1, mapSlotsPerWorker: 1, reduceSlotsPerWorker: 1, cost: cost,
                                                  policy: MapReduce.CoordinatorPolicy(heartbeatInterval: .seconds(1), speculation: nil),
                                                  link: LinkProfile(latency: .constant(0)))
        }
    }

    /// The reducer's progress at instants between its slices: 5.1 s, nothing copied; 5.3 s, the
    /// first output's transfer under way (1/4 of the copy: 1/12); 5.8 s, the second (1/6); 6.8 s,
    /// the fourth (1/3); 7.6 s, half the merge (1/3 + 1/6 = 1/2); 8.6 s, half the reduce function
    /// (2/3 + 1/6 = 5/6). Orrery's old tenth for the copy read 0.025, 0.05 and 0.1 at the first
    /// three, and 0.1 + 0.9 × 1/4 = 0.325 and 0.775 at the last two.
    @Test func theReducersProgressIsHadoopsThirdsAtEveryInstant() throws {
        let simulation = Simulation(seed: 1)
        let cluster = MapReduce.Cluster(simulation: simulation, configuration: try Timed.configuration())
        let handle = try cluster.submit(MapReduce.JobRequest(job: MapReduce.WordCount(), input: .documents(Timed.documents, splitSize: 1_000),
                                                             reducers: 1))
        let readings = ProgressRecorder()
        let worker = cluster.workers[0]
        for milliseconds in [5_100, 5_300, 5_800, 6_800, 7_600, 8_600] {
            simulation.schedule(after: .milliseconds(milliseconds)) {
                worker.assumeIsolated { worker in
                    readings.values.append(worker.statuses().map(\.progress))
                }
            }
        }
        try simulation.runToCompletion(timeLimit: .after(.seconds(3600)))
        #expect(readings.values == [[0], [1.0 / 12.0], [1.0 / 6.0], [1.0 / 3.0], [0.5], [5.0 / 6.0]])
        #expect(handle.report?.status == .succeeded)
        #expect(handle.report?.finishedAt == .after(.seconds(9)))
    }

    // MARK: What an early reducer fetches after each poll

    /// ``ReduceSlowstartTests``' timed job with share 0.05: the reducer starts with map 0's
    /// success (event 0) at c_0 = 4.46 s and fetches its output at once; afterwards each poll
    /// that finds a new event finds exactly one, map k's success (event k), and the reducer
    /// fetches map k's output right after it: at c_k + k × 0.04 s, the poll at the third
    /// heartbeat interval after its previous fetch ended (maps complete every 3.46 s = 0.5 s + 3
    /// intervals − 0.04 s). Twenty fetches, one per map, in map order.
    @Test func anEarlyReducerFetchesEachMapRightAfterThePollThatReadsItsSuccess() throws {
        typealias Timed = ReduceSlowstartTests.Timed
        let simulation = Simulation(seed: 1)
        let fetches = FetchRecorder()
        simulation.observer = fetches
        let cluster = MapReduce.Cluster(simulation: simulation, configuration: try Timed.configuration())
        let handle = try cluster.submit(MapReduce.JobRequest(job: MapReduce.WordCount(), input: .documents(Timed.documents, splitSize: 1_000),
                                                             reducers: 1, reduceSlowstart: 0.05))
        try simulation.runToCompletion(timeLimit: .after(.seconds(3600)))
        #expect(handle.report?.status == .succeeded)
        #expect(fetches.maps == Array(0..<Timed.maps))
        #expect(fetches.starts == (0..<Timed.maps).map { Timed.mapCompletes($0).advanced(by: .milliseconds(40) * $0) })
        #expect(fetches.outcomes.allSatisfy { $0 == "ok" })
    }
}

/// Progress readings kept for after the run. `@unchecked Sendable`: written on the simulation
/// thread during the run, read after it.
private final class ProgressRecorder: @unchecked Sendable {
    var values: [[Double]] = []
}

/// The reducer's fetches as the worker shows them (`fetch` spans), kept for after the run;
/// `@unchecked Sendable` as ``ProgressRecorder``.
private final class FetchRecorder: SimulationObserver, @unchecked Sendable {
    var maps: [Int] = []
    var starts: [VirtualInstant] = []
    var outcomes: [String] = []

    func observe(_ observation: Observation) {
        guard observation.name == "fetch", let map = observation.detail.split(separator: "/").last?.split(separator: "#").first,
              let index = Int(map.dropFirst("map-".count)) else { return }
        maps.append(index)
        starts.append(observation.start)
        outcomes.append(observation.outcome)
    }
}
