import Testing
@testable import Simulator

/// A crashed controller decides nothing: it declares no live broker dead, takes no partition
/// offline and moves no group coordinator; brokers keep leading, and coordinating their groups,
/// meanwhile. On restart it keeps its metadata and gives every broker a session timeout from then.
struct QueueControllerFailoverTests {
    static func harness(_ faults: [FaultSchedule.Entry]) -> QueueHarness {
        var harness = QueueHarness()
        harness.faults = faults
        return harness
    }

    @Test func aCrashedControllerDeclaresNoBrokerDeadAndTheLeadersAndCoordinatorsKeepWorking() throws {
        let outcome = try Self.harness([.init(at: .after(.seconds(1)), fault: .crash("controller"))]).run()
        let audit = outcome.audit
        #expect(outcome.queue.controller.events.isEmpty)
        #expect(audit.logs.map(\.leader) == audit.logs.map { $0.replicas.first })
        #expect(audit.logs.allSatisfy { $0.inSync == $0.replicas })
        #expect(audit.acknowledged == 400)
        #expect(audit.lostAcknowledged == 0)
        // The groups' coordinators are brokers 3 and 1, which run: the consumers, crashed for good
        // controller or not, are handed every record once (they were handed 216 of 400 when the
        // controller coordinated the groups).
        #expect(audit.delivered == ["consumer-1": 400, "consumer-2": 400])
        #expect(audit.undelivered == ["consumer-1": 0, "consumer-2": 0])
        #expect(audit.duplicates == ["consumer-1": 0, "consumer-2": 0])
        #expect(audit.lostAfterDelivery == ["consumer-1": 0, "consumer-2": 0])
        #expect(outcome.decisions.filter { $0.subject == "broker-3" || $0.subject == "broker-1" }.map(\.text)
                    == ["prepare rebalance consumer-1 after generation 0", "rebalance consumer-1 generation 1",
                        "prepare rebalance consumer-2 after generation 0", "rebalance consumer-2 generation 1"])
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
