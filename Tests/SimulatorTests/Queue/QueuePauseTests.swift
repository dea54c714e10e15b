import Testing
@testable import Simulator

/// A paused broker, controller, producer or consumer is a SIGSTOPped process: it sends nothing,
/// answers nothing and lets no timer fire until its resume; there its timers due in the pause fire
/// once, after the messages the pause held. One topic T1 of one partition on three brokers
/// (broker-2 leads it, broker-3 follows), replication 2, `acks: all`, checks every 1 s, a 3 s
/// session timeout, LAN links (0.5 ms one way), one producer sending 10 records a second from 0 s
/// and consumer-1 (group consumer-1, coordinated by broker-3) polling every 100 ms.
struct QueuePauseTests {
    struct Run {
        let queue: ShardedQueue
        let events: [TraceEvent]
        /// What `probe` read at its instant.
        let probed: String?

        /// The times of the events of `kind` with `subject` (and `object`, when given).
        func times(_ kind: TraceKind, by subject: String, to object: String? = nil) -> [VirtualInstant] {
            events.filter { $0.kind == kind && $0.subject == subject && (object == nil || $0.object == object) }.map(\.time)
        }

        /// What `subject` sent or answered strictly inside `window`.
        func acts(of subject: String, within window: ClosedRange<VirtualInstant>) -> [TraceEvent] {
            events.filter { $0.subject == subject && ($0.kind == .send || $0.kind == .respond) && $0.time > window.lowerBound && $0.time < window.upperBound }
        }

        func decisions(_ text: String) -> [VirtualInstant] {
            events.filter { $0.kind == .custom && $0.object == text }.map(\.time)
        }
    }

    static func at(_ milliseconds: Int64) -> VirtualInstant { .after(.milliseconds(milliseconds)) }

    static func run(_ faults: [FaultSchedule.Entry], messages: Int = 40, duration: Duration = .seconds(8),
                    probe: (at: VirtualInstant, read: @Sendable (ShardedQueue) async -> String)? = nil) throws -> Run {
        let simulation = Simulation(seed: 2)
        let box = Box()
        simulation.trace.sink = { box.events.append($0) }
        let network = Network(simulation: simulation)
        let configuration = QueueConfiguration(heartbeatInterval: .seconds(1), sessionTimeout: .seconds(3), replicaTimeout: .milliseconds(500))
        let queue = try ShardedQueue(topics: [("T1", 1)], brokers: 3, placement: try HashRing(virtualNodesPerNode: 160),
                                     configuration: configuration, network: network)
        queue.startProducer(QueueProducerSpec(id: "producer-1", targets: [.topic("T1")], messages: messages, rate: 10))
        queue.startConsumer(QueueConsumerSpec(id: "consumer-1", group: "consumer-1", targets: [.topic("T1")], commitInterval: .seconds(1)))
        FaultInjector.schedule(faults, on: network)
        if let probe {
            simulation.spawn("probe") { _ in
                await simulation.sleep(until: probe.at)
                box.probed = await probe.read(queue)
            }
        }
        try simulation.run(until: .after(duration))
        simulation.tearDown()
        return Run(queue: queue, events: box.events, probed: box.probed)
    }

    final class Box: @unchecked Sendable {
        var events: [TraceEvent] = []
        var probed: String?
    }

    @Test func broker2LeadsT1AndBroker3CoordinatesTheGroup() throws {
        let run = try Self.run([], duration: .seconds(1))
        let state = run.queue.controller.state(of: TopicPartition("T1", 0))
        #expect(state?.leader == 2)
        #expect(state?.inSync == [2, 3])
        #expect(run.queue.controller.coordinator(of: "consumer-1") == 3)
    }

    /// The leader, broker-2, paused from 0.5 s to 1.5 s: it answers no fetch, produce or check and
    /// copies nothing inside the pause. The consumer's fetch that reached it in the pause is answered
    /// at the resume: back at the consumer at 1.5005 s; the produce of 0.5 s is
    /// appended at the resume, though its producer timed out then; the controller's check of 1 s is
    /// back at 1.5005 s, so its next goes at 2.5005 s. No broker is declared dead.
    @Test func aPausedLeaderAnswersNothingUntilItsResume() throws {
        let run = try Self.run([.init(at: Self.at(500), fault: .pause("broker-2", duration: .seconds(1)))], duration: .seconds(3))
        #expect(run.acts(of: "broker-2", within: Self.at(500)...Self.at(1_500)).isEmpty)
        #expect(run.times(.respond, by: "broker-2", to: "consumer-1").first { $0 > Self.at(500) } == .after(.microseconds(1_500_500)))
        #expect(run.times(.put, by: "broker-2").filter { $0 > Self.at(500) }.first == Self.at(1_500))
        #expect(run.times(.timeout, by: "producer-1") == [Self.at(1_500)])
        #expect(run.times(.respond, by: "broker-2", to: "controller") == [.after(.microseconds(1_500_500)), .after(.microseconds(2_501_500))])
        #expect(run.queue.controller.events.isEmpty)
    }

