import Testing
@testable import Simulator

/// A crashed controller decides nothing: it declares no live broker dead and takes no partition
/// offline, and as group coordinator it evicts no member; brokers keep leading meanwhile. On
/// restart it keeps its metadata and gives every broker and member a session timeout from then.
@Suite struct QueueControllerFailoverTests {
    static func harness(_ faults: [FaultSchedule.Entry]) -> QueueHarness {
        var harness = QueueHarness()
        harness.faults = faults
        return harness
    }

    @Test func aCrashedControllerDeclaresNoBrokerDeadAndTheLeadersKeepTakingAppends() throws {
        let outcome = try Self.harness([.init(at: .after(.seconds(1)), fault: .crash("controller"))]).run()
        let audit = outcome.audit
        #expect(outcome.queue.controller.events.isEmpty)
        #expect(audit.logs.map(\.leader) == audit.logs.map { $0.replicas.first })
        #expect(audit.logs.allSatisfy { $0.inSync == $0.replicas })
        #expect(audit.acknowledged == 400)
        #expect(audit.lostAcknowledged == 0)
        // The coordinator is gone with it: each consumer's commits wait out their 1 s timeouts,
        // partition after partition, and once a session timeout (3 s) has passed since its last
        // answered join it hands nothing over — the records of about its first second.
        #expect(audit.delivered == ["consumer-1": 216, "consumer-2": 216])
        #expect(audit.undelivered == ["consumer-1": 184, "consumer-2": 184])
    }

    @Test func aRestartedControllerKeepsItsMetadataAndTheConsumersReadEverything() throws {
        let outcome = try Self.harness([.init(at: .after(.seconds(1)), fault: .crash("controller")),
                                        .init(at: .after(.seconds(5)), fault: .restart("controller", bootTime: .milliseconds(200)))]).run()
        let audit = outcome.audit
        #expect(outcome.queue.controller.events.isEmpty)
        #expect(audit.acknowledged == 400)
        #expect(audit.undelivered == ["consumer-1": 0, "consumer-2": 0])
        #expect(audit.lostAfterDelivery == ["consumer-1": 0, "consumer-2": 0])
        #expect(audit.duplicates == audit.allowedDuplicates)
    }

    @Test func aBrokerThatDiesWhileTheControllerIsDownIsDeclaredDeadASessionTimeoutAfterTheRestart() throws {
        let outcome = try Self.harness([.init(at: .after(.seconds(1)), fault: .crash("controller")),
                                        .init(at: .after(.seconds(2)), fault: .crash("broker-1")),
                                        .init(at: .after(.seconds(5)), fault: .restart("controller", bootTime: .zero))]).run()
        let dead = outcome.queue.controller.events.filter { $0.kind == .brokerDead }
        #expect(dead.map(\.broker) == [1])
        // Checks every 1 s from the restart at 5 s: the first miss at least 3 s after it is at 8 s.
        #expect(dead.first?.time == .after(.seconds(8)))
    }
}
