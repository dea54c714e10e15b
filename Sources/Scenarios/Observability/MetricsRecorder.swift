import Simulator

/// Turns a run's observations into Prometheus time series: counters of requests, attempts,
/// store requests, backups and faults, gauges of queues, connections and progress, and a
/// summary of client latency. Every change is kept with its virtual time; ``series(until:)``
/// samples them at a fixed interval after the run.
///
/// Labels come from an observation's node, name, outcome and ``Observation/subject`` — never
/// from its ``Observation/detail``, which is words for a reader: a name is a label as it is,
/// whatever characters it holds, and the words may change without moving a series.
///
/// `@unchecked Sendable`: fed only on the simulation thread, read after the run.
final class MetricsRecorder: @unchecked Sendable {
    /// The most samples a series gets when no interval is given.
    static let targetSamples = 1_000

    /// One labelled series of a family.
    struct SeriesKey: Hashable, Comparable {
        let family: String
        /// `name="value"` pairs, in the family's label order.
        let labels: [Label]

        static func < (a: SeriesKey, b: SeriesKey) -> Bool {
            a.family != b.family ? a.family < b.family : a.labels.lexicographicallyPrecedes(b.labels)
        }
    }

    struct Label: Hashable, Comparable {
        let name: String
        let value: String

        static func < (a: Label, b: Label) -> Bool { (a.name, a.value) < (b.name, b.value) }
    }

    /// Every change of every series: (virtual nanoseconds, value after the change).
    private(set) var changes: [SeriesKey: [(time: Int64, value: Double)]] = [:]
    /// Latencies of finished client requests, in the order they finished.
    private(set) var latencies: [(time: Int64, seconds: Double)] = []
    private var current: [SeriesKey: Double] = [:]
    /// The end-offset and high-watermark series of each queue partition, so that an election
    /// ends its former leaders' without a walk over every series: a world of 100,000 partitions
    /// elects tens of thousands of leaders when a broker dies.
    private var partitionSeries: [TopicPartition: Set<SeriesKey>] = [:]
    /// Consumer-group lag (``MetricFamily/queueConsumerGroupLag``), by partition:
    /// its leader as the last election named it (nil before any: the first leader is the only
    /// broker showing its high watermark), that leader's high watermark, and each group with a
    /// series on it and its committed offset, in the order the series started (looked up by
    /// partition, never iterated across partitions).
    private var partitionLeader: [TopicPartition: String] = [:]
    private var leaderHighWatermark: [TopicPartition: Double] = [:]
    private var groupOffsets: [TopicPartition: [(group: String, committed: Double)]] = [:]
    /// Each job's series of ``MetricFamily/jobs`` as the coordinator's `job` span counted it, by
    /// job id: taken back when the job's client gives up.
    private var coordinatorJobEnds: [String: SeriesKey] = [:]
    /// The families seen, by name.
    private(set) var families: [String: MetricFamily] = [:]

    /// Records `observation` as of its time.
    func record(_ observation: Observation) {
        latestTime = observation.time.nanoseconds
        apply(observation)
    }

