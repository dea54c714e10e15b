import OrderedCollections

/// Keeps N replicas serving behind a balancer: checks every replica's heartbeat on an interval,
/// takes a replica that stops answering off the map, and spawns a replacement with a random
/// hostname after a spawn delay (the time a new container takes to start).
public actor ReplicaManager {
    /// When to check and when to give up on a replica.
    public struct Configuration: Sendable, Equatable {
        /// Time between two rounds of heartbeats.
        public var interval: Duration
        /// How long a heartbeat may take before it counts as missed.
        public var timeout: Duration
        /// Consecutive missed heartbeats after which a replica is declared dead.
        public var missesBeforeDown: Int
        /// Time from declaring a replica dead to its replacement serving.
        public var spawnDelay: Duration

        public init(interval: Duration = .seconds(1), timeout: Duration = .milliseconds(500), missesBeforeDown: Int = 2, spawnDelay: Duration = .seconds(2)) {
            self.interval = interval
            self.timeout = timeout
            self.missesBeforeDown = missesBeforeDown
            self.spawnDelay = spawnDelay
        }
    }

    /// One thing the manager did, for the report.
    public struct Event: Sendable, Equatable {
        public enum Kind: String, Sendable { case declaredDead = "declared dead", replacementServing = "replacement serving" }
        public var kind: Kind
        public var at: VirtualInstant
        /// The replica concerned (the dead one, or the replacement).
        public var hostname: String
        /// For a replacement, the replica it replaces.
        public var replaces: String?
    }

    public nonisolated let unownedExecutor: UnownedSerialExecutor
    public nonisolated let configuration: Configuration
    private let balancer: LoadBalancer
    private let network: Network
    private var misses = OrderedDictionary<Int, Int>()
    /// What happened, in order (readable after the run).
    public nonisolated let log = ReplicaEventLog()

    public init(balancer: LoadBalancer, network: Network, configuration: Configuration = Configuration()) {
        self.balancer = balancer
        self.network = network
        self.configuration = configuration
        unownedExecutor = network.simulation.executor.asUnownedSerialExecutor()
    }

    /// Starts the heartbeat loop as a daemon task of the simulation. Rounds are due at a fixed rate
    /// (one every `interval` from now) and never overlap: a round that waits longer than an interval
    /// for its timeouts delays the next, which starts as soon as it ends — so with a `timeout` above
    /// the `interval`, missed rounds come one `timeout` apart.
    public nonisolated func start() {
        let simulation = network.simulation
        let first = simulation.now
        simulation.spawn("replica-manager", daemon: true) { _ in
            var round: Int64 = 1
            while true {
                let next = first.advanced(by: self.configuration.interval * round)
                if simulation.now < next { guard await simulation.sleepUnlessTornDown(until: next) else { return } }
                round += 1
                await self.checkAll()
            }
        }
    }

    /// One round: every replica's heartbeat, concurrently; then act on the misses.
    private func checkAll() async {
        let replicas = await balancer.replicas.values.map { $0 }
        let results = await withTaskGroup(of: (Int, Bool).self) { group in
            for replica in replicas {
                group.addTask { [network, balancer, configuration] in
                    let heartbeat = Request(id: 0, path: "heartbeat", key: 0, client: balancer.id)
                    let answered = (try? await network.call(from: balancer.id, to: replica.server, timeout: configuration.timeout, request: heartbeat))?.status == 200
                    return (replica.id, answered)
                }
            }
            var collected: [(Int, Bool)] = []
            for await result in group { collected.append(result) }
            return collected.sorted { $0.0 < $1.0 }
        }
        for (serverID, answered) in results {
            network.simulation.trace.record(.healthCheck, "replica-manager", String(serverID), value: answered ? 1 : 0)
            if answered {
                misses[serverID] = 0
                continue
            }
            misses[serverID, default: 0] += 1
            guard misses[serverID] == configuration.missesBeforeDown,
                  let dead = replicas.first(where: { $0.id == serverID }) else { continue }
            misses[serverID] = nil
            await balancer.remove(serverID: serverID)
            log.append(Event(kind: .declaredDead, at: network.simulation.now, hostname: dead.hostname))
            network.simulation.spawn("respawn-\(dead.hostname)", daemon: true) { _ in
                await self.network.simulation.sleep(for: self.configuration.spawnDelay)
                await self.replace(dead.hostname)
            }
        }
    }

    private func replace(_ hostname: String) async {
        let name = await balancer.randomHostname()
        if let replacement = await balancer.addReplica(hostname: name) {
            log.append(Event(kind: .replacementServing, at: network.simulation.now, hostname: replacement.hostname, replaces: hostname))
        }
    }
}

/// The replica manager's events. `@unchecked Sendable`: written only on the simulation thread.
public final class ReplicaEventLog: @unchecked Sendable {
    public private(set) var events: [ReplicaManager.Event] = []
    func append(_ event: ReplicaManager.Event) { events.append(event) }
}
