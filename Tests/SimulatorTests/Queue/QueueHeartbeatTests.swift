import Testing
@testable import Simulator

/// KIP-62: a consumer's heartbeats go from a loop of their own, so a member whose fetches time
/// out stays in its group; the coordinator evicts a member a session timeout after the last thing
/// it heard from it; a member whose polls stop for its max poll interval leaves.
struct QueueHeartbeatTests {
    /// Seed 002's queue with group `g` of `consumers`, heartbeats every 300 ms and a 1 s session
    /// timeout, run for 20 s; what the controller and the brokers (g's coordinator, broker-3,
    /// among them) put in the trace, with its times.
    struct Run {
        let queue: ShardedQueue
        let audit: QueueAudit
        let events: [(time: VirtualInstant, text: String)]
        /// When the coordinator last heard from each member named in `probe`, read at its instant.
        let lastSeen: VirtualInstant?

        func times(of text: String) -> [VirtualInstant] { events.filter { $0.text == text }.map(\.time) }
        var rebalances: Int { events.filter { $0.text.hasPrefix("rebalance g generation") }.count }
    }

    static func run(consumers: [QueueConsumerSpec], faults: [FaultSchedule.Entry] = [], cutFetches: NodeID? = nil,
                    probe: (member: String, at: VirtualInstant)? = nil) throws -> Run {
        let simulation = Simulation(seed: 1)
        let recorder = TraceRecorder()
        simulation.trace.sink = { event in
            if event.kind == .custom && (event.subject == "controller" || event.subject.hasPrefix("broker-")) {
                recorder.events.append((event.time, event.object))
            }
        }
        let network = Network(simulation: simulation)
        if let cutFetches {
            // One way: what the consumer sends to the partitions' leaders (brokers 1 and 2) is lost;
            // g's coordinator, broker-3, which leads none of them, still hears it.
            for broker in 1...2 { network.setLink(from: cutFetches, to: NodeID("broker-\(broker)"), LinkProfile(dropRate: 1)) }
        }
        let configuration = QueueConfiguration(heartbeatInterval: .milliseconds(300), sessionTimeout: .seconds(1))
        let queue = try ShardedQueue(topics: QueueHarness.topics, brokers: 3, placement: try HashRing(virtualNodesPerNode: 160),
                                     configuration: configuration, network: network)
        for producer in QueueHarness.seedProducers(messages: 200, rate: 100) { queue.startProducer(producer) }
        for consumer in consumers { queue.startConsumer(consumer) }
        FaultInjector.schedule(faults, on: network)
        if let probe {
            simulation.spawn("probe") { _ in
                await simulation.sleep(until: probe.at)
                recorder.lastSeen = queue.controller.groups["g"]?.members[probe.member]?.lastSeen
            }
        }
        try simulation.run(until: .after(.seconds(20)))
        let groups = [("g", queue.partitions(QueueHarness.everything))]
        let box = AuditBox()
        simulation.spawn("audit") { _ in box.audit = await QueueAudit.of(queue, groups: groups) }
        try simulation.run(until: .after(.seconds(20)))
        simulation.tearDown()
        return Run(queue: queue, audit: box.audit!, events: recorder.events, lastSeen: recorder.lastSeen)
    }

    static func member(_ name: String, maxPollInterval: Duration = .seconds(300)) -> QueueConsumerSpec {
        QueueConsumerSpec(id: NodeID(name), group: "g", targets: QueueHarness.everything, commitInterval: .milliseconds(200),
                          maxPollInterval: maxPollInterval)
    }

    /// c1's fetches all time out (1 s each, two partitions a round: a round lasts over 2 s, twice
    /// the session timeout); its heartbeats reach the coordinator. Polls as heartbeats evicted it
    /// at every round and rebalanced the group each time; now it stays, and the group keeps the
    /// generation it formed at the start.
    @Test func aMemberWhoseFetchesTimeOutButWhoseHeartbeatsGetThroughIsNotEvicted() throws {
        let run = try Self.run(consumers: [Self.member("c1"), Self.member("c2")], cutFetches: "c1")
        #expect(run.events.filter { $0.text.hasPrefix("evicted") || $0.text.hasPrefix("left") }.isEmpty)
        #expect(run.rebalances == 2)
        #expect(run.queue.controller.groups["g"]?.members["c1"] != nil)
        let ledger = run.queue.ledger
        #expect(!ledger.deliveries.contains { $0.consumer == "c1" })
        // c2 reads its two partitions through; c1's two are read by no one, it still owning them.
        #expect(Set(ledger.deliveries.filter { $0.consumer == "c2" }.map(\.partition)).count == 2)
        #expect(run.audit.undelivered == ["g": 200])
        #expect(run.audit.duplicates == ["g": 0])
    }

    /// c1 crashes at 5.05 s and stays down: the coordinator evicts it exactly a session timeout
    /// after the last heartbeat it had from it, and c2 owns every partition of the next generation.
    @Test func aCrashedMemberIsEvictedExactlyASessionTimeoutAfterItsLastHeartbeat() throws {
        let crash = VirtualInstant.after(.milliseconds(5_050))
        let run = try Self.run(consumers: [Self.member("c1"), Self.member("c2")], faults: [.init(at: crash, fault: .crash("c1"))],
                               probe: ("c1", crash.advanced(by: .milliseconds(100))))
        let lastSeen = try #require(run.lastSeen)
        // Its last heartbeat left before the crash and arrived a LAN hop (0.5 ms) later.
        #expect(lastSeen <= crash.advanced(by: .microseconds(500)) && crash.duration(to: lastSeen) > .milliseconds(-300))
        #expect(run.times(of: "evicted c1 from g") == [lastSeen.advanced(by: .seconds(1))])
        #expect(run.times(of: "evicted c2 from g").isEmpty)
        #expect(run.rebalances == 3)
        #expect(run.queue.controller.groups["g"]?.owners.values.allSatisfy { $0 == "c2" } == true)
        #expect(run.queue.controller.groups["g"]?.owners.count == 4)
        #expect(run.audit.undelivered == ["g": 0])
        #expect(run.audit.duplicates == run.audit.allowedDuplicates)
    }

    /// c1's rounds last over 2 s (its fetches time out) and its max poll interval is 1.5 s: its
    /// heartbeat loop leaves the group for it, at the first heartbeat past 1.5 s without a poll,
    /// and its next poll rejoins — it is never evicted, it leaves.
    @Test func aMemberThatDoesNotPollForItsMaxPollIntervalLeavesItsGroup() throws {
        let run = try Self.run(consumers: [Self.member("c1", maxPollInterval: .milliseconds(1_500)), Self.member("c2")], cutFetches: "c1")
        #expect(run.events.filter { $0.text.hasPrefix("evicted") }.isEmpty)
        let leaves = run.times(of: "left c1 from g")
        #expect(leaves.count == 8)
        #expect(run.rebalances == 17)
        #expect(run.audit.duplicates == run.audit.allowedDuplicates)
    }
}

/// What a test's trace sink keeps. `@unchecked Sendable`: written on the simulation thread during
/// the run, read after it.
private final class TraceRecorder: @unchecked Sendable {
    var events: [(time: VirtualInstant, text: String)] = []
    var lastSeen: VirtualInstant?
}