    private func apply(_ observation: Observation) {
        let node = observation.node
        let subject = observation.subject
        switch (observation.subsystem, observation.shape, observation.name) {
        case (.traffic, .span, "request"):
            add(.clientRequests, ["outcome": observation.outcome])
            latencies.append((observation.time.nanoseconds, observation.start.duration(to: observation.time).seconds))
            families[MetricFamily.clientLatency.name] = .clientLatency
        case (.traffic, .span, "serve"):
            add(.serverRequests, ["server": node, "code": observation.outcome])
            add(.serverBusy, ["server": node], observation.start.duration(to: observation.time).seconds)
        case (.traffic, .gauge(let level), "in service"): set(.serverInService, ["server": node], level)
        case (.traffic, .gauge(let level), "queue length"): set(.serverQueue, ["server": node], level)
        case (.traffic, .gauge(let level), "connections"): set(.balancerConnections, ["balancer": node, "server": subject.peer ?? ""], level)
        case (.traffic, .gauge(let level), "pooled connections"): set(.balancerPooledConnections, ["balancer": node, "state": subject.state ?? ""], level)
        case (.traffic, .instant, let event): add(.balancerEvents, ["balancer": node, "server": subject.peer ?? "", "event": event])
        // Attempts are counted as the coordinator judged them, so that the outcomes sum to the
        // job report's figures (a fetch failure, a crash or an unavailable input is `lost`, as
        // in the report; the worker's own span of an attempt only says what the worker saw).
        case (.mapreduce, .instant, "map attempt judged"), (.mapreduce, .instant, "reduce attempt judged"):
            add(.attempts, ["worker": node, "kind": observation.name == "map attempt judged" ? "map" : "reduce", "outcome": observation.outcome])
        // A counter cannot go down: an attempt judged again (a completed map whose output was
        // lost afterwards) keeps its first judgement above and is counted again here, by what
        // it became.
        case (.mapreduce, .instant, "map attempt rejudged"), (.mapreduce, .instant, "reduce attempt rejudged"):
            add(.rejudgedAttempts, ["worker": node, "kind": observation.name == "map attempt rejudged" ? "map" : "reduce", "outcome": observation.outcome])
        case (.mapreduce, .span, "fetch"):
            add(.fetches, ["worker": node, "outcome": observation.outcome])
            add(.fetchedBytes, ["worker": node], Double(observation.value))
        case (.mapreduce, .span, "job"):
            let key = key(.jobs, ["job": subject.job ?? "", "outcome": Self.word(observation.outcome)])
            coordinatorJobEnds[subject.job ?? ""] = key
            add(key)
        // The client gave up on the job: it failed, as every report says, whatever the coordinator
        // said before it stopped answering. Its `succeeded` series (a job done just before the
        // coordinator died for good) is taken back whole, so that the outcomes sum to the reports'.
        case (.mapreduce, .span, MapReduce.Cluster.gaveUpSpan):
            if let earlier = coordinatorJobEnds.removeValue(forKey: subject.job ?? "") {
                changes[earlier] = nil
                current[earlier] = nil
            }
            add(.jobs, ["job": subject.job ?? "", "outcome": Self.word(observation.outcome)])
        case (.mapreduce, .gauge(let level), "running attempts"): set(.runningAttempts, ["worker": node], level)
        case (.mapreduce, .gauge(let level), "tasks completed"): set(.tasksCompleted, ["job": subject.job ?? ""], level)
        // "worker up" (a lost worker heard from again) is the coordinator's other instant; it
        // loses nothing, so only "worker lost" counts.
        case (.mapreduce, .instant, "worker lost"): add(.workersLost, ["coordinator": node])
        case (.log, .gauge(let level), "end offset"):
            set(.logEndOffset, ["log": node, "topic": subject.topic ?? "", "partition": subject.partition.map(String.init) ?? ""], level)
        case (.log, .instant, _): add(.logRebalances, ["log": node])
        case (.store, .span, let kind): add(.storeRequests, ["store": node, "kind": kind, "code": String(observation.value)])
        case (.backup, .span, "backup"): add(.backups, ["host": node, "outcome": Self.word(observation.outcome)])
        case (.backup, .span, "sync"): add(.syncedBytes, ["host": node], Double(observation.value))
        case (.backup, .span, "restore"): add(.restores, ["host": node, "outcome": Self.word(observation.outcome)])
        case (.backup, .gauge(let level), _): set(.lastBackupSize, ["host": node], level)
        // A fault is counted when it strikes, once, as the report lists it: its end (a resume, a
        // heal, a slowdown, error rate, drop rate or latency spike set back) is no fault, a
        // process restart is observed as the restart alone, and a deployment's restart is none,
        // nor is a replica set's change (an operation's `rm` or `add`, the replica manager's).
        case (.network, .instant, "resume"), (.network, .instant, "heal"), (.network, .instant, RunObserver.deploymentRestart): break
        case (.network, .instant, Network.removedFromReplicaSet), (.network, .instant, Network.addedToReplicaSet): break
        case (.network, .instant, let fault) where fault.hasSuffix(" over"): break
        case (.network, .instant, let fault): add(.faults, ["fault": fault, "node": node])
        case (.queue, .gauge(let level), "end offset"), (.queue, .gauge(let level), "high watermark"):
            guard let partition = subject.queuePartition else { break }
            let family: MetricFamily = observation.name == "end offset" ? .queueEndOffset : .queueHighWatermark
            let labels = ["broker": node, "topic": partition.topic, "partition": partition.partitionName]
            partitionSeries[partition, default: []].insert(key(family, labels))
            set(family, labels, level)
            if observation.name == "high watermark", partitionLeader[partition].map({ $0 == node }) ?? true {
                leaderHighWatermark[partition] = level
                updateGroupLags(of: partition)
            }
        case (.queue, .gauge(let level), "committed"):
            // The group coordinator accepted a commit of the subject's group on its partition.
            guard let partition = subject.queuePartition else { break }
            noteGroup(subject.group ?? "", on: partition, committed: level)
        case (.queue, .gauge(let level), "lag"):
            guard let partition = subject.queuePartition else { break }
            set(.queueConsumerLag, ["consumer": node, "group": subject.group ?? "", "topic": partition.topic, "partition": partition.partitionName], level)
            noteGroup(subject.group ?? "", on: partition, committed: nil)
        case (.queue, .instant, "lag released"):
            // The consumer no longer owns the partition: its lag series ends (no more samples).
            guard let partition = subject.queuePartition else { break }
            end(.queueConsumerLag, ["consumer": node, "group": subject.group ?? "", "topic": partition.topic, "partition": partition.partitionName])
        case (.queue, .instant, "offset reset"):
            add(.queueOffsetResets, ["consumer": node, "group": subject.group ?? ""])
        case (.queue, .instant, "rebalance"): add(.queueRebalances, ["coordinator": node])
        // A partition's leadership moved (or it went offline): the replicas that no longer lead it
        // end their end-offset and high-watermark series, which held a former leader's last value
        // to the end of the run; the new leader's start at once (the broker shows them as elected).
        case (.queue, .instant, "leader elected"), (.queue, .instant, "partition offline"):
            let leader = observation.name == "leader elected" ? subject.peer : nil
            if let partition = subject.queuePartition {
                endFormerLeaders(of: partition, leader: leader)
                // A new leader shows its high watermark at once (``QueueBroker/observeElected``); an
                // offline partition's groups keep its last leader's.
                if let leader { partitionLeader[partition] = leader }
            }
            add(.queueControllerEvents, ["event": observation.name, "broker": subject.peer ?? ""])
        // A group's member evicted or gone: the coordinating broker's event (its subject is the
        // group, not a broker).
        case (.queue, .instant, let event) where event.hasPrefix("member "): add(.queueControllerEvents, ["event": event, "broker": node])
        case (.queue, .instant, let event): add(.queueControllerEvents, ["event": event, "broker": subject.peer ?? ""])
        default: break
        }
    }

