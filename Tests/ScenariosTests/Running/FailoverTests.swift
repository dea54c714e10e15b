import Testing
@testable import Scenarios
@testable import Simulator

@Suite struct FailoverTests {
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
        let failovers = Failover.find(in: timeline, events: events, end: .after(.seconds(80)))
        #expect(failovers.map(\.server) == ["s2", "s3", "s1"])
        #expect(failovers[0].detectionTime == 2)
        #expect(failovers[0].repairedAt == 25)
        #expect(failovers[0].recoveredAt == 31, "the first marked-up after the repair")
        #expect(failovers[1].repairedAt == 42)
        #expect(failovers[1].recoveryTime == 30)
        #expect(failovers[2].detectedAt == nil && failovers[2].repairedAt == nil)
    }
}
