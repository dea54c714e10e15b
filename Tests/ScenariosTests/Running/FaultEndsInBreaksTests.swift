import Testing
@testable import Scenarios
@testable import Simulator

/// What ends a fault inside a break (an outside checker's findings on the joined rows): a pause or
/// a hang is over at a crash or restart of its server, not at its written end (rows read "never
/// back" while the server served from the restart); a slowdown that joins a break does not delay
/// its repair; a hang that struck a crashed server does not outlive its restart (the server never
/// answered again); and faults of one instant give one row whatever their order in the file.
struct FaultEndsInBreaksTests {
    /// ``TwoCheckedServers`` with `faults`.
    private func run(_ faults: String) throws -> RunResult {
        try TwoCheckedServers.run(faults: faults, file: "ends.yaml")
    }

    private func rows(_ result: RunResult) throws -> [Failover] {
        try #require(result.traffic?.balancer?.failovers)
    }

    private func milliseconds(_ seconds: Double?) -> Double? { TwoCheckedServers.milliseconds(seconds) }

    /// crash 5 s, pause from 6 s for 8 s, restart at 8 s (1 s boot): the break is repaired at
    /// 9 s, not at the pause's written 14 s. The pause of the crashed server changed nothing (the
    /// network ignores it), so it is no part of the row (``FaultSchedule/noEffect(_:recorded:)``).
    @Test func aRestartEndsAPauseThatJoinedACrash() throws {
        let result = try run("[{at: 5s, crash: web2}, {at: 6s, pause: web2, for: 8s}, {at: 8s, restart: web2, boot_time: 1s}]")
        let failovers = try rows(result)
        #expect(failovers.count == 1)
        #expect(failovers.first?.faults == ["crash web2"])
        #expect(failovers.first?.repairedAt == 9)
        #expect(milliseconds(failovers.first?.recoveredAt) == 9_507)
    }

    /// A hang of a running server from 5 s for 20 s, then a restart at 8 s (1 s boot): the hang
    /// is over at the restart, the restart's boot the break's repair; back at 19.072 s, when
    /// passive health's `fail_timeout` lets it go (the checks passed it from 9 s).
    @Test func aRestartEndsAHangOfARunningServer() throws {
        let result = try run("[{at: 5s, hang: web2, for: 20s}, {at: 8s, restart: web2, boot_time: 1s}]")
        let failovers = try rows(result)
        #expect(failovers.count == 1)
        #expect(failovers.first?.repairedAt == 9)
        #expect(milliseconds(failovers.first?.recoveredAt) == 19_072)
    }

    /// crash 5 s, slow ×3 from 7 s for 10 s, restart at 9 s: the row is repaired at the latest of
    /// its faults' repairs (README), the slowdown's end at 17 s (checker F, s78: it read 10 s, the
    /// boot's end, where a joined partition's row waited for the partition's end); the server was
    /// back in rotation from the first check after the boot, so it counts back at the repair.
    @Test func aSlowdownJoiningABreakRepairsTheRowAtItsEnd() throws {
        let result = try run("[{at: 5s, crash: web2}, {at: 7s, slow: web2, factor: 3, for: 10s}, {at: 9s, restart: web2, boot_time: 1s}]")
        let failovers = try rows(result)
        #expect(failovers.count == 1)
        #expect(failovers.first?.repairedAt == 17)
        #expect(milliseconds(failovers.first?.recoveredAt) == 17_000)
    }

    /// crash 5 s, a hang without end at 6 s, restart at 8 s: the restarted server answers (it
    /// served nothing from 9 s to the run's end; now 261 requests in all), its break repaired at 9 s.
    @Test func aHangOfACrashedServerEndsAtItsRestart() throws {
        let result = try run("[{at: 5s, crash: web2}, {at: 6s, hang: web2}, {at: 8s, restart: web2, boot_time: 1s}]")
        let failovers = try rows(result)
        #expect(failovers.count == 1)
        #expect(failovers.first?.repairedAt == 9)
        #expect(milliseconds(failovers.first?.recoveredAt) == 9_507)
        let web2 = try #require(result.traffic?.servers.first { $0.id == "web2" })
        #expect(web2.served == 261)
    }

    /// A slowdown and a crash at 5 s, restarted at 12 s: one row and a 1.005 s detection whichever
    /// is written first (the slowdown first gave two rows and 25 s of `detection_time`).
    @Test(arguments: [
        "[{at: 5s, slow: web2, factor: 3, for: 5s}, {at: 5s, crash: web2}, {at: 12s, restart: web2, boot_time: 1s}]",
        "[{at: 5s, crash: web2}, {at: 5s, slow: web2, factor: 3, for: 5s}, {at: 12s, restart: web2, boot_time: 1s}]",
    ])
    func faultsOfOneInstantGiveOneRowInEitherOrder(faults: String) throws {
        let result = try run(faults)
        let failovers = try rows(result)
        #expect(failovers.map(\.faults) == [["crash web2", "slow web2 ×3 for 5.000 s"]])
        #expect(milliseconds(result.value(of: BalancerMetric.detectionTime.metric)) == 1_005)
    }
}
