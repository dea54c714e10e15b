import Simulator

/// One run of the queue: what the audit found, what the controller decided, and per partition
/// what was written, read and how far the readers trailed.
public struct QueueRunResult: Sendable {
    public let name: String
    public let acks: QueueConfiguration.Acknowledgements
    public let replication: Int
    public let faults: [FaultSchedule.Entry]
    /// The faults as every report lists them (``FaultSchedule/reportLines(_:end:recorded:)``,
    /// from what the run's network ignored): a partition and its heal one fault with its length.
    public let listedFaults: [String]
    public let audit: QueueAudit
    public let events: [QueueEvent]
    public let groups: [String]
    /// Per partition (audit order), records of each producer (producers' order) in the final log.
    public let recordsByProducer: [[Int]]
    public let producers: [String]
    /// Per group (``groups`` order) and partition: distinct offsets handed over, and the largest
    /// number of acknowledged records not yet handed over at any instant.
    public let deliveredByGroup: [[Int]]
    public let maximumLag: [[Int]]
    /// Per group and partition: whether the group reads the partition. A partition it does not
    /// subscribe to has no lag for it, though its records count as "not yet handed over" (a
    /// consumer of T1:P1 and T1:P2 read "max lag 100" on T1:P3); the reports write "—" there.
    public let readsPartition: [[Bool]]
    /// From acknowledgement to first delivery, over every group.
    public let deliveryLatency: LatencyHistogram
    /// Messages whose producer gave up after its last attempt (``QueueLedger/unacknowledged``),
    /// and those of them in their partition's final log anyway (appended, the answer lost).
    public let gaveUp: Int
    public let gaveUpInLog: Int
    public let digest: String

    /// Runs `spec`'s queue with `run`'s faults and overrides from `seed`.
    static func run(_ spec: QueueExperimentSpec, _ run: QueueExperimentSpec.Run, seed: UInt64,
                    producers: [QueueProducerSpec]? = nil) throws(PlacementError) -> QueueRunResult {
        var configuration = spec.configuration
        if let acks = run.acks { configuration.acks = acks }
        if let replication = run.replication { configuration.replication = replication }
        let simulation = Simulation(seed: seed)
        let network = Network(simulation: simulation, defaultLink: spec.defaultLink)
        for link in spec.links { network.setLink(from: link.from, to: link.to, link.profile) }
        var section = spec.queue
        section.configuration = configuration
        if let producers { section.producers = producers }
        let queue = try section.start(on: network)
        FaultInjector.schedule(run.faults, on: network)
        let groups = spec.groups.map { ($0.name, queue.partitions($0.targets)) }
        let box = AuditBox()
        simulation.spawn("queue.audit") { _ in
            await simulation.sleep(until: .after(spec.duration))
            box.audit = await QueueAudit.of(queue, groups: groups)
        }
        do {
            try simulation.run(until: .after(spec.duration))
        } catch {
            preconditionFailure("a queue run has no deadlock and stays within its checked budget: \(error)")
        }
        simulation.tearDown()
        guard let audit = box.audit else { preconditionFailure("the audit runs at the end of the run") }
        return QueueRunResult(run: run, configuration: configuration, audit: audit, queue: queue, groups: groups.map(\.0),
                              readPartitions: groups.map { Set($0.1) },
                              producers: section.producers.map(\.id.name), digest: simulation.trace.digestHex, end: .after(spec.duration),
                              recorded: network.faultsWithoutEffect)
    }

    init(run: QueueExperimentSpec.Run, configuration: QueueConfiguration, audit: QueueAudit, queue: ShardedQueue, groups: [String],
         readPartitions: [Set<TopicPartition>], producers: [String], digest: String, end: VirtualInstant, recorded: FaultsWithoutEffect) {
        name = run.name
        acks = configuration.acks
        replication = configuration.replication
        faults = run.faults
        listedFaults = FaultSchedule.reportLines(run.faults.map { FaultSchedule.Listed($0) }, end: end, recorded: recorded)
        self.audit = audit
        events = queue.controller.events
        self.groups = groups
        readsPartition = readPartitions.map { read in audit.logs.map { read.contains($0.partition) } }
        self.producers = producers
        self.digest = digest
        recordsByProducer = audit.logs.map { log in producers.map { name in log.records.filter { $0.message.producer == name }.count } }
        let ledger = queue.ledger
        gaveUp = ledger.unacknowledged.count
        gaveUpInLog = Self.inLogs(ledger.unacknowledged, audit.logs)
        var delivered: [[Int]] = [], lag: [[Int]] = []
        var latency = LatencyHistogram()
        for group in groups {
            var handed: [Int] = [], worst: [Int] = []
            for log in audit.logs {
                let acknowledgements = ledger.acknowledged.filter { $0.partition == log.partition }
                let deliveries = ledger.deliveries.filter { $0.group == group && $0.partition == log.partition }
                var firstDelivery: [Int: VirtualInstant] = [:]
                for delivery in deliveries where firstDelivery[delivery.offset] == nil { firstDelivery[delivery.offset] = delivery.time }
                handed.append(firstDelivery.count)
                // Lag: acknowledged minus handed over, at every instant either changes (acks first at a tie).
                var changes = acknowledgements.map { ($0.time, 0, 1) } + firstDelivery.values.map { ($0, 1, -1) }
                changes.sort { ($0.0, $0.1) < ($1.0, $1.1) }
                var current = 0, maximum = 0
                for change in changes {
                    current += change.2
                    maximum = max(maximum, current)
                }
                worst.append(maximum)
                for acknowledgement in acknowledgements {
                    // A reader may get a record before its producer hears the acknowledgement: 0.
                    if let first = firstDelivery[acknowledgement.offset] {
                        latency.record(max(.zero, acknowledgement.time.duration(to: first)))
                    }
                }
            }
            delivered.append(handed)
            lag.append(worst)
        }
        deliveredByGroup = delivered
        maximumLag = lag
        deliveryLatency = latency
    }

    /// How many of `messages` (counted as often as they are listed) are in `logs`, within or past
    /// their high watermarks. Only `messages` are hashed, and a record's message only when its
    /// sequence number is one of theirs: a set of every record's message (its producer's name and
    /// key hashed) cost the queue experiment ~1 % of its instructions, most runs giving up on none.
    static func inLogs(_ messages: [QueueMessage], _ logs: [QueueAudit.PartitionLog]) -> Int {
        guard !messages.isEmpty else { return 0 }
        let wanted = Set(messages), sequences = Set(messages.map(\.sequence))
        var found = Set<QueueMessage>()
        for log in logs {
            for records in [log.records, log.beyondHighWatermark] {
                for record in records where sequences.contains(record.message.sequence) && wanted.contains(record.message) {
                    found.insert(record.message)
                }
            }
        }
        return messages.filter { found.contains($0) }.count
    }

    /// Leadership changes the controller made.
    public var elections: Int { events.filter { $0.kind == .leaderElected }.count }
    /// Messages sent and neither acknowledged nor given up on: an attempt still waiting for its
    /// answer, or a producer between attempts, when the run stopped.
    public var inFlightAtEnd: Int { audit.sent - audit.acknowledged - gaveUp }
}

/// Carries the audit out of the simulation. `@unchecked Sendable`: written by one task on the
/// simulation thread, read after the run.
private final class AuditBox: @unchecked Sendable {
    var audit: QueueAudit?
}
