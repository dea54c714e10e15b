import Testing
@testable import Scenarios
@testable import Simulator

struct FailoverTests {
    private func event(_ seconds: Double, _ server: String, _ kind: BalancerEvent.Kind) -> BalancerEvent {
        BalancerEvent(at: .after(.seconds(double: seconds)), subject: server, kind: kind)
    }

    @Test func aFaultIsMatchedWithItsDetectionItsRepairAndTheServerComingBack() {
        let timeline: [FaultSchedule.Entry] = [
            .init(at: .after(.seconds(10)), fault: .crash("s2")),
            .init(at: .after(.seconds(20)), fault: .restart("s2", bootTime: .seconds(5))),
            .init(at: .after(.seconds(40)), fault: .restart("s3", bootTime: .seconds(2))),
            .init(at: .after(.seconds(50)), fault: .errors("s1", rate: 1)),
        ]
        let events = [event(12, "s2", .markedDown(.passive)), event(13, "s2", .markedDown(.active)), event(22, "s2", .markedUp(.active)),
                      event(31, "s2", .markedUp(.passive)), event(40.001, "s3", .markedDown(.passive)), event(72, "s3", .markedUp(.passive))]
        let failovers = Failover.find(in: timeline, events: events, end: .after(.seconds(80)), servers: ["s1", "s2", "s3"], balancer: "balancer")
        #expect(failovers.map(\.server) == ["s2", "s3", "s1"])
        #expect(failovers[0].detectionTime == 2)
        #expect(failovers[0].repairedAt == 25)
        #expect(failovers[0].recoveredAt == 31, "the first marked-up after the repair")
        #expect(failovers[1].repairedAt == 42)
        #expect(failovers[1].recoveryTime == 30)
        #expect(failovers[2].detectedAt == nil && failovers[2].repairedAt == nil)
    }

    @Test func aFaultOnANodeNoServerRunsOnIsNoFailover() {
        let timeline: [FaultSchedule.Entry] = [
            .init(at: .after(.seconds(5)), fault: .crash("worker-2")),
            .init(at: .after(.seconds(6)), fault: .restart("coordinator", bootTime: .seconds(1))),
            .init(at: .after(.seconds(7)), fault: .crash("balancer")),
            .init(at: .after(.seconds(8)), fault: .partition([["client"], ["balancer", "web1", "web2"]])),
        ]
        #expect(Failover.find(in: timeline, events: [], end: .after(.seconds(30)), servers: ["web1", "web2"], balancer: "balancer").isEmpty)
    }

    @Test func aPartitionIsAFailoverOfEveryServerItCutsOffFromTheBalancerUntilTheHeal() {
        // The nodes a partition does not name form a group of their own, as in the network.
        let timeline: [FaultSchedule.Entry] = [
            .init(at: .after(.seconds(9)), fault: .partition([["balancer"], ["coordinator"]])),
            .init(at: .after(.seconds(12)), fault: .heal),
        ]
        let events = [event(10.001, "coordinator", .markedDown(.active)), event(10.001, "worker-1", .markedDown(.active)),
                      event(13.001, "coordinator", .markedUp(.active)), event(13.001, "worker-1", .markedUp(.active))]
        let failovers = Failover.find(in: timeline, events: events, end: .after(.seconds(60)), servers: ["coordinator", "worker-1"], balancer: "balancer")
        #expect(failovers.map(\.server) == ["coordinator", "worker-1"])
        #expect(failovers.map(\.fault) == ["partition [balancer] | [coordinator]", "partition [balancer] | [coordinator]"])
        #expect(failovers.map(\.detectedAt) == [10.001, 10.001])
        #expect(failovers.map(\.repairedAt) == [12, 12])
        #expect(failovers.map(\.recoveredAt) == [13.001, 13.001])
    }

    /// The checker's `det.yaml`: two web servers behind the balancer, a separate MapReduce cluster,
    /// and a crash of worker-2, where no server runs.
    @Test func aCrashOfAWorkerNoServerRunsOnLeavesDetectionTimeAtZero() throws {
        let result = ScenarioRunner.run(try ScenarioLoader.parse("""
            seed: 1
            run: {duration: 30s}
            balancer:
              strategy: round_robin
              health_check: {interval: 1s, timeout: 500ms, rise: 1, fall: 1}
            servers:
              - {name: web, count: 2, slots: 4, service_time: 5ms}
            workload: {type: open_loop, rate: 20, timeout: 5s}
            mapreduce:
              cluster: {workers: 2}
              jobs:
                - {id: j, name: word-count, reducers: 1, submit_at: 1s, input: {synthetic: {lines: 1000, seed: 1}}}
            faults:
              - {at: 5s, crash: worker-2}
            expect:
              - balancer.detection_time < 2s
              - balancer.success_ratio == 1
            """, file: "det.yaml"), seed: nil)
        let traffic = try #require(result.traffic)
        #expect(traffic.issued == 628 && traffic.succeeded == 628)
        #expect(traffic.balancer?.failovers == [])
        // No failover: both figures are 0, as the metrics document for a run without one.
        #expect(result.value(of: BalancerMetric.detectionTime.metric) == 0)
        #expect(result.value(of: BalancerMetric.recoveryTime.metric) == 0)
        #expect(result.checks.map(\.holds) == [true, true])
        #expect(!result.markdown().contains("Failovers"))
        #expect(result.passed)
    }