    /// `group` reads `partition` (a member fetched it: `committed` nil) or committed `committed`
    /// on it: its lag series starts, from committed offset 0, or moves.
    private func noteGroup(_ group: String, on partition: TopicPartition, committed: Double?) {
        if let index = groupOffsets[partition]?.firstIndex(where: { $0.group == group }) {
            guard let committed else { return }
            groupOffsets[partition]![index].committed = committed
        } else {
            groupOffsets[partition, default: []].append((group, committed ?? 0))
        }
        setGroupLag(group, on: partition, committed: committed ?? groupOffsets[partition]!.first { $0.group == group }!.committed)
    }

    /// The partition's high watermark moved (or its leader changed): every group's lag on it.
    private func updateGroupLags(of partition: TopicPartition) {
        for (group, committed) in groupOffsets[partition] ?? [] { setGroupLag(group, on: partition, committed: committed) }
    }

    private func setGroupLag(_ group: String, on partition: TopicPartition, committed: Double) {
        set(.queueConsumerGroupLag, ["group": group, "topic": partition.topic, "partition": partition.partitionName],
            max(0, (leaderHighWatermark[partition] ?? 0) - committed))
    }

    private func add(_ family: MetricFamily, _ labels: [String: String], _ amount: Double = 1) {
        add(key(family, labels), amount)
    }

    private func add(_ key: SeriesKey, _ amount: Double = 1) {
        let value = (current[key] ?? 0) + amount
        current[key] = value
        append(key, value)
    }

    private func set(_ family: MetricFamily, _ labels: [String: String], _ level: Double) {
        let key = key(family, labels)
        guard current[key] != level else { return }
        current[key] = level
        append(key, level)
    }

    /// Ends a gauge's series: no samples from now until it is set again (a NaN change, which
    /// ``OpenMetricsText`` writes as no sample). A series never set is left alone.
    private func end(_ family: MetricFamily, _ labels: [String: String]) {
        let key = key(family, labels)
        guard let level = current[key], !level.isNaN else { return }
        current[key] = .nan
        append(key, .nan)
    }

    /// Ends the end-offset and high-watermark series of `partition` on every broker but `leader`
    /// (all of them when it has none), in key order.
    private func endFormerLeaders(of partition: TopicPartition, leader: String?) {
        let leaderLabel = Label(name: "broker", value: leader ?? "")
        for key in (partitionSeries[partition] ?? []).sorted() where !key.labels.contains(leaderLabel) {
            guard let level = current[key], !level.isNaN else { continue }
            current[key] = .nan
            append(key, .nan)
        }
    }

    private func key(_ family: MetricFamily, _ labels: [String: String]) -> SeriesKey {
        families[family.name] = family
        return SeriesKey(family: family.name, labels: family.labels.map { Label(name: $0, value: labels[$0] ?? "") })
    }

    private func append(_ key: SeriesKey, _ value: Double) {
        changes[key, default: []].append((latestTime, value))
    }

    /// The time of the observation being recorded.
    private var latestTime: Int64 = 0

    /// The first word of an outcome (`failed: …` → `failed`).
    static func word(_ outcome: String) -> String {
        String(outcome.prefix { $0 != ":" })
    }
}

extension Observation.Subject {
    /// The queue partition the observation is about, if it names one.
    fileprivate var queuePartition: TopicPartition? {
        guard let topic, let partition else { return nil }
        return TopicPartition(topic, partition)
    }
}
