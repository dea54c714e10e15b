import Foundation
import Testing
@testable import Scenarios

/// A closed loop that may lose its servers is counted as spinning — each user answered at once,
/// sending again after its think time and a round trip — only while the world may fail every try
/// a request gets at once or leave it no server in rotation (``ResourceBudget/spinningSeconds(in:over:)``).
/// Counted for the whole run, seed 003 at a 1 µs latency was estimated at 1.4 × 10¹⁰ events (a
/// false refusal) and ran 450,486: its third server never fails, and each request tries three.
/// The estimate stays an upper bound where the users really spin: what each world ran is at most
/// what it was estimated at.
struct SpinEstimateFaultWindowsTests {
    /// Seed 003's file with `edits` (each checked to apply).
    static func seed003Text(_ edits: [(String, String)]) throws -> String {
        var text = try String(contentsOf: packageRoot.appendingPathComponent("scenarios/seed-003-least-conn.yaml"), encoding: .utf8)
        for (old, new) in edits {
            #expect(text.contains(old))
            text = text.replacingOccurrences(of: old, with: new)
        }
        return text
    }

    /// Why `text` is refused, or nil when it loads.
    static func refusal(_ text: String) -> String? {
        do {
            _ = try ScenarioLoader.parse(text, file: "s.yaml")
            return nil
        } catch {
            return error.description
        }
    }

    /// Seed 003's file with `edits`, parsed.
    static func seed003(_ edits: [(String, String)]) throws -> Scenario {
        try ScenarioLoader.parse(try seed003Text(edits), file: "s.yaml")
    }

    static let faults = "  - {at: 40s, crash: nexus-gamma}\n  - {at: 70s, restart: nexus-gamma, boot_time: 5s}\n  - {at: 100s, restart: nexus-beta, boot_time: 20s}\n"

    static func seconds(_ scenario: Scenario) -> Double {
        ResourceBudget.spinningSeconds(in: scenario, over: (scenario.limits.duration ?? scenario.limits.timeLimit).seconds)
    }

    /// Seed 003 at 1 µs: nexus-alpha never fails and at most two servers are out at once, so a
    /// request's three tries always reach one that serves — no spin; the estimate is its served
    /// cycles, and the world runs within it.
    @Test func aServerThatStaysUpWithEnoughTriesIsCredited() throws {
        let world = try Self.seed003([("latency: 0.5ms", "latency: 1us")])
        #expect(Self.seconds(world) == 0)
        let budget = ResourceBudget(world)
        #expect(budget.spinningUsers == nil)
        #expect(budget.events.rounded() == 2_568_942)
        #expect(ScenarioRunner.run(world).events <= UInt64(budget.events))
    }

    /// Every server refusing while it boots, 40 s to 60 s: the request's three tries all fail at
    /// once, and the health keeps them out after — passive health's 30 s, the checks' one pass
    /// every 30 s and its 5 s timeout — to 95 s: 55 s of spinning.
    /// At 1 µs that is refused, and the refusal says for how long the users are counted; at
    /// 1 ms two users run within the estimate.
    @Test func everyServerRefusingSpinsUntilTheHealthLetsThemBack() throws {
        let restarts = ["alpha", "beta", "gamma"].map { "  - {at: 40s, restart: nexus-\($0), boot_time: 20s}\n" }.joined()
        let edits = [("latency: 0.5ms", "latency: 1us"), (Self.faults, restarts)]
        #expect(Self.refusal(try Self.seed003Text(edits)) == "s.yaml:13:12: error: this world would need about 3 × 10⁹ events over its 150.000 s of virtual time (mostly from 'workload': 10 users counted as trying every round trip of the network (0.002 ms: 500,000 a second) for 55.000 s of it, while the file's faults may fail every try at once or leave no server to answer), more than its event limit of 2 × 10⁹ (run.max_events); raise network.latency or workload.think_time, or use fewer users; if the servers are back sooner, raise run.max_events (at most 1,000,000,000,000): the estimate takes every failure and ejection at its longest (at network.latency)")
        let world = try Self.seed003(edits + [("duration: 150s", "duration: 150s\n  max_events: 10000000000")])
        #expect(Self.seconds(world) == 55)
        #expect(ResourceBudget(world).events.rounded() == 3_010_177_268)
        let small = try Self.seed003([("latency: 0.5ms", "latency: 1ms"), (Self.faults, restarts), ("users: 10", "users: 2")])
        #expect(Self.seconds(small) == 55)
        let budget = ResourceBudget(small)
        #expect(budget.events.rounded() == 948_647)
        #expect(ScenarioRunner.run(small).events <= UInt64(budget.events))
    }

    /// Where refusals are not retried, one refusing server is enough: gamma's 5 s boot and
    /// beta's 20 s, 25 s in all.
    @Test func refusalsNotRetriedSpinWhileAnyServerRefuses() throws {
        let world = try Self.seed003([("retries: {tries: 3, on: [error, timeout]}", "retries: {tries: 1, on: [timeout]}")])
        #expect(Self.seconds(world) == 25)
    }