    /// The controller paused from 0.5 s to 4.5 s, longer than the 3 s session timeout: it sent no
    /// check inside its pause and declares no broker dead. Its checks due at 1 s are sent at the
    /// resume and answered at 4.501 s. (Before, it sent them inside the pause, held by it; their
    /// deadlines passed in it, so they timed out at the resume, never sent, and it declared all
    /// three brokers dead at 4.5 s, taking T1 offline.)
    @Test func aPausedControllerDeclaresNoBrokerDead() throws {
        let run = try Self.run([.init(at: Self.at(500), fault: .pause("controller", duration: .seconds(4)))])
        #expect(run.acts(of: "controller", within: Self.at(500)...Self.at(4_500)).isEmpty)
        #expect(run.times(.send, by: "controller", to: "broker-1").filter { $0 <= Self.at(6_000) } == [Self.at(4_500), .after(.microseconds(5_501_000))])
        #expect(run.times(.respond, by: "broker-1", to: "controller").first == .after(.microseconds(4_501_000)))
        #expect(run.queue.controller.events.isEmpty)
        #expect(run.times(.timeout, by: "controller").isEmpty)
    }

    /// consumer-1 paused from 0.5 s to 4.5 s: its poll loop and heartbeat loop send nothing in the
    /// pause (before, they sent a fetch and a heartbeat in it, held and never sent); its
    /// coordinator, broker-3, evicts it at 3.1005 s, a session timeout after its join of 0.1005 s;
    /// at the resume its one heartbeat due in the pause goes at 4.5 s, is answered as fenced, and
    /// its next poll gives its partition up and rejoins.
    @Test func aPausedConsumersHeartbeatsStopAndItsCoordinatorEvictsIt() throws {
        let run = try Self.run([.init(at: Self.at(500), fault: .pause("consumer-1", duration: .seconds(4)))], messages: 70)
        #expect(run.acts(of: "consumer-1", within: Self.at(500)...Self.at(4_500)).isEmpty)
        #expect(run.decisions("evicted consumer-1 from consumer-1") == [.after(.microseconds(3_100_500))])
        #expect(run.times(.send, by: "consumer-1", to: "broker-3").filter { $0 > Self.at(500) }.prefix(2) == [Self.at(4_500), Self.at(4_600)])
        #expect(run.times(.timeout, by: "consumer-1").isEmpty)
        #expect(run.decisions("partitions lost consumer-1") == [Self.at(4_600)])
        #expect(run.decisions("rebalance consumer-1 generation 2") == [.after(.microseconds(4_600_500))])
    }

    /// producer-1 paused from 0.5 s to 4.5 s: the messages its rate schedules in the pause leave at
    /// the resume, one after another as each is acknowledged (2 ms: a hop each way and the copy to
    /// broker-3), each once (before, it sent the one of 0.5 s inside the pause, held; it timed
    /// out at the resume and was sent again a second later).
    @Test func aPausedProducerSendsItsMessagesAtTheResume() throws {
        let run = try Self.run([.init(at: Self.at(500), fault: .pause("producer-1", duration: .seconds(4)))], messages: 70)
        #expect(run.acts(of: "producer-1", within: Self.at(500)...Self.at(4_500)).isEmpty)
        let sends = run.times(.send, by: "producer-1")
        #expect(sends.filter { $0 >= Self.at(500) }.prefix(3) == [Self.at(4_500), Self.at(4_502), Self.at(4_504)])
        #expect(sends.count == 70)
        #expect(run.times(.timeout, by: "producer-1").isEmpty)
        #expect(run.queue.ledger.acknowledged.count == 70)
    }

    /// The leader's shrink is pending when it pauses: the controller is cut off from every broker
    /// from 0.4 s (its AlterPartition requests are unreachable, sent again every 50 ms), broker-3
    /// crashes at 0.45 s, so the copy of 0.5 s times out at 1.0005 s and broker-2 proposes to drop
    /// it; broker-2 pauses from 1.2 s to 2.2 s. Its back-off due in the pause runs at the resume, and
    /// the change stays pending through the pause. (Before, the back-off due in the pause found the
    /// node not up and dropped the change as if its process had stopped, refusing the append that
    /// waited for it, and the leader copied to broker-3 from inside its pause.)
    @Test func aPausedLeaderKeepsItsPendingInSyncChange() throws {
        let faults: [FaultSchedule.Entry] = [
            .init(at: Self.at(400), fault: .partition([["controller"], ["broker-1", "broker-2", "broker-3", "producer-1", "consumer-1"]])),
            .init(at: Self.at(450), fault: .crash("broker-3")),
            .init(at: Self.at(1_200), fault: .pause("broker-2", duration: .seconds(1))),
            .init(at: Self.at(2_500), fault: .heal),
        ]
        let run = try Self.run(faults, duration: .seconds(4), probe: (Self.at(1_700), { queue in
            await queue.brokers[1].pendingInSync[0].map { "\($0.kind) to \($0.proposed)" } ?? "none"
        }))
        #expect(run.probed == "shrink to [2]")
        #expect(run.acts(of: "broker-2", within: Self.at(1_200)...Self.at(2_200)).isEmpty)
        #expect(run.times(.send, by: "broker-2", to: "controller").filter { $0 > Self.at(1_100) }.prefix(3)
            == [.after(.microseconds(1_101_500)), .after(.microseconds(1_152_000)), Self.at(2_200)])
        #expect(run.decisions("left the in-sync set T1:P1 b3") == [.after(.microseconds(2_503_500))])
    }
}
