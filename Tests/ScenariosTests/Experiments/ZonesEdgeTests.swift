import Testing
import Reports
@testable import Scenarios
@testable import Simulator

/// The zone report at its edges (session 73's checker): passive health is said to have stopped
/// or held back the forwards only when the balancer's events show it, shares print as the other
/// reports print them, and a saved round trip is claimed only where the links save one.
struct ZonesEdgeTests {
    /// ``zonesScenario`` for 12 s with max_fails 3 (three 1 s forward timeouts before a mark) and
    /// zone a down from 0 s to 4 s.
    static let slowMark: ZoneComparison = {
        let text = zonesScenario.replacingOccurrences(of: "  requests: 10\n", with: "  duration: 12s\n")
            .replacingOccurrences(of: "max_fails: 1", with: "max_fails: 3") + "\nfaults:\n  - {at: 0s, zone_outage: a, for: 4s}\n"
        return ZoneComparison.run(try! ScenarioLoader.parse(text, file: "z.yaml"), jobs: 1)
    }()

    /// Forwards that stop before any mark-down are not said to have stopped "once passive health
    /// had marked its servers down"; within a forward timeout of the crash, the wait is named.
    @Test func aStopBeforeAnyMarkIsNotPutOnPassiveHealth() {
        #expect(Self.slowMark.stopCause(zone: "a", second: 0, crash: 0, events: []) == ", before passive health (max_fails 3) had marked any of its servers down: the forwards sent there were still waiting out the 1.000 s forward timeout")
        #expect(Self.slowMark.stopCause(zone: "a", second: 5, crash: 0, events: []) == ", before passive health (max_fails 3) had marked any of its servers down")
        let events = Self.slowMark.variant("locality-aware, outage")?.result.balancer?.events ?? []
        #expect(Self.slowMark.stopCause(zone: "a", second: 3, crash: 0, events: events) == ", once passive health had marked its servers down, the last at 3.243 s")
        #expect(Self.slowMark.stopCause(zone: "a", second: 2, crash: 0, events: events) == ", before passive health (max_fails 3) had marked any of its servers down")
    }

    /// "tried again only after fail_timeout" only with a probe of the zone's servers to show it:
    /// forwards back 1.3 s after a restart under a 30 s fail_timeout read so.
    @Test func aResumptionWithoutAProbeIsNotPutOnFailTimeout() {
        let text = Self.slowMark.recoveryText(zone: "a", seconds: [5, 0, 0, 0, 0, 5, 5], window: (start: 0, end: 4), events: [])
        #expect(text == "Forwards to zone a stopped in second 1 (1 s after the crash, before passive health (max_fails 3) had marked any of its servers down). There is no earlier rate to come back to (the crash came at 0.000 s); forwards to zone a resumed in second 5, 1 s after the restart. ")
        let report = Self.slowMark.markdown()
        #expect(report.contains("Forwards to zone a stopped in second 3 (3 s after the crash, once passive health had marked its servers down, the last at 3.243 s). Forwards to zone a had not resumed by the end of the run. "))
        #expect(report.contains("the cross-zone share rose to 96.2%."))
        #expect(report.contains("sent 50.0% of its forwards to another zone (52 of 104; spreading every zone's clients over all 2 servers in proportion would send 50.0%)."))
        #expect(!report.contains(" %"))
    }

    /// Equal links within and between zones: locality saves no round trip.
    @Test func noRoundTripIsSavedBetweenEquallyFastZones() throws {
        let same = try ScenarioLoader.parse(zonesScenario.replacingOccurrences(of: "between: {latency: 5ms}", with: "between: {latency: 0.5ms}")
            + "\nfaults:\n  - {at: 1s, zone_outage: a, for: 1s}\n", file: "z.yaml")
        let comparison = ZoneComparison(base: same, variants: [])
        let figures = try #require(Self.slowMark.variant("zone-blind")?.zones)
        #expect(!comparison.savesRoundTrip("a", figures: figures))
        #expect(Self.slowMark.savesRoundTrip("a", figures: figures))
    }
}
