import Foundation
import Testing
@testable import Scenarios

/// A closed loop that may lose its servers is estimated as if its users cycled at their think time
/// and the round trip while they may be lost (checker C3's F10: seed 003 at a 1 µs latency was refused
/// "(mostly from 'workload') … lower the rate or size (at workload.users)", a file without a rate).
/// The refusal names what drives the figure, the values that lower it, and points at the one that
/// made the cycle short.
struct SpinningUsersRefusalTests {
    static func refusal(_ file: String, _ edits: [(String, String)]) throws -> String? {
        var text = try String(contentsOf: packageRoot.appendingPathComponent("scenarios/\(file)"), encoding: .utf8)
        for (old, new) in edits {
            #expect(text.contains(old))
            text = text.replacingOccurrences(of: old, with: new)
        }
        do {
            _ = try ScenarioLoader.parse(text, file: "s.yaml")
            return nil
        } catch {
            return error.description
        }
    }

    /// Seed 003 at 1 µs loads: its servers never all fail (``SpinEstimateFaultWindowsTests``).
    /// With all three restarting at 40 s for 20 s it is counted as spinning for 55 s, 3 × 10⁹ (5.2 × 10⁹ before s80)
    /// events — so the refusal offers run.max_events, which may go that far.
    @Test func aTinyRoundTripIsNamedAndRunMaxEventsOffered() throws {
        let latency = ("latency: 0.5ms", "latency: 1us")
        #expect(try Self.refusal("seed-003-least-conn.yaml", [latency]) == nil)
        let faults = ("  - {at: 40s, crash: nexus-gamma}\n  - {at: 70s, restart: nexus-gamma, boot_time: 5s}\n  - {at: 100s, restart: nexus-beta, boot_time: 20s}\n",
                      ["alpha", "beta", "gamma"].map { "  - {at: 40s, restart: nexus-\($0), boot_time: 20s}\n" }.joined())
        #expect(try Self.refusal("seed-003-least-conn.yaml", [latency, faults])
            == "s.yaml:13:12: error: this world would need about 3 × 10⁹ events over its 150.000 s of virtual time (mostly from 'workload': 10 users counted as trying every round trip of the network (0.002 ms: 500,000 a second) for 55.000 s of it, while the file's faults may fail every try at once or leave no server to answer), more than its event limit of 2 × 10⁹ (run.max_events); raise network.latency or workload.think_time, or use fewer users; if the servers are back sooner, raise run.max_events (at most 1,000,000,000,000): the estimate takes every failure and ejection at its longest (at network.latency)")
        #expect(try Self.refusal("seed-003-least-conn.yaml", [latency, faults, ("duration: 150s", "duration: 150s\n  max_events: 10000000000")]) == nil)
    }

    /// A think time longer than the round trip is what the refusal points at (an all-at-once
    /// deployment: a rolling one leaves two servers of three up).
    @Test func aTinyThinkTimeIsWhereTheRefusalPoints() throws {
        #expect(try Self.refusal("deploy.yaml", [("latency: 0.5ms", "latency: 1ns"), ("  timeout: 60s\n", "  timeout: 60s\n  think_time: 1us\n"), ("strategy: rolling", "strategy: all_at_once")])
            == "s.yaml:29:15: error: this world would need about 6.9 × 10⁹ events over its 150.000 s of virtual time (mostly from 'workload': 10 users counted as trying every 0.001 ms (its think time and the network's round trip of < 0.001 ms: 998,004 a second) for 110.000 s of it, while the file's deployment may fail every try at once or leave no server to answer), more than its event limit of 2 × 10⁹ (run.max_events); raise network.latency or workload.think_time, or use fewer users; if the servers are back sooner, raise run.max_events (at most 1,000,000,000,000): the estimate takes every failure and ejection at its longest (at workload.think_time)")
    }
}