    /// Without health nothing takes a crashed server out of rotation: its tries wait for their
    /// timeout and nobody spins. With nginx's default passive health (10 s) every server is out
    /// from the crash to 10 s after it is back.
    @Test func crashesSpinOnlyWhereTheHealthTakesEveryServerOut() throws {
        let crashes = ["alpha", "beta", "gamma"].map { "  - {at: 50s, crash: nexus-\($0)}\n  - {at: 60s, restart: nexus-\($0)}\n" }.joined()
        let checks = ("  health_check: {interval: 30s, timeout: 5s, rise: 1, fall: 1}\n", "")
        let off = try Self.seed003([(Self.faults, crashes), checks, ("max_fails: 3, fail_timeout: 30s", "max_fails: 0")])
        #expect(Self.seconds(off) == 0)
        let byDefault = try Self.seed003([(Self.faults, crashes), checks, ("  passive_health: {max_fails: 3, fail_timeout: 30s}\n", "")])
        #expect(Self.seconds(byDefault) == 20)
    }

    /// A rolling deployment drains one server at a time (two where it may roll back): two of
    /// three stay up. All at once, every server is out from 30 s until the waves may end: drained
    /// (at most the 10 s forward timeout), booted and passed by the checks (5 s + 35 s), paused
    /// (5 s), twice since the error check may roll it back — 140 s.
    @Test func aDeploymentSpinsOnlyWhileItsWavesMayTakeEveryServer() throws {
        let shipped = try String(contentsOf: packageRoot.appendingPathComponent("scenarios/deploy.yaml"), encoding: .utf8)
        let rolling = try ScenarioLoader.parse(shipped.replacingOccurrences(of: "latency: 0.5ms", with: "latency: 1us"), file: "d.yaml")
        #expect(Self.seconds(rolling) == 0)
        let allAtOnce = try ScenarioLoader.parse(shipped.replacingOccurrences(of: "strategy: rolling", with: "strategy: all_at_once"), file: "d.yaml")
        #expect(Self.seconds(allAtOnce) == 110)
    }

    /// The chaos' servers are out for their expected share — 60 crashes an hour of 5 s, and the
    /// health's 35 s after each: 2/3 — each independently, on top of the file's faults: 40 s with
    /// all three to go (8/27), 60 s with two (gamma out: 4/9), 10 s with one (gamma and beta
    /// out), 40 s with two (beta out).
    @Test func theChaosCountsItsExpectedDowntimeOnEachServer() throws {
        let world = try Self.seed003([("faults:\n", "chaos: {nodes: [nexus-alpha, nexus-beta, nexus-gamma], crashes_per_hour: 60, downtime: 5s}\nfaults:\n")])
        #expect(abs(Self.seconds(world) - 1_700.0 / 27) < 1e-9)
    }

    /// A rejecting partition that cuts one server off the balancer leaves the other two; one
    /// that cuts the balancer off the clients answers every request at once while it lasts (30 s),
    /// and cuts it off every server too, which the health keeps out 35 s more: 65 s.
    @Test func aRejectingPartitionSpinsOnlyWhereItCutsEveryTryOrTheClients() throws {
        let one = try Self.seed003([(Self.faults, "  - {at: 10s, partition: [[nexus-beta]], for: 30s}\n")])
        #expect(Self.seconds(one) == 0)
        let clients = try Self.seed003([(Self.faults, "  - {at: 10s, partition: [[balancer]], for: 30s}\n")])
        #expect(Self.seconds(clients) == 65)
    }

    /// A circuit breaker answers at once with every server up: counted for the whole run, as before.
    @Test func aGatewayThatAnswersAtOnceIsCountedForTheWholeRun() throws {
        let world = try Self.seed003([("  passive_health:", "  circuit_breaker: {failure_ratio: 0.5, window: 20}\n  passive_health:")])
        #expect(Self.seconds(world) == 150)
    }

    /// Every server down for the whole run with no think time: the users spin all along, and
    /// the estimate is what it was (the whole run at the round trip), above what the world runs.
    @Test func everyServerDownForTheWholeRunIsStillCountedInFull() throws {
        let restarts = ["alpha", "beta", "gamma"].map { "  - {at: 0s, restart: nexus-\($0), boot_time: 1000s}\n" }.joined()
        let world = try Self.seed003([("latency: 0.5ms", "latency: 1ms"), ("duration: 150s", "duration: 10s"), (Self.faults, restarts)])
        #expect(Self.seconds(world) == 10)
        let budget = ResourceBudget(world)
        #expect(budget.events.rounded() == 1_845_010)
        #expect(ScenarioRunner.run(world).events <= UInt64(budget.events))
    }
}
