/// The sharded queue's controller: it places partitions on brokers, knows each partition's leader,
/// leader epoch and in-sync replicas, checks the brokers with heartbeats, and moves leadership
/// when a broker stops answering — Kafka's controller, with its own quorum not modelled: brokers
/// and clients read its metadata at once (no stale metadata caches), and that metadata is durable
/// (Kafka keeps it in its metadata log). A crash of its node stops its process: it checks no
/// broker and moves no group coordinator until it is up again, then recovers (``recover()``).
///
/// It also keeps the consumer groups' state, standing for the replicated offsets topic, but it
/// does not coordinate them: each group's coordinator is a broker, the first live replica of the
/// group's offsets partition in its metadata (QueueController+Coordinators.swift), and groups
/// move when it declares that broker dead or one earlier in the order back.
///
/// Its heartbeats do cross the network, so a broker cut off from the controller by a partition is
/// declared dead like a crashed one (and fenced: it no longer leads anything). So do the leaders'
/// requests to change an in-sync set (``alterPartition(_:)``, Kafka's AlterPartition): a leader
/// cut off from the controller, or whose controller is down, cannot shrink its in-sync set.
///
/// `@unchecked Sendable`: touched only on the simulation thread (by the actors and tasks of one
/// simulation, all on its serial executor).
public final class QueueController: @unchecked Sendable {
    /// The controller's node.
    public let id: NodeID
    public let configuration: QueueConfiguration
    let network: Network
    let simulation: Simulation
    /// The controller's node, whose state says whether its process runs.
    let node: NetworkNode
    /// The brokers, in broker-number order.
    public private(set) var brokers: [QueueBroker] = []
    /// Whether the controller considers each broker (same order) alive.
    private(set) var alive: [Bool] = []
    /// When each broker last answered a check (or, after a restart, when the controller came back).
    var lastHeard: [VirtualInstant] = []
    /// Where the replicas of every partition live.
    public let placement: PartitionPlacement
    /// Leader, epoch and in-sync replicas of each partition, in ``PartitionPlacement/partitions`` order.
    /// Written here and by the AlterPartition handler (``alterPartition(_:)``).
    var states: [PartitionState]
    /// Each partition's name and its stable hash, in the same order: what the trace and the
    /// gauges call it at every append, named once rather than at each.
    let partitionLabels: [TraceLabel]
    /// What the controller decided, in order: the partition history the report shows.
    public private(set) var events: [QueueEvent] = []
    /// The consumer groups: the offsets topic's state, whichever broker coordinates each (looked
    /// up by name; iterated only in name order).
    var groups: [String: GroupState] = [:]

    /// The live view of one partition.
    public struct PartitionState: Sendable, Equatable {
        public var replicas: [Int]
        /// The broker taking writes and serving reads; nil while no in-sync replica is alive.
        public var leader: Int?
        /// Bumped at every leadership change; replication messages of older epochs are refused.
        public var epoch: Int
        /// The replicas known to hold every acknowledged record, in replica order.
        public var inSync: [Int]
        /// Bumped at every change of the leader or the in-sync set (Kafka's partition epoch, KIP-497):
        /// a leader's AlterPartition request names the one it saw, and is refused when the partition
        /// has changed since (INVALID_UPDATE_VERSION).
        public var partitionEpoch: Int = 0
    }

    /// A controller on node `id` for `brokers` (numbered by their ``QueueBroker/number``) with the
    /// partitions of `placement`, each led at first by its preferred replica.
    public init(_ id: NodeID = "controller", placement: PartitionPlacement, configuration: QueueConfiguration, network: Network) {
        self.id = id
        self.placement = placement
        self.configuration = configuration
        self.network = network
        simulation = network.simulation
        states = placement.replicas.map { PartitionState(replicas: $0, leader: $0.first, epoch: 0, inSync: $0) }
        partitionLabels = placement.partitions.map { TraceLabel($0.description) }
        node = network.addNode(id)
        network.onRestart(id) { [unowned self] in recover() }
    }

    /// Registers the brokers (in number order) and starts checking them.
    func attach(_ brokers: [QueueBroker]) {
        self.brokers = brokers.sorted { $0.number < $1.number }
        alive = Array(repeating: true, count: brokers.count)
        lastHeard = Array(repeating: simulation.now, count: brokers.count)
        for index in self.brokers.indices { startHeartbeats(index) }
        for broker in self.brokers {
            let number = broker.number
            network.onRestart(broker.id) { [unowned self] in coordinatorRestarted(number) }
        }
    }

    // MARK: Metadata

    /// The state of `partition`, or nil for a partition the queue does not have.
    public func state(of partition: TopicPartition) -> PartitionState? {
        placement.index(of: partition).map { states[$0] }
    }

    /// The broker numbered `number`.
    public func broker(_ number: Int) -> QueueBroker? {
        brokers.first { $0.number == number }
    }

