import Testing
@testable import Scenarios
@testable import Simulator

/// The timeline's outage bars follow what the network did (``Network/stateChanges``), not the
/// scheduled faults: a deployment restarted the crashed `a` at 4 s (boot 1 s), so it was down
/// 3–5 s, and again while the deployment's rollback restarted it at 9.005 s (the new version
/// answered nothing in its pause); the schedule alone drew one bar 3–39 s, until the file's own restart (a
/// restart of a running node, drawn as the instant it is). `b` was paused at
/// 12 s and crashed at 12.5 s: paused 12–12.5 s (the schedule drew the pause's whole second,
/// overlapping the crash), then down until its restart had booted at 16 s; its slowdown is one
/// bar 8–10 s (the schedule drew a mark at 8 s and one at 10 s).
struct TimelineFromNetworkTests {
    static let deployOutage = """
        name: deploy-outage
        seed: 1
        run: {duration: 45s}
        network: {latency: 0.5ms}
        servers:
          - {name: a, slots: 1, service_time: 10ms}
          - {name: b, slots: 1, service_time: 10ms}
        balancer:
          strategy: least_conn
          forward_timeout: 10s
          retries: {tries: 3, on: [error, timeout]}
          passive_health: {max_fails: 0}
          health_check: {interval: 2s, timeout: 1s, rise: 2, fall: 1}
        workload: {type: closed_loop, users: 2, timeout: 60s}
        deploy: {at: 4s, strategy: rolling, drain: false, boot_time: 1s, health_deadline: 30s, pause: 1s, max_error_ratio: 0.05, servers: [a]}
        faults:
          - {at: 3s, crash: a}
          - {at: 4.5s, pause: a, for: 1s}
          - {at: 8s, slow: b, factor: 3, for: 2s}
          - {at: 12s, pause: b, for: 1s}
          - {at: 12.5s, crash: b}
          - {at: 14s, restart: b, boot_time: 2s}
          - {at: 39s, restart: a}
        """

    @Test func outagesAndSlowdownsAreDrawnFromWhatTheNetworkDid() throws {
        let result = ScenarioRunner.run(try ScenarioLoader.parse(Self.deployOutage, file: "deploy-outage.yaml"))
        let bars = result.timeline.filter { $0.kind == "down" || $0.kind == "fault" }.map { "\($0.node) \($0.kind) \($0.start)–\($0.end) \($0.label)" }
        #expect(bars == [
            "a down 3.0–5.0 down",
            "b fault 8.0–10.0 slow b ×3",
            "a down 9.005–10.005 down",
            "b down 12.0–12.5 paused",
            "b down 12.5–16.0 down",
            "a down 39.0–39.0 down",
        ])
        // The trace and the digest are those of the run before the record was kept.
        #expect(result.digest == "5dc9a7ac9d4ca68c")
    }

    /// The network's record itself: every change of `b`, in order.
    @Test func theNetworkRecordsEachChangeOfANode() throws {
        let simulation = Simulation(seed: 1)
        let network = Network(simulation: simulation)
        let b = NodeID("b")
        FaultInjector.schedule([
            .init(at: .after(.seconds(1)), fault: .pause(b, duration: .seconds(1))),
            .init(at: .after(.milliseconds(1500)), fault: .crash(b)),
            .init(at: .after(.seconds(3)), fault: .restart(b, bootTime: .seconds(2))),
            .init(at: .after(.seconds(4)), fault: .slow(b, factor: 2)),
            .init(at: .after(.seconds(6)), fault: .slow(b, factor: 1)),
        ], on: network)
        _ = try simulation.run(until: .after(.seconds(8)))
        let changes = network.stateChanges.changes.map { change in
            switch change.kind {
            case .state(let state): "\(change.at.seconds) \(change.node) \(state.rawValue)"
            case .slow(let factor): "\(change.at.seconds) \(change.node) slow ×\(factor)"
            case .removed: "\(change.at.seconds) \(change.node) removed"
            }
        }
        #expect(changes == ["1.0 b paused", "1.5 b crashed", "3.0 b starting", "4.0 b slow ×2.0", "5.0 b up", "6.0 b slow ×1.0"])
    }
}
