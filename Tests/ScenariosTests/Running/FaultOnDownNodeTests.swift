import Testing
@testable import Scenarios
@testable import Simulator

/// A fault the network ignores — a crash of a node already crashed, a pause of one crashed,
/// booting or paused — was listed in `faults` as if it struck and folded into a Failovers row
/// ("crash web1 + crash web1 (at 2.000 s) + pause web1 for 0.500 s (at 3.000 s, repaired 3.500 s)",
/// though web1 never came back), while OpenMetrics and the trace left it out. Now the list says
/// it had no effect, no row takes it in, and the counts agree (the checker's `double-crash.yaml`).
struct FaultOnDownNodeTests {
    static let doubleCrash = """
        name: double-crash
        seed: 1
        run: {duration: 4s}
        servers: [{name: web, count: 2, slots: 2, service_time: 5ms}]
        balancer: {strategy: round_robin}
        workload: {type: open_loop, rate: 10, timeout: 1s}
        faults:
          - {at: 1s, crash: web1}
          - {at: 2s, crash: web1}
          - {at: 3s, pause: web1, for: 500ms}
        """

    private func at(_ seconds: Double) -> VirtualInstant { .after(.seconds(double: seconds)) }

    @Test func theCheckersDoubleCrashListsTwoFaultsWithoutEffect() throws {
        let run = try ObservabilityFixture.run(yaml: Self.doubleCrash)
        #expect(run.result.faults == [
            "1.000 s: crash web1",
            "2.000 s: crash web1 (no effect: web1 already crashed)",
            "3.000 s: pause web1 for 0.500 s (no effect: web1 already crashed)",
        ])
        #expect(run.result.traffic?.balancer?.failovers == [
            Failover(server: "web1", fault: "crash web1", at: 1, detectedAt: nil, repairedAt: nil, recoveredAt: nil),
        ])
        let faults = MapReduceObservabilityTests.lastSamples(run).filter { $0.key.hasPrefix("orrery_faults_total{") }
        #expect(faults == ["orrery_faults_total{fault=\"crash\",node=\"web1\"}": 1])
        // The digest is the one the run had before: nothing was recorded for the two.
        #expect(run.result.digest == "91d28510e3e49daf")
        let markdown = run.result.markdown()
        #expect(markdown.contains("- 2.000 s: crash web1 (no effect: web1 already crashed)\n"))
        #expect(!markdown.contains("repaired 3.500 s"))
    }

    /// The rule, fault by fault: a crash of a crashed node; a pause of a crashed, booting or paused
    /// one — still paused or booting at the very instant its pause or boot ends, since the faults
    /// are scheduled before the run, ahead of the resume — and the same faults once it is up again.
    @Test func eachNodesLivenessIsReplayedFromTheSchedule() {
        let faults: [(at: VirtualInstant, fault: Fault?)] = [
            (at(1), .crash("a")), (at(2), .crash("a")), (at(3), .pause("a", duration: .seconds(1))),
            (at(4), .restart("a", bootTime: .seconds(2))), (at(5), .pause("a", duration: .seconds(1))), (at(6), .pause("a", duration: .seconds(1))),
            (at(6.5), .pause("a", duration: .seconds(1))), (at(7), nil), (at(7.5), .pause("a", duration: .seconds(1))),
            (at(8), .crash("a")), (at(9), .restart("a", bootTime: .zero)), (at(9), .crash("a")), (at(9), .crash("b")),
        ]
        #expect(FaultSchedule.noEffect(faults) == [
            nil, "no effect: a already crashed", "no effect: a already crashed",
            nil, "no effect: a still booting", "no effect: a still booting",
            nil, nil, "no effect: a already paused",
            nil, nil, nil, nil,
        ])
    }

    /// Listed after the run's end, a fault is "not reached", whatever it would have done; a
    /// restart of the crashed node is a fault with an effect.
    @Test func aFaultNotReachedIsNotMarkedWithoutEffect() {
        let entries = [FaultSchedule.Entry(at: at(1), fault: .crash("web1")), FaultSchedule.Entry(at: at(2), fault: .restart("web1", bootTime: .zero)),
                       FaultSchedule.Entry(at: at(3), fault: .pause("web1", duration: .seconds(1))), FaultSchedule.Entry(at: at(3.5), fault: .pause("web1", duration: .seconds(1))),
                       FaultSchedule.Entry(at: at(30), fault: .pause("web1", duration: .seconds(1))), FaultSchedule.Entry(at: at(30), fault: .pause("web1", duration: .seconds(1)))]
        #expect(FaultSchedule.reportLines(entries.map(FaultSchedule.Listed.init), end: at(20)) == [
            "1.000 s: crash web1",
            "2.000 s: restart web1 (boot 0.000 s)",
            "3.000 s: pause web1 for 1.000 s",
            "3.500 s: pause web1 for 1.000 s (no effect: web1 already paused)",
            "30.000 s: pause web1 for 1.000 s (not reached: the run ended at 20.000 s)",
            "30.000 s: pause web1 for 1.000 s (not reached: the run ended at 20.000 s)",
        ])
    }

    /// A crash of a crashed server opens no row and joins none: the checked pair's web2, crashed at
    /// 5 s and again at 7 s, restarted at 10 s (1 s boot), is one row of one fault, repaired at 11 s.
    @Test func aSecondCrashJoinsNoRow() throws {
        let result = try TwoCheckedServers.run(faults: "[{at: 5s, crash: web2}, {at: 7s, crash: web2}, {at: 10s, restart: web2, boot_time: 1s}]",
                                               file: "crash-crash.yaml")
        let failovers = try #require(result.traffic?.balancer?.failovers)
        #expect(failovers.map(\.faults) == [["crash web2"]])
        #expect(failovers.map(\.repairedAt) == [11])
        #expect(result.faults == ["5.000 s: crash web2", "7.000 s: crash web2 (no effect: web2 already crashed)", "10.000 s: restart web2 (boot 1.000 s)"])
    }
}
