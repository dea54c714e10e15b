import Foundation
import TestSupport
import Testing
@testable import Scenarios
@testable import Simulator

/// One row of each experiment CSV with a `replay` column (deploy, zones, keepalive, strategies),
/// from the shipped file: the row's command, pasted into a shell as printed, runs a world whose
/// digest is the row's.
struct ExperimentReplayCommandTests {
    static let scenarios = OrreryProcess.packageRoot.appendingPathComponent("scenarios").path

    @Test func aDeployRowReplaysItsDigest() throws {
        let base = try DeployExperiment.load(from: Self.scenarios).base
        let spec = try #require(DeployComparison.variants(base).first { $0.name == "all at once" })
        let comparison = DeployComparison(base: base, variants: [.init(name: spec.name, summary: spec.summary, scenario: spec.scenario,
                                                                       result: ScenarioRunner.runTraffic(spec.scenario))])
        try Self.expectReplay(csv: comparison.variantsCSV(), row: 1,
                              command: "orrery run \(Self.scenarios)/deploy.yaml --seed 3 --set deploy.strategy=all_at_once --set deploy.drain=false",
                              failing: "expectation 'success_ratio == 1' failed: measured 0.0378")
    }

    @Test func aZonesRowReplaysItsDigest() throws {
        let base = try ZonesExperiment.load(from: Self.scenarios).base
        let spec = try #require(ZoneComparison.variants(base).first { $0.name == "zone-blind" })
        let comparison = ZoneComparison(base: base, variants: [.init(name: spec.name, localityAware: spec.locality, withOutage: spec.outage,
                                                                     scenario: spec.scenario, result: ScenarioRunner.runTraffic(spec.scenario))])
        try Self.expectReplay(csv: comparison.zonesCSV(), row: 1,
                              command: "orrery run \(Self.scenarios)/zones.yaml --seed 4 --set balancer.locality=null --set 'faults=[]'",
                              failing: "expectation 'cross_zone_share < 0.25' failed: measured 0.6006")
    }

    @Test func aKeepaliveRowReplaysItsDigest() throws {
        let base = try KeepaliveExperiment.load(from: Self.scenarios).base
        let spec = try #require(KeepaliveComparison.variants(base).first { $0.name == "bursty: keepalive 4" })
        let comparison = KeepaliveComparison(base: base, variants: [.init(name: spec.name, group: spec.group, summary: spec.summary, scenario: spec.scenario,
                                                                          result: ScenarioRunner.runTraffic(spec.scenario))])
        try Self.expectReplay(csv: comparison.variantsCSV(), row: 1, command: "orrery run \(Self.scenarios)/keepalive.yaml --seed 3"
                              + " --set balancer.keepalive.connections=4 --set balancer.keepalive.requests=100 --set workload.type=open_loop"
                              + " --set workload.users=null --set workload.think_time=null --set workload.rate=169"
                              + " --set 'workload.bursts=[{at: 5s, for: 2s, multiplier: 4}, {at: 15s, for: 2s, multiplier: 4}, {at: 25s, for: 2s, multiplier: 4}]'",
                              failing: "expectation 'setups_per_request < 0.01' failed: measured 0.3585")
    }

    @Test func aStrategiesRowReplaysItsDigest() throws {
        let base = try StrategiesExperiment.load(from: Self.scenarios).base
        let situation = try #require(StrategyComparison.situations(base).first { $0.name == "crash and back" })
        let strategy = BalancingStrategyKind.consistentHash(key: .request, balanceFactor: 1.25)
        let cell = StrategyComparison.Cell(strategy: strategy, result: ScenarioRunner.runTraffic(situation.world(strategy: strategy)))
        let comparison = StrategyComparison(base: base, situations: [situation], cells: [[cell]], seedStudy: StrategySeedStudy(seeds: [], p99: []))
        try Self.expectReplay(csv: comparison.resultsCSV(), row: 1, command: "orrery run \(Self.scenarios)/strategies.yaml --seed 6"
                              + " --set balancer.strategy=hash_bounded --set 'faults=[{at: 20s, crash: s2}, {at: 29s, restart: s2, boot_time: 1s}]'")
    }

    /// The CSV's `row` has `command` in its `replay` column, and that command, run through a
    /// shell with the built `orrery`, writes a report whose digest is the row's `digest`. The
    /// file's `expect:` is written for the file's own world: a variant may fail it (`failing`,
    /// exit status 1), and is still the same run.
    static func expectReplay(csv: String, row: Int, command: String, failing: String? = nil) throws {
        let rows = csv.split(separator: "\n").map { ExperimentCSVFields.fields(String($0)) }
        let header = try #require(rows.first)
        let digestColumn = try #require(header.firstIndex(of: "digest")), replayColumn = try #require(header.firstIndex(of: "replay"))
        #expect(replayColumn == header.count - 1)
        let replay = rows[row][replayColumn], digest = rows[row][digestColumn]
        #expect(replay == command)
        let out = try OrreryProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: out) }
        let pasted = ShellQuoting.quote(OrreryProcess.executable.path) + replay.dropFirst("orrery".count) + " --out " + ShellQuoting.quote(out.path) + " --quiet"
        let outcome = try OrreryProcess.run(["-c", pasted], program: URL(fileURLWithPath: "/bin/sh"))
        #expect(outcome.status == (failing == nil ? 0 : 1), "\(outcome.standardError)")
        if let failing { #expect(outcome.standardError.contains(failing), "\(outcome.standardError)") }
        let folder = try #require(try FileManager.default.contentsOfDirectory(atPath: out.path).first)
        let report = try JSONSerialization.jsonObject(with: Data(contentsOf: out.appendingPathComponent(folder).appendingPathComponent("report.json"))) as? [String: Any]
        #expect(report?["digest"] as? String == digest)
    }
}
