import Testing
@testable import Scenarios
@testable import Simulator

/// The queue report's prose follows its file: no consumers, a broker that never returns, no
/// placement analysis or a smaller one, messages the run could not send, and counted nouns
/// (session 68's checker, finding 7).
struct QueueProseTests {
    static func report(_ text: String) throws -> String {
        let spec = try #require(try parseExperiment(text, file: "queue.yaml") as? QueueExperiment).spec
        return try QueueExperiment.run(spec).markdown(spec: spec)
    }

    /// Two producers, no consumers, acks = leader, broker-1 crashed at 3 s for good, no analysis.
    static let withoutConsumers = """
    experiment: queue
    seed: 2
    duration: 30s
    network: {latency: {uniform: {min: 1ms, max: 3ms}}}
    queue:
      brokers: 3
      placement: {ring: {virtual_nodes: 160}}
      replication: 2
      acks: leader
      topics:
        - {name: T1, partitions: 2}
        - {name: T2, partitions: 2}
      producers:
        - {name: producer-1, to: ["T1:*", "T2:*"], messages: 2000, rate: 200}
        - {name: producer-2, to: ["T1:*", "T2:*"], messages: 2000, rate: 200}
      consumers: []
    runs:
      - name: leader crash, never back
        faults:
          - {at: 3s, crash: broker-1}
    swarm: {seeds: 1, messages: 100}
    """

    @Test func withoutConsumersNothingIsSaidOfGroupsPollsOrAConsumerCrash() throws {
        let report = try Self.report(Self.withoutConsumers)
        #expect(report.hasPrefix("# Seed 002's sharded queue: 2 producers, 0 consumers, 3 brokers\n"))
        #expect(report.contains("on 3 brokers, 2 copies each (the first is the preferred leader), acks = leader. The controller checks each broker every 1.000 s and declares it dead after 3.000 s of silence; a leader drops"))
        #expect(report.contains("Replicas per broker: 3, 3, 2; preferred leaders per broker: 3, 1, 0.\n\n"))
        #expect(!report.contains("placement analysis"))
        #expect(report.contains("4,000 messages sent, 4,000 acknowledged. No consumer reads the topics, so nothing is delivered; each partition's log keeps each producer's order: no out-of-order pairs.\n\n"))
        #expect(!report.contains("Every group's readers"))
        #expect(!report.contains("consumers poll every"))
        #expect(!report.contains("Max lag"))
        #expect(report.contains("1 acknowledged record is gone: with acks = leader, a leader answers before its followers have the record, and when it dies first the new leader never had it; "
            + "`broker-1` does not return before the run ends, so the record is in no live broker's log.\n\n"))
        #expect(!report.contains("when it returns"))
        #expect(report.contains("## Swarm: 1 seed under random faults\n\n"))
        #expect(report.contains("cuts a random broker off from every other node (0.5–4.5 s), all within the first half of the 30.000 s run; 100 messages per producer. "
            + "No consumer reads the topics, so nothing is delivered and the delivery properties are left out.\n\n"))
        #expect(!report.contains("crashes a random consumer"))
        #expect(!report.contains("every record delivered to every group"))
        #expect(!report.contains("redelivered"))
    }

    /// One broker, 300 partitions, an analysis over 10; 1,500 messages at 1,000/s in a 2 s run,
    /// each waiting for the last one's answer over a 1 ms link (2 ms a message).
    static let oneBroker = """
    experiment: queue
    seed: 2
    duration: 2s
    network: {latency: 1ms}
    queue:
      brokers: 1
      placement: jump
      replication: 1
      acks: leader
      topics:
        - {name: Big, partitions: 300}
        - {name: Small, partitions: 1}
      producers:
        - {name: p, to: ["Big:*"], messages: 1500, rate: 1000}
      consumers:
        - {name: c, from: ["Big:*", "Small:*"], commit_interval: 1s}
    swarm: {seeds: 1, messages: 10}
    placement_analysis:
      brokers: [1]
      partitions: 10
      replication: 1
      algorithms:
        - {name: jump, placement: jump}
    """

    @Test func messagesNotSentAndCountsOfOneAreExplained() throws {
        let report = try Self.report(Self.oneBroker)
        #expect(report.hasPrefix("# Seed 002's sharded queue: 1 producer, 1 consumer, 1 broker\n"))
        #expect(report.contains("Big (300 partitions), Small (1 partition) placed by jump consistent hash (Lamping & Veach) on 1 broker, 1 copy each"))
        // The analysis covers fewer partitions than the file: nothing says it shows the split on more.
        #expect(!report.contains("the split is coarse"))
        #expect(report.contains(" messages sent of the 1,500 the producers were given ("
            + "a producer sends one message at a time and waits for its answer before the next, so it falls behind its rate when an answer takes longer than the gap between messages), "))
        // Here the median wait from acknowledgement to delivery is longer than the 100 ms poll: the poll does not set it.
        #expect(report.contains("(consumers poll every 100.000 ms).\n\n"))
        #expect(report.contains("## Swarm: 1 seed under random faults\n\nSeed 1, whatever the experiment's own seed. "))
        #expect(report.contains(" of 1 seed kept every promise.\n\n"))
        #expect(report.contains("## Placement: 10 partitions × 1 copy\n"))
        #expect(report.contains("Evenest split: jump with 1 broker ("))
    }

    @Test func theSplitIsCalledCoarseOnlyBesideAnAnalysisOverMorePartitions() {
        #expect(QueueResult.coarseness(partitions: 4, analysis: nil) == "")
    }
}
