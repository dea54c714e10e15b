import Foundation
import Testing
import Yams
@testable import Scenarios
@testable import Simulator

/// A partition's heal — drawn by `chaos:` or written as its `for:` — ends only its own partition:
/// when a later partition replaced it first, that heal is left out of the schedule (applied, it
/// ended the later one early, D2, s82), the later one lasts its own length, and the report lists
/// each partition with its own `for`.
struct ReplacedPartitionHealTests {
    /// D2's `repro_partition.yaml`, as given.
    static let reproducer = """
        name: m
        seed: 5
        cluster:
          workers: 4
          map_slots: 1
          reduce_slots: 1
          cost:
            map_per_record: 4ms
        job:
          name: word-count
          reducers: 2
          combiner: true
        input:
          synthetic:
            lines: 40000
            seed: 1
          split_size: 16KiB
        chaos:
          worker_crashes_per_minute: 3
          pauses_per_minute: 3
          slowdowns_per_minute: 3
          partitions_per_minute: 2
          coordinator_restarts_per_minute: 2
        """

    /// The run's partitions and heals as traced: (instant in nanoseconds, kind, subject).
    final class NetworkEvents: @unchecked Sendable {
        var events: [(Int64, String, String)] = []
    }

    static func run(_ scenario: Scenario, seed: UInt64) -> (result: RunResult, events: [(Int64, String, String)]) {
        let recorded = NetworkEvents()
        let result = ScenarioRunner.run(scenario, seed: seed, traceSink: { event in
            if event.kind == .partition || event.kind == .heal {
                recorded.events.append((event.time.nanoseconds, event.kind == .heal ? "heal" : "partition", event.subject))
            }
        })
        return (result, recorded.events)
    }

    static func load(_ text: String, file: String) throws -> Scenario {
        guard case .world(let scenario) = try ScenarioFile.load(bytes: Array(text.utf8), file: file) else {
            throw ScenarioError(file: file, line: 0, column: 0, path: "", kind: .invalidValue("not a world"))
        }
        return scenario
    }

