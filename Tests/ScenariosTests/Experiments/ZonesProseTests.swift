import Testing
@testable import Scenarios
@testable import Simulator

/// The zone comparison's prose when the file's outage or zones are unlike the shipped file's: an
/// outage at 0 s (no earlier rate to come back to), and an outage of a zone with no clients.
struct ZonesProseTests {
    /// ``zonesScenario`` (zone a: one client host and a1; zone b: no clients and b1) for 12 s,
    /// with passive health's fail_timeout at 2 s and `faults`.
    static func comparison(_ faults: String, thinkTime: String = "100ms") -> ZoneComparison {
        let text = zonesScenario.replacingOccurrences(of: "  requests: 10\n", with: "  duration: 12s\n")
            .replacingOccurrences(of: "think_time: 100ms", with: "think_time: \(thinkTime)")
            .replacingOccurrences(of: "fail_timeout: 30s", with: "fail_timeout: 2s") + "\nfaults:\n" + faults
        return ZoneComparison.run(try! ScenarioLoader.parse(text, file: "z.yaml"), jobs: 1)
    }

    static let outageAtZero = comparison("  - {at: 0s, zone_outage: a, for: 4s}\n")
    static let clientlessOutage = comparison("  - {at: 3s, zone_outage: b, for: 3s}\n")

    /// With the outage at 0 s there were no forwards before it: "came back to at least half their
    /// earlier 0 per second in second 4" was true of any second; the report now says when forwards
    /// to the zone resumed (seconds.csv: none in seconds 1–3, 5 in second 4).
    @Test func anOutageAtTheStartSaysWhenForwardsResumed() {
        let report = Self.outageAtZero.markdown()
        #expect(report.contains("Forwards to zone a stopped in second 1 (1 s after the crash, once passive health had marked its servers down, the last at 1.001 s). There is no earlier rate to come back to (the crash came at 0.000 s); forwards to zone a resumed in second 4, the second of the restart. "))
        #expect(!report.contains("earlier 0 per second"))
        #expect(Self.outageAtZero.secondsCSV().contains("\"zone-blind, outage\",3,0,8,8,0,0\n\"zone-blind, outage\",4,5,4,4,0,0\n"))
    }

    /// A zone with no clients: its counts read "1 server, 0 clients", its latencies "—" (they read
    /// 0.000 ms), the latency paragraph leaves it out of "elsewhere", and its outage, which no
    /// locality-aware forward reached, is not said to have been confined to its clients.
    @Test func aZoneWithoutClientsIsNotGivenLatenciesOrVictims() {
        let report = Self.clientlessOutage.markdown()
        #expect(report.contains("Zones: a (1 server, 1 client), b (1 server, 0 clients)."))
        #expect(report.contains("| zone-blind             | b             |        0 |      0 |         — |         — |            — |"))
        #expect(report.contains("; zone b no successful request (its clients sent none). The median fell in every zone with answered requests: a request no longer pays the cross-zone round trip."))
        #expect(report.contains("0 for zone b's clients. Only zone a's clients were hit. Forwards to zone b stopped in second 4"))
        #expect(report.contains("0 for zone b's clients. No forward went to zone b's servers in this run. Zone b's own clients sent no request."))
        #expect(report.contains("Zone-blind round_robin had 1 forward without an answer, from zone a's clients; locality-aware had 0, none. With locality no forward went unanswered: no forward went to zone b's servers in the run."))
        #expect(!report.contains("Locality confined the outage"))
        #expect(!report.contains("0.000 ms"))
    }

    /// One user thinking 3 s sends zone b's server a forward every few seconds: an empty second
    /// after the crash does not show that forwards stopped, and the report no longer says so.
    @Test func sparseForwardsAreNotSaidToHaveStopped() {
        let sparse = Self.comparison("  - {at: 6s, zone_outage: b, for: 3s}\n", thinkTime: "3s")
        let report = sparse.markdown()
        #expect(!report.contains("Forwards to zone b stopped"))
        #expect(report.contains("0 for zone b's clients. Forwards to zone b, 0.2 per second before the crash, resumed in second 9, the second of the restart. "))
        #expect(sparse.secondsCSV().contains("\"zone-blind, outage\",8,0,0,0,0,0\n\"zone-blind, outage\",9,0,1,1,0,0\n"))
    }
}