    /// `seed-001-log-pipeline.yaml`: worker-2 (no gateway server) crashes at 11.2 s and restarts at
    /// 20 s; the coordinator, behind the gateway, restarts at 12 s with a 1 s boot, and the gateway
    /// has no health checks, so it never marks it down: the only failover, its detection counted
    /// to the run's end. It never left rotation, so it has no recovery to count (0 s).
    @Test func seed001sFailoverIsTheCoordinatorsRestartNotTheWorkersCrash() throws {
        let result = ScenarioRunner.run(try WorldTearDownTests.scenario("seed-001-log-pipeline.yaml"))
        let failovers = try #require(result.traffic?.balancer?.failovers)
        #expect(failovers == [Failover(server: "coordinator", fault: "restart coordinator (boot 1.000 s)", at: 12, detectedAt: nil, repairedAt: 13,
                                       recoveredAt: nil)])
        // Whole nanoseconds, as every instant is (was 9.777882334000001, the binary difference).
        #expect(result.value(of: BalancerMetric.detectionTime.metric) == 9.777882334)
        #expect(result.value(of: BalancerMetric.recoveryTime.metric) == 0)
    }

    /// The checker's `m5-rotation.yaml`: web3 paused at 5 s (passive health takes it out at
    /// 6.071 s), then cut off with every server at 8 s (health checks mark it down at 9.174 s
    /// and up at 12.176 s after the heal at 11 s) — but passive health held it until 17.041 s,
    /// and it took no request in between. Back in rotation is when nothing holds it any longer;
    /// the stretch out of rotation is one, from 6.071 s to 17.041 s, and so is the break: the
    /// partition struck web3 while passive health held it out, so it joined the pause's row,
    /// repaired by the heal.
    @Test func aServerIsBackInRotationOnlyWhenEveryMechanismHasLetItGo() {
        let timeline: [FaultSchedule.Entry] = [
            .init(at: .after(.seconds(5)), fault: .pause("web3", duration: .seconds(2))),
            .init(at: .after(.seconds(8)), fault: .partition([["balancer"], ["web1"]])),
            .init(at: .after(.seconds(11)), fault: .heal),
        ]
        let events = [event(6.071, "web3", .markedDown(.passive)), event(9.174, "web3", .markedDown(.active)),
                      event(12.176, "web3", .markedUp(.active)), event(17.035, "web3", .probe), event(17.041, "web3", .markedUp(.passive))]
        let failovers = Failover.find(in: timeline, events: events, end: .after(.seconds(25)), servers: ["web3"], balancer: "balancer")
        #expect(failovers.map(\.faults) == [["pause web3 for 2.000 s", "partition [balancer] | [web1] for 3.000 s (at 8.000 s)"]])
        #expect(failovers.map(\.fault) == ["pause web3 for 2.000 s + partition [balancer] | [web1] for 3.000 s (at 8.000 s)"])
        #expect(failovers.map(\.detectedAt) == [6.071])
        #expect(failovers.map(\.repairedAt) == [11])
        #expect(failovers.map(\.recoveredAt) == [17.041])
        let gaps = RotationState.gaps(in: events)
        #expect(gaps == [RotationState.Gap(server: "web3", start: .after(.seconds(double: 6.071)), end: .after(.seconds(double: 17.041)))])
        // A fault the balancer never detected has no recovery: the server never left rotation.
        let slow: [FaultSchedule.Entry] = [.init(at: .after(.seconds(5)), fault: .slow("web3", factor: 3)),
                                           .init(at: .after(.seconds(9)), fault: .slow("web3", factor: 1))]
        let undetected = Failover.find(in: slow, events: [event(2, "web3", .markedDown(.passive)), event(12, "web3", .markedUp(.passive))],
                                       end: .after(.seconds(25)), servers: ["web3"], balancer: "balancer")
        #expect(undetected.count == 1 && undetected[0].detectedAt == nil && undetected[0].repairedAt == 9 && undetected[0].recoveredAt == nil)
    }

    /// A drain for a deployment holds a server out as a mark-down does, until it is back.
    @Test func aDeploymentsDrainIsAStretchOutOfRotation() {
        let events = [event(3, "s1", .drainStarted), event(4, "s1", .markedDown(.active)), event(6, "s1", .backInRotation),
                      event(7, "s1", .markedUp(.active)), event(9, "s2", .markedDown(.outlier))]
        #expect(RotationState.gaps(in: events) == [
            RotationState.Gap(server: "s1", start: .after(.seconds(3)), end: .after(.seconds(7))),
            RotationState.Gap(server: "s2", start: .after(.seconds(9)), end: nil),
        ])
    }
    /// The second checker's `f5.yaml`: s2 crashes at 10 s, gets an error burst from 13 s to 15 s,
    /// and restarts at 20 s with a 1 s boot. The burst's end "repaired" the crash (repaired 15 s,
    /// recovery 9.708 s); each fault is repaired by its own undo: the crash by the restart. The
    /// burst struck s2 while it was marked down for the crash, so it joins the crash's row,
    /// repaired at the later of the two repairs.
    @Test func eachFaultIsRepairedByItsOwnUndo() {
        let timeline: [FaultSchedule.Entry] = [
            .init(at: .after(.seconds(10)), fault: .crash("s2")),
            .init(at: .after(.seconds(13)), fault: .errors("s2", rate: 1)),
            .init(at: .after(.seconds(15)), fault: .errors("s2", rate: 0)),
            .init(at: .after(.seconds(20)), fault: .restart("s2", bootTime: .seconds(1))),
        ]
        let events = [event(10.6, "s2", .markedDown(.passive)), event(24.708, "s2", .markedUp(.passive))]
        let failovers = Failover.find(in: timeline, events: events, end: .after(.seconds(40)), servers: ["s2"], balancer: "balancer")
        #expect(failovers.map(\.fault) == ["crash s2 + errors s2 rate 1 for 2.000 s (at 13.000 s)"])
        #expect(failovers.map(\.repairedAt) == [21])
        #expect(failovers[0].recoveredAt == 24.708 && failovers[0].recoveryTime.map { ($0 * 1000).rounded() } == 3_708)
    }
}
