import Foundation
import Testing
@testable import Scenarios

/// A listed `zone_outage` is an incident under the shrink's one pairing rule (``FaultPlan``,
/// ``IncidentSets``): its crashes take its zone's servers down, so a crash or a pause inside it
/// changed nothing and is no incident, and a restart that ends its downtime joins it. It was an
/// item apart that crashed nothing as far as the pairing knew: a chaos crash inside it counted as
/// striking, an incident of its own — no effect in the original, a crash once the outage was
/// removed — and the shrink could blame it instead of the outage.
struct ShrinkZoneOutageTests {
    /// Two servers, one a zone, behind a balancer that retries every request onto the other with
    /// no passive health: a request fails only while both are down.
    static func world(_ faults: String, chaos: String = "") -> String {
        """
        name: zone-pair
        seed: 1
        run: {duration: 20s}
        zones:
          list: [{name: a}, {name: b}]
        servers:
          - {name: alpha, count: 1, zone: a, slots: 2, service_time: 2ms}
          - {name: beta, count: 1, zone: b, slots: 2, service_time: 2ms}
        balancer: {strategy: round_robin, forward_timeout: 100ms, retries: {tries: 2}, passive_health: {max_fails: 0}}
        workload: {type: open_loop, rate: 10, timeout: 1s}
        faults:
        \(faults)
        \(chaos)
        expect:
          - success_ratio == 1
        """
    }

    static func shrinker(_ yaml: String) throws -> (Shrinker, URL) {
        let url = try PlantedPair.write(yaml, name: "zone-pair.yaml")
        return (try Shrinker(path: url.path, seed: nil), url)
    }

    /// Zone b down from 5 s to 9 s. Inside it a crash of beta at 6 s and a pause at 5.5 s found
    /// it down: no incident. The restart at 7 s ends the outage's downtime early (the original
    /// run booted beta then): it joins the outage. The crash of alpha at 8 s is its own.
    @Test func aCrashAndAPauseInsideAZoneOutageAreNoIncidentAndTheRestartEndingItJoinsIt() throws {
        let (shrinker, url) = try Self.shrinker(Self.world("""
              - {at: 5s, zone_outage: b, for: 4s}
              - {at: 5.5s, pause: beta, for: 1s}
              - {at: 6s, crash: beta}
              - {at: 7s, restart: beta}
              - {at: 8s, crash: alpha}
              - {at: 10s, restart: alpha}
            """))
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        #expect(shrinker.incidents.map(\.description) == [
            "{at: 5s, zone_outage: b, for: 4s} + {at: 7s, restart: beta}",
            "{at: 8s, crash: alpha} + {at: 10s, restart: alpha}",
        ])
    }

    /// A crash of beta at 4 s, restarted at 6 s, swallows the outage's crash of beta at 5 s; the
    /// outage's own restart of beta at 9 s is the one owed to that swallowed crash. Apart, the
    /// outage would find beta up where the original found it down, so the two are one incident,
    /// led by the crash the outage's restart joined. An outage that took nothing down and
    /// restarts nothing changed nothing: no incident.
    @Test func anOutageWhoseOwnCrashWasSwallowedIsOneIncidentWithTheCrashThatSwallowedIt() throws {
        let (shrinker, url) = try Self.shrinker(Self.world("""
              - {at: 4s, crash: beta}
              - {at: 5s, zone_outage: b, for: 4s}
              - {at: 6s, restart: beta}
              - {at: 12s, crash: alpha}
              - {at: 13s, zone_outage: a}
              - {at: 15s, restart: alpha}
            """))
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        #expect(shrinker.incidents.map(\.description) == [
            "{at: 4s, crash: beta} + {at: 5s, zone_outage: b, for: 4s} + {at: 6s, restart: beta}",
            "{at: 12s, crash: alpha} + {at: 15s, restart: alpha}",
        ])
    }

    /// The failure needs zone b down while alpha is (6 s to 7 s); the crash of beta at 6.5 s
    /// inside the outage changed nothing. With the outage apart from the pairing, that crash and
    /// the restart at 8 s were an incident of their own (four before, not three), and the shrink
    /// kept the outage without the restart that had ended it at 8 s: the shrunk file kept beta
    /// down until 9 s where the original had it up at 8 s. The outage is kept with that restart.
    @Test func theShrinkKeepsTheZoneOutageAFailureNeeds() throws {
        let (shrinker, url) = try Self.shrinker(Self.world("""
              - {at: 5s, zone_outage: b, for: 4s}
              - {at: 6s, crash: alpha}
              - {at: 6.5s, crash: beta}
              - {at: 7s, restart: alpha}
              - {at: 8s, restart: beta}
              - {at: 15s, pause: alpha, for: 1s}
            """))
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        guard case .shrunk(let result) = shrinker.shrink() else {
            Issue.record("the zone outage world did not shrink")
            return
        }
        #expect(result.before.map(\.description) == [
            "{at: 5s, zone_outage: b, for: 4s} + {at: 8s, restart: beta}",
            "{at: 6s, crash: alpha} + {at: 7s, restart: alpha}",
            "{at: 15s, pause: alpha, for: 1s}",
        ])
        #expect(result.after.map(\.description) == [
            "{at: 5s, zone_outage: b, for: 4s} + {at: 8s, restart: beta}",
            "{at: 6s, crash: alpha} + {at: 7s, restart: alpha}",
        ])
        #expect(result.sizesAfter.map(\.description) == ["run.duration: 5.968s"])
        #expect(result.runs == 37)
    }

    /// The same world with the failure elsewhere (alpha crashed from 1 s to 3 s while a pause
    /// holds beta): the outage is dropped, and the restart inside it with it — none is left
    /// behind to restart a running server.
    @Test func theShrinkDropsTheZoneOutageWithTheRestartThatJoinedIt() throws {
        let (shrinker, url) = try Self.shrinker(Self.world("""
              - {at: 1s, crash: alpha}
              - {at: 2s, pause: beta, for: 0.5s}
              - {at: 3s, restart: alpha}
              - {at: 10s, zone_outage: b, for: 4s}
              - {at: 11s, crash: beta}
              - {at: 12s, restart: beta}
            """))
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        guard case .shrunk(let result) = shrinker.shrink() else {
            Issue.record("the zone outage world did not shrink")
            return
        }
        #expect(result.before.map(\.description) == [
            "{at: 1s, crash: alpha} + {at: 3s, restart: alpha}",
            "{at: 2s, pause: beta, for: 0.5s}",
            "{at: 10s, zone_outage: b, for: 4s} + {at: 12s, restart: beta}",
        ])
        #expect(result.after.map(\.description) == [
            "{at: 1s, crash: alpha} + {at: 3s, restart: alpha}",
            "{at: 2s, pause: beta, for: 0.5s}",
        ])
        #expect(result.sizesAfter.map(\.description) == ["run.duration: 1.953s"])
        #expect(result.runs == 29)
    }
}