    /// Whether the controller considers broker `number` alive.
    public func isAlive(_ number: Int) -> Bool {
        brokers.firstIndex { $0.number == number }.map { alive[$0] } ?? false
    }

    // MARK: In-sync replicas

    /// Runs `body` on the controller across the network from `source`: the way a leader's
    /// AlterPartition request reaches it, so a crashed controller answers nothing (the call times
    /// out), a booting one refuses it, and a partition makes it unreachable.
    func callController<Answer: Sendable>(from source: NodeID, timeout: Duration,
                                          _ body: @escaping @Sendable () -> Answer) async -> Result<Answer, QueueError> {
        await network.callAsProcess(from: source, to: id, timeout: timeout, body).mapError { .network($0) }
    }

    // MARK: Failure detection

    private func startHeartbeats(_ index: Int) {
        let broker = brokers[index]
        let interval = configuration.heartbeatInterval
        simulation.spawn("queue.heartbeat.\(broker.id.name)", daemon: true) { [self] _ in
            // A check due while the controller is paused is sent at its resume, after what the
            // pause held: a paused controller checks nothing and declares no broker dead.
            while await simulation.sleepUnlessTornDown(for: interval, on: node) {
                // A crashed controller checks nothing; a check it sent before it crashed is
                // forgotten with the rest of its process.
                guard isRunning else { continue }
                let incarnation = node.incarnation
                let answered: Bool
                switch await network.callAsProcess(from: id, to: broker.id, timeout: interval, { () }) {
                case .success: answered = true
                case .failure: answered = false
                }
                guard node.incarnation == incarnation, isRunning else { continue }
                heard(index, answered: answered)
            }
        }
    }

    private func heard(_ index: Int, answered: Bool) {
        if answered {
            lastHeard[index] = simulation.now
            if !alive[index] { brokerReturned(index) }
        } else if alive[index], lastHeard[index].duration(to: simulation.now) >= configuration.sessionTimeout {
            brokerDied(index)
        }
    }

    /// A broker missed its checks for a session timeout: it leaves every in-sync set it was in
    /// (unless it was a partition's last in-sync replica), and each partition it led gets the first
    /// live in-sync replica in replica order as leader — or none, and is offline, until one returns.
    private func brokerDied(_ index: Int) {
        alive[index] = false
        let number = brokers[index].number
        note(.brokerDead, nil, number)
        for position in states.indices {
            let partition = placement.partitions[position]
            var state = states[position]
            if state.leader == number {
                let successor = state.replicas.first { $0 != number && state.inSync.contains($0) && isAlive($0) }
                state.epoch += 1
                state.partitionEpoch += 1
                state.leader = successor
                if successor != nil { state.inSync.removeAll { $0 == number } }
                states[position] = state
                note(successor == nil ? .offline : .leaderElected, partition, successor ?? number)
            } else if state.inSync.contains(number) {
                states[position].inSync.removeAll { $0 == number }
                states[position].partitionEpoch += 1
                note(.leftInSync, partition, number)
            }
        }
        moveCoordinators()
    }

    /// A broker answers again: partitions it was the last in-sync replica of get it back as leader;
    /// elsewhere it catches up from the leader and rejoins the in-sync set.
    private func brokerReturned(_ index: Int) {
        alive[index] = true
        let number = brokers[index].number
        note(.brokerBack, nil, number)
        for position in states.indices where states[position].leader == nil && states[position].inSync.contains(number) {
            states[position].leader = number
            states[position].epoch += 1
            states[position].partitionEpoch += 1
            note(.leaderElected, placement.partitions[position], number)
        }
        moveCoordinators()
    }

    func note(_ kind: QueueEvent.Kind, _ partition: TopicPartition?, _ broker: Int) {
        events.append(QueueEvent(time: simulation.now, kind: kind, partition: partition, broker: broker))
        simulation.trace.record(.custom, id.name, "\(kind.rawValue) \(partition?.description ?? "") b\(broker)")
        simulation.observeInstant(.queue, id.name, kind.rawValue, detail: "broker-\(broker)" + (partition.map { " \($0)" } ?? ""),
                                  subject: Observation.Subject(topic: partition?.topic, partition: partition?.index, self.broker(broker).map { .peer($0.id.name) }))
        if kind == .leaderElected, let partition, let index = placement.index(of: partition) {
            self.broker(broker)?.observeElected(toLead: index)
        }
    }
}

/// One decision of the controller.
public struct QueueEvent: Sendable, Equatable {
    public enum Kind: String, Sendable {
        case brokerDead = "broker dead"
        case brokerBack = "broker back"
        case leaderElected = "leader elected"
        case offline = "partition offline"
        case leftInSync = "left the in-sync set"
        case joinedInSync = "joined the in-sync set"
    }

    public let time: VirtualInstant
    public let kind: Kind
    /// The partition concerned; nil for a broker's own state.
    public let partition: TopicPartition?
    /// The broker concerned (the new leader for an election).
    public let broker: Int
}
