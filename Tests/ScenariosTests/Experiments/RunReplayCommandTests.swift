import Foundation
import Testing
@testable import Scenarios
@testable import Simulator

/// The replay command of every variant of the shipped experiment files, spelled from how the
/// variant's world differs from the file's and checked by loading the file with its overrides
/// (no run: the digests are compared through the command line in `ExperimentReplayCommandTests`).
struct RunReplayCommandTests {
    static let scenarios = packageRoot.appendingPathComponent("scenarios").path

    /// The command with the shipped directory written as `scenarios`.
    static func command(_ file: String, _ world: Scenario) -> String {
        (RunReplay.command(file: file, world: world, seed: world.seed) ?? "none").replacingOccurrences(of: scenarios + "/", with: "scenarios/")
    }

    @Test func deployVariantsChangeTheDeploySection() throws {
        let base = try DeployExperiment.load(from: Self.scenarios).base
        #expect(DeployComparison.variants(base).map { Self.command(base.file, $0.scenario) } == [
            "orrery run scenarios/deploy.yaml --seed 3",
            "orrery run scenarios/deploy.yaml --seed 3 --set deploy.drain=false",
            "orrery run scenarios/deploy.yaml --seed 3 --set deploy.strategy=all_at_once --set deploy.drain=false",
            "orrery run scenarios/deploy.yaml --seed 3 --set deploy.release_error_rate=0.5",
        ])
    }

    @Test func zonesVariantsRemoveLocalityAndTheOutage() throws {
        let base = try ZonesExperiment.load(from: Self.scenarios).base
        #expect(ZoneComparison.variants(base).map { Self.command(base.file, $0.scenario) } == [
            "orrery run scenarios/zones.yaml --seed 4 --set balancer.locality=null --set 'faults=[]'",
            "orrery run scenarios/zones.yaml --seed 4 --set 'faults=[]'",
            "orrery run scenarios/zones.yaml --seed 4 --set balancer.locality=null",
            "orrery run scenarios/zones.yaml --seed 4",
        ])
    }

    @Test func keepaliveVariantsChangeThePoolAndTheTraffic() throws {
        let base = try KeepaliveExperiment.load(from: Self.scenarios).base
        #expect(KeepaliveComparison.variants(base).map { Self.command(base.file, $0.scenario) } == [
            "orrery run scenarios/keepalive.yaml --seed 3 --set balancer.keepalive.connections=0",
            "orrery run scenarios/keepalive.yaml --seed 3 --set balancer.keepalive.connections=0 --set balancer.keepalive.tls=true",
            "orrery run scenarios/keepalive.yaml --seed 3",
            "orrery run scenarios/keepalive.yaml --seed 3 --set balancer.keepalive.connections=64 --set balancer.keepalive.requests=100",
            "orrery run scenarios/keepalive.yaml --seed 3 --set balancer.keepalive.connections=64 --set balancer.keepalive.requests=100 --set balancer.keepalive.tls=true",
            "orrery run scenarios/keepalive.yaml --seed 3 --set balancer.keepalive.connections=4 --set balancer.keepalive.requests=100",
            "orrery run scenarios/keepalive.yaml --seed 3 --set balancer.keepalive.connections=1 --set balancer.keepalive.requests=100",
            "orrery run scenarios/keepalive.yaml --seed 3 --set balancer.keepalive.connections=0 --set workload.type=open_loop --set workload.users=null --set workload.think_time=null --set workload.rate=169 --set 'workload.bursts=[{at: 5s, for: 2s, multiplier: 4}, {at: 15s, for: 2s, multiplier: 4}, {at: 25s, for: 2s, multiplier: 4}]'",
            "orrery run scenarios/keepalive.yaml --seed 3 --set balancer.keepalive.connections=4 --set balancer.keepalive.requests=100 --set workload.type=open_loop --set workload.users=null --set workload.think_time=null --set workload.rate=169 --set 'workload.bursts=[{at: 5s, for: 2s, multiplier: 4}, {at: 15s, for: 2s, multiplier: 4}, {at: 25s, for: 2s, multiplier: 4}]'",
            "orrery run scenarios/keepalive.yaml --seed 3 --set balancer.keepalive.connections=64 --set balancer.keepalive.requests=100 --set workload.type=open_loop --set workload.users=null --set workload.think_time=null --set workload.rate=169 --set 'workload.bursts=[{at: 5s, for: 2s, multiplier: 4}, {at: 15s, for: 2s, multiplier: 4}, {at: 25s, for: 2s, multiplier: 4}]'",
            "orrery run scenarios/keepalive.yaml --seed 3 --set balancer.keepalive.connections=1024 --set balancer.keepalive.requests=100 --set workload.type=open_loop --set workload.users=null --set workload.think_time=null --set workload.rate=169 --set 'workload.bursts=[{at: 5s, for: 2s, multiplier: 4}, {at: 15s, for: 2s, multiplier: 4}, {at: 25s, for: 2s, multiplier: 4}]'",
            "orrery run scenarios/keepalive.yaml --seed 3 --set run.duration=5s --set servers.0.slots=128 --set servers.1.slots=128 --set servers.2.slots=128 --set balancer.keepalive.connections=0 --set workload.users=1000 --set 'workload.think_time={exponential: 0.5s}' --set workload.ramp_up=0.5s",
            "orrery run scenarios/keepalive.yaml --seed 3 --set run.duration=5s --set servers.0.slots=128 --set servers.1.slots=128 --set servers.2.slots=128 --set balancer.keepalive.connections=64 --set balancer.keepalive.requests=100 --set workload.users=100 --set 'workload.think_time={exponential: 0.5s}' --set workload.ramp_up=0.5s",
            "orrery run scenarios/keepalive.yaml --seed 3 --set run.duration=5s --set servers.0.slots=128 --set servers.1.slots=128 --set servers.2.slots=128 --set balancer.keepalive.connections=64 --set balancer.keepalive.requests=100 --set workload.users=1000 --set 'workload.think_time={exponential: 0.5s}' --set workload.ramp_up=0.5s",
            "orrery run scenarios/keepalive.yaml --seed 3 --set run.duration=5s --set servers.0.slots=128 --set servers.1.slots=128 --set servers.2.slots=128 --set balancer.keepalive.connections=64 --set balancer.keepalive.requests=100 --set workload.users=2000 --set 'workload.think_time={exponential: 0.5s}' --set workload.ramp_up=0.5s",
            "orrery run scenarios/keepalive.yaml --seed 3 --set run.duration=5s --set servers.0.slots=128 --set servers.1.slots=128 --set servers.2.slots=128 --set balancer.keepalive.connections=64 --set balancer.keepalive.requests=100 --set workload.users=4000 --set 'workload.think_time={exponential: 0.5s}' --set workload.ramp_up=0.5s",
            "orrery run scenarios/keepalive.yaml --seed 3 --set run.duration=5s --set servers.0.slots=128 --set servers.1.slots=128 --set servers.2.slots=128 --set balancer.keepalive.connections=64 --set balancer.keepalive.requests=100 --set workload.users=10000 --set 'workload.think_time={exponential: 0.5s}' --set workload.ramp_up=0.5s",
        ])
    }

    @Test func strategiesCellsSetTheStrategyAndTheSituation() throws {
        let base = try StrategiesExperiment.load(from: Self.scenarios).base
        let situations = StrategyComparison.situations(base)
        #expect(situations.map { Self.command(base.file, $0.world(strategy: .leastConnections)) } == [
            "orrery run scenarios/strategies.yaml --seed 6 --set balancer.strategy=least_conn",
            "orrery run scenarios/strategies.yaml --seed 6 --set 'servers=[{name: s1, slots: 4, queue: 200, service_time: {exponential: 8ms}, speed: 2, weight: 4}, {name: s2, slots: 4, queue: 200, service_time: {exponential: 8ms}, weight: 2}, {name: s3, slots: 4, queue: 200, service_time: {exponential: 8ms}, weight: 2}, {name: s4, slots: 4, queue: 200, service_time: {exponential: 8ms}, speed: 0.5}]' --set balancer.strategy=least_conn",
            "orrery run scenarios/strategies.yaml --seed 6 --set balancer.strategy=least_conn --set 'faults=[{at: 0s, slow: s2, factor: 5}]'",
            "orrery run scenarios/strategies.yaml --seed 6 --set balancer.strategy=least_conn --set 'faults=[{at: 20s, crash: s2}, {at: 29s, restart: s2, boot_time: 1s}]'",
        ])
        // The file's strategy is the default, weighted_round_robin: no override.
        #expect(StrategyComparison.strategies.map { Self.command(base.file, situations[0].world(strategy: $0)) } == [
            "orrery run scenarios/strategies.yaml --seed 6 --set balancer.strategy=round_robin",
            "orrery run scenarios/strategies.yaml --seed 6",
            "orrery run scenarios/strategies.yaml --seed 6 --set balancer.strategy=least_conn",
            "orrery run scenarios/strategies.yaml --seed 6 --set balancer.strategy=random",
            "orrery run scenarios/strategies.yaml --seed 6 --set balancer.strategy=least_request",
            "orrery run scenarios/strategies.yaml --seed 6 --set balancer.strategy=health_based",
            "orrery run scenarios/strategies.yaml --seed 6 --set balancer.strategy=ip_hash",
            "orrery run scenarios/strategies.yaml --seed 6 --set balancer.strategy=hash",
            "orrery run scenarios/strategies.yaml --seed 6 --set balancer.strategy=hash_bounded",
        ])
    }

    /// A world the language cannot reach by `--set` has no command: a server the file does not
    /// name, or a file that cannot be read. (Fewer servers, or one of a `count:` group changed
    /// alone, are the whole `servers:` list: `ClaimsReplayTests`, `StrategiesHeterogeneousReplayTests`.)
    @Test func aWorldNoOverrideReachesHasNone() throws {
        let base = try DeployExperiment.load(from: Self.scenarios).base
        var renamed = base
        renamed.servers[0].id = "nexus-omega"
        #expect(RunReplay.command(file: base.file, world: renamed, seed: 3) == nil)
        #expect(RunReplay.command(file: packageRoot.appendingPathComponent("no-such-file.yaml").path, world: base, seed: 3) == nil)
    }
}