    @Test func theReproducersPartitionsEachLastTheirDraw() throws {
        let (result, events) = Self.run(try Self.load(Self.reproducer, file: "repro_partition.yaml"), seed: 5)
        // The heal at 53.725623460 s is gone: the partition at 46.255 s lasts its 9.244 s.
        #expect(events.map { "\($0.0) \($0.1) \($0.2)" } == [
            "29775388063 partition worker-3,log", "36139279378 heal network", "43044389612 partition coordinator",
            "46254934005 partition coordinator,worker-1,worker-2,worker-4", "55498921296 heal network",
        ])
        #expect(result.faults.filter { $0.contains("partition") || $0.contains("heal") } == [
            "29.775 s: partition [worker-3, log] for 6.364 s", "43.044 s: partition [coordinator] for 10.681 s",
            "46.255 s: partition [coordinator, worker-1, worker-2, worker-4] for 9.244 s",
        ])
    }

    /// A world with a `mapreduce:` section draws its cluster chaos by the same rule: two
    /// partitions that overlap, the first's heal left out, each listed with its drawn length.
    static let world = """
        name: world-chaos
        seed: 2
        run: {duration: 20s}
        mapreduce:
          cluster: {workers: 3, cost: {map_per_record: 1ms}}
          chaos:
            horizon: 20s
            partitions_per_minute: 9
            partition_length: 8s
          jobs:
            - {id: wc, name: word-count, reducers: 1, input: {synthetic: {lines: 4000, seed: 1}}}
        """

    @Test func aWorldsClusterChaosPartitionPairKeepsEachLength() throws {
        let (result, events) = Self.run(try Self.load(Self.world, file: "world-chaos.yaml"), seed: 2)
        #expect(events.map { "\($0.0) \($0.1) \($0.2)" } == [
            "6482943250 partition worker-1,worker-2", "11035801616 partition coordinator,worker-2", "19035801616 heal network",
        ])
        #expect(result.faults.filter { $0.contains("partition") || $0.contains("heal") } == [
            "6.483 s: partition [worker-1, worker-2] for 8.000 s", "11.036 s: partition [coordinator, worker-2] for 8.000 s",
        ])
    }

    /// A file's `partition … for:` follows the same rule: a later partition replaces it before
    /// its heal, which is left out, and both keep their `for:` in the list.
    @Test func aFilesReplacedPartitionsHealIsLeftOut() throws {
        let scenario = try ScenarioLoader.parse("""
            run: {duration: 12s}
            servers: [{name: s, count: 3, slots: 1, service_time: 1ms}]
            balancer: {strategy: round_robin}
            workload: {type: open_loop, rate: 50, timeout: 1s}
            faults:
              - {at: 1s, partition: [[s1]], for: 4s}
              - {at: 2s, partition: [[s2]], for: 5s}
              - {at: 8s, partition: [[s3]], for: 3s}
              - {at: 9s, partition: [[s1]], for: 1s}
            """, file: "partitions.yaml")
        let entries = scenario.faults.entries
        #expect(entries.map(\.fault) == [.partition([["s1"]]), .partition([["s2"]]), .heal, .partition([["s3"]]), .partition([["s1"]]), .heal])
        #expect(entries.map(\.at) == [1_000, 2_000, 7_000, 8_000, 9_000, 10_000].map { VirtualInstant.after(.milliseconds($0)) })
        #expect(entries.map(\.writtenLength) == [.seconds(4), nil, nil, .seconds(3), nil, nil])
        #expect(ScenarioRunner.run(scenario).faults == [
            "1.000 s: partition [s1] for 4.000 s", "2.000 s: partition [s2] for 5.000 s",
            "8.000 s: partition [s3] for 3.000 s", "9.000 s: partition [s1] for 1.000 s",
        ])
    }

    /// The same in a single-job MapReduce file's `faults:`.
    @Test func aMapReduceFilesReplacedPartitionsHealIsLeftOut() throws {
        let scenario = try Self.load("""
            cluster: {workers: 2}
            job: {name: word-count, reducers: 1}
            input: {synthetic: {lines: 100, seed: 1}}
            faults:
              - {at: 1s, partition: [[worker-1]], for: 4s}
              - {at: 2s, partition: [[worker-2]], for: 5s}
            """, file: "mr.yaml")
        let entries = try #require(scenario.mapreduce?.faults)
        #expect(entries.map(\.fault) == [.network(.partition([["worker-1"]])), .network(.partition([["worker-2"]])), .network(.heal)])
        #expect(entries.map(\.at) == [1_000, 2_000, 7_000].map { VirtualInstant.after(.milliseconds($0)) })
        #expect(entries.map(\.writtenLength) == [.seconds(4), nil, nil])
    }

    /// `shrink` writes a replaced partition with its drawn `for:` (it left it out before, its
    /// heal paired with the later one), and the explicit schedule loads to the very partitions and
    /// heals the chaos drew: the loader leaves out the same heal.
    @Test func shrinkWritesEachPartitionWithItsDrawnLength() throws {
        let reproducer = try Self.load(Self.reproducer, file: "repro_partition.yaml")
        #expect(FaultIncident.incidents(listed: nil, scenario: reproducer, seed: 5).map(\.description).filter { $0.contains("partition") } == [
            "{at: 29.775388063s, partition: [[worker-3, log]], for: 6.363891315s}",
            "{at: 43.044389612s, partition: [[coordinator]], for: 10.681233848s}",
            "{at: 46.254934005s, partition: [[coordinator, worker-1, worker-2, worker-4]], for: 9.243987291s}",
        ])
        // `shrink` takes a world: the world whose cluster chaos drew the pair above.
        let scenario = try Self.load(Self.world, file: "world-chaos.yaml")
        let section = try #require(scenario.mapreduce)
        let nodes = MapReduceScenario.nodes(of: section.cluster)
        let drawn = try #require(section.chaos).timeline(seed: 2, workers: nodes.filter { $0.name.hasPrefix("worker-") }, coordinator: "coordinator",
                                                         others: nodes.filter { $0.name == "log" || $0.name == "shuffle" })
        let incidents = FaultIncident.incidents(listed: nil, scenario: scenario, seed: 2)
        #expect(incidents.map(\.description) == [
            "{at: 6.48294325s, partition: [[worker-1, worker-2]], for: 8s}",
            "{at: 11.035801616s, partition: [[coordinator, worker-2]], for: 8s}",
        ])
        let root = ShrinkCandidate(incidents: incidents, sizes: []).root(from: try #require(try Yams.compose(yaml: Self.world)))
        let explicit = try ScenarioLoader.scenario(from: ScenarioDocument(root: YAMLCursor(node: root, file: "x.yaml", path: ""), file: "x.yaml"))
        func line(_ at: VirtualInstant, _ fault: CustomStringConvertible, _ length: Duration?) -> String {
            "\(at.nanoseconds) \(fault) \(length.map { "\($0)" } ?? "-")"
        }
        let listed = drawn.map { line($0.at, $0.fault, $0.writtenLength) }
        // Written as the world's own `faults:`, loaded as the network's schedule.
        #expect(explicit.faults.entries.map { line($0.at, $0.fault, $0.writtenLength) } == listed)
        #expect(listed == ["6482943250 partition [worker-1, worker-2] 8.0 seconds", "11035801616 partition [coordinator, worker-2] -",
                                  "19035801616 heal -"])
    }
}
