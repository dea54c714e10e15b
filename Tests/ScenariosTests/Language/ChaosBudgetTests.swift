import Foundation
import Simulator
import Testing
@testable import Scenarios

/// Chaos on many servers: a thousand servers crashing once a second passed `validate`, and a 60 s
/// run took 41 s (10 minutes did not end in 120 s) — the report's timeline looked back over every
/// earlier outage at each crash (quadratic; now each node's last outage is kept), and the budget
/// counted the chaos over the run's duration, where it is drawn up to the time limit.
struct ChaosBudgetTests {
    static func error(_ text: String) -> String? { HostileInputTests.error(text) }

    /// `count` servers crashing `rate` times an hour each, for `run`.
    static func world(servers count: Int, crashesPerHour rate: Int, run: String = "{duration: 60s}") -> String {
        """
        name: chaotic
        seed: 3
        run: \(run)
        servers: [{name: s, count: \(count), slots: 1, queue: 10, service_time: 1ms}]
        workload: {type: open_loop, rate: 100, timeout: 100ms}
        chaos: {crashes_per_hour: \(rate), downtime: 1ms}

        """
    }

    static func chaosEvents(_ text: String) throws -> Double {
        let without = text.replacing(#/chaos: \{[^}]*\}\n/#, with: "")
        return ResourceBudget(try ScenarioLoader.parse(text, file: "h.yaml")).events - ResourceBudget(try ScenarioLoader.parse(without, file: "h.yaml")).events
    }

    /// 100 servers over the 180 s limit (three times the 60 s duration): 18,000 crashes at 20
    /// events each; with a time limit of 60 s, a third of them.
    @Test func theChaosIsCountedUpToTheTimeLimit() throws {
        // A node draws its next crash once the last one's 1 ms downtime is over: 1.001 s apiece.
        #expect(abs(try Self.chaosEvents(Self.world(servers: 100, crashesPerHour: 3_600)) - 20 * 18_000 / 1.001) < 1e-6)
        #expect(abs(try Self.chaosEvents(Self.world(servers: 100, crashesPerHour: 3_600, run: "{duration: 60s, time_limit: 60s}")) - 20 * 6_000 / 1.001) < 1e-6)
    }

    /// Past what a laptop holds: a thousand servers crashing once a second for an hour
    /// (10.8 million faults over the 3-hour limit, 22 GB).
    @Test func chaosPastTheMemoryBudgetIsRefusedAtTheChaos() {
        #expect(Self.error(Self.world(servers: 1_000, crashesPerHour: 3_600, run: "{duration: 1h}"))?.hasSuffix("(at chaos)") == true)
    }

    /// A MapReduce cluster's own chaos at its limit of a million faults held ~8 KiB each (300,000
    /// over 100 workers took 40 s and 2.5 GB): refused at the cluster, where 300,000 load.
    @Test func aClusterChaosOfAMillionFaultsIsRefused() {
        func world(horizon: String) -> String {
            """
            name: mrchaos
            seed: 1
            mapreduce:
              cluster: {workers: 100}
              chaos: {horizon: \(horizon), worker_crashes_per_minute: 200, pauses_per_minute: 200, partitions_per_minute: 200,
                      lost_intermediate_per_minute: 200, slowdowns_per_minute: 200}
              jobs: [{name: word-count, reducers: 2, input: {synthetic: {lines: 2000}}}]

            """
        }
        // Its 60,000 partitions over 300 minutes each cut half of the 102 nodes off and label
        // them (12 bytes a pair of nodes, ``ResourceBudget/bytesPerChaosPartitionPair``): a job
        // that lasts applies them all, so the partitions are refused there (the 2,000-line job
        // ends in 7 s and held 2.4 GB); the other faults at the same rates load.
        #expect(Self.error(world(horizon: "1000m"))?.hasSuffix("(at mapreduce.chaos.partitions_per_minute)") == true)
        #expect(Self.error(world(horizon: "300m"))?.contains("would hold about 9.3 GiB (mostly for 'mapreduce.chaos')") == true)
        #expect(Self.error(world(horizon: "300m").replacingOccurrences(of: "partitions_per_minute: 200,", with: "")) == nil)
    }

    @Test func aModestChaosWorldStillLoads() throws {
        #expect(Self.error(Self.world(servers: 10, crashesPerHour: 60, run: "{duration: 10m}")) == nil)
        #expect(Self.error(Self.world(servers: 100, crashesPerHour: 3_600)) == nil)
    }

    @Test func everyCommittedScenarioStillLoads() throws {
        let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../../scenarios").standardized
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".yaml") }.sorted()
        #expect(files.count >= 20)
        for file in files {
            #expect(throws: Never.self, "\(file)") { _ = try ScenarioFile.load(path: directory.appendingPathComponent(file).path) }
        }
    }
}
