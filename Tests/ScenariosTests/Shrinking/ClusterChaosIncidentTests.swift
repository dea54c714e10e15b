import Foundation
import Testing
import Yams
@testable import Scenarios

/// `mapreduce.chaos` is drawn before the run, so its faults can be written out: the explicit
/// schedule runs the cluster exactly as the chaos did.
struct ClusterChaosIncidentTests {
    static let yaml = """
    name: cluster-chaos
    mapreduce:
      cluster:
        workers: 4
        cost: {map_per_record: 1ms, reduce_per_key: 10ms}
        policy: {max_attempts: 30, speculation: true}
      chaos:
        horizon: 20s
        worker_crashes_per_minute: 6
        worker_downtime: {uniform: {min: 1s, max: 5s}}
        pauses_per_minute: 6
        slowdowns_per_minute: 6
        partitions_per_minute: 6
        lost_intermediate_per_minute: 6
        coordinator_restarts_per_minute: 3
      jobs:
        - {id: logs, name: log-patterns, reducers: 2, input: {synthetic: {lines: 20000, seed: 3}, log: {topic: application-logs, partitions: 4, records_per_split: 1000}}}
    expect:
      - mapreduce.output_exact == true
    """

    @Test func clusterChaosWrittenAsExplicitFaultsRunsTheSameWorld() throws {
        let url = try PlantedPair.write(Self.yaml, name: "cluster-chaos.yaml")
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let shrinker = try Shrinker(path: url.path, seed: 4)
        let incidents = FaultIncident.incidents(listed: nil, scenario: shrinker.scenario, seed: 4)
        #expect(incidents.count >= 8)
        #expect(incidents.allSatisfy { $0.origin == .clusterChaos })
        let written = incidents.map(\.description).joined(separator: "\n")
        for action in ["crash:", "restart:", "pause:", "for:", "lose_intermediate:"] {
            #expect(written.contains(action), "no \(action) among \(written)")
        }
        let candidate = ShrinkCandidate(incidents: incidents, sizes: [])
        let explicit = try ScenarioLoader.scenario(from: candidate.document(from: shrinker.base, file: url.path))
        #expect(explicit.mapreduce?.chaos == nil)
        // A slowdown and a partition are each one item whose `for:` ends them.
        #expect(incidents.filter { $0.description.contains("slow:") || $0.description.contains("partition:") }.allSatisfy { $0.faultCount == 1 && $0.description.contains("for:") })
        let original = ScenarioRunner.run(shrinker.scenario, seed: 4), replayed = ScenarioRunner.run(explicit, seed: 4)
        #expect(replayed.virtualSeconds == original.virtualSeconds)
        #expect(replayed.digest != "" && replayed.passed == original.passed)
        for (a, b) in zip(original.jobs, replayed.jobs) {
            #expect(a.result.run.report?.attempts.count == b.result.run.report?.attempts.count)
            #expect(a.result.run.report?.finishedAt == b.result.run.report?.finishedAt)
        }
    }
}
