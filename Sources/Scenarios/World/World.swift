import Reports
import Simulator

/// One simulation holding every subsystem a scenario has, wired by node name on one network:
/// the servers and the balancer in front of them, the MapReduce cluster (whose nodes may host
/// those servers), the partitioned log its jobs read, the object store its outputs go to, and the
/// backup manager that syncs them. Built in a fixed order, so a world is fully determined by its
/// scenario and seed.
///
/// `@unchecked Sendable`: built before the run on the calling thread, touched during the run only
/// from tasks on the simulation's executor, and read after the run.
final class World: @unchecked Sendable {
    let scenario: Scenario
    let seed: UInt64
    let simulation: Simulation
    let network: Network

    // MARK: Traffic
    var servers: [ServerReplica] = []
    var balancer: LoadBalancer?
    var replicas: [LoadBalancer.Replica] = []
    let trafficMetrics = WorkloadMetrics()
    /// The deployment's record, when the scenario has one.
    var deployment: DeploymentRecord?
    /// What the zones measured, when the scenario has zones.
    var zoneStats: ZoneStats?

    // MARK: MapReduce
    var cluster: MapReduce.Cluster?
    /// One record per job of the scenario, in its order.
    var jobs: [WorldJob] = []

    // MARK: Log
    var log: PartitionedLog?
    var producers: [ProducerRecord] = []

    // MARK: Queue
    var queue: ShardedQueue?

    // MARK: Store
    var store: ObjectStore?
    /// The client job outputs and inputs go through (on the MapReduce client's node).
    var jobStoreClient: ObjectStoreClient?
    var operationOutcome: Result<[OperationOutcome], OperationStepFailure>?

    // MARK: Backup
    var backupManager: BackupManager?
    var restoreChecks: [BackupResult.RestoreCheck?] = []
    /// What each restore brought back, when it did.
    var restoredDirectories: [SourceDirectory?] = []

    /// The fault timeline applied to the network, in order.
    var networkFaults: [FaultSchedule.Entry] = []
    /// The cluster's own faults (its chaos included), in order.
    var clusterFaults: [MapReduce.ClusterFault.Entry] = []
    /// The faults the cluster's chaos drew, in order (the fault list pairs them in time order;
    /// the file's own it lists in the order written).
    var clusterChaosFaults: [MapReduce.ClusterFault.Entry] = []

    /// The node the MapReduce client submits jobs from: `client`, unless the workload's clients
    /// use that name.
    var jobClientID: NodeID { scenario.workload == nil ? "client" : "job-client" }

    init(_ scenario: Scenario, seed: UInt64, traceSink: ((TraceEvent) -> Void)?, observer: (any SimulationObserver)? = nil) {
        self.scenario = scenario
        self.seed = seed
        simulation = Simulation(seed: seed)
        simulation.trace.sink = traceSink
        simulation.observer = observer
        network = Network(simulation: simulation, defaultLink: scenario.defaultLink)
        for link in scenario.links { network.setLink(from: link.from, to: link.to, link.profile) }
    }

    /// The order the parts are built in: the traffic first, then the log and the store before the
    /// cluster that reads and writes them, the backup manager last. Every part is asked; one whose
    /// section the scenario lacks builds nothing.
    static let buildOrder: [Subsystem] = [.balancer, .log, .queue, .store, .mapreduce, .backup]
    /// The order the parts start their activities in: explicit operations, producers, job submissions.
    static let startOrder: [Subsystem] = [.store, .log, .queue, .mapreduce]

    /// Builds every subsystem, schedules the faults, runs the world to its end, and returns why
    /// it stopped early, if it did.
    func run() -> String? {
        for subsystem in World.buildOrder { subsystem.part.build(in: self) }
        for subsystem in World.startOrder { subsystem.part.start(in: self) }
        scheduleFaults()
        keepAliveUntilDuration()
        do {
            try simulation.runToCompletion(timeLimit: .after(scenario.limits.timeLimit), eventLimit: scenario.limits.eventLimit)
            try runOnToScheduledWork()
            return nil
        } catch {
            return Self.stopReason(error, lastEvent: simulation.now)
        }
    }

    /// Work the file scheduled that keeps no task running until it comes, which a world whose
    /// last foreground task ended first runs on to, up to its time limit (each a timer the run
    /// would drop, ``Simulation/runToCompletion(timeLimit:eventLimit:livelockEvents:)``):
    ///
    /// - A paused log appends what it held at its resume (README's `pause`: a SIGSTOPped Kafka
    ///   broker appends the produce requests waiting in its sockets once it is continued). A log
    ///   paused from 1.5 s for 90 s whose producer gave up its last record at 74 s ended there
    ///   with 2 records; it now ends at 91.5 s with the 40 copies the pause held appended
    ///   (``Network/lastResume(holdingWorkOn:)``). Only the log's pause does, as its records at
    ///   the end are what the log's figures count; another paused node (a server, a worker, a
    ///   broker) ends with the world as before.
    /// - A log or queue producer crashed before its last record or message starts again once its
    ///   node's next restart has booted (README: "a restart starts it again once booted"): a lone
    ///   log producer of 10,000 records crashed at 10.5 s and restarted at 20 s ended the run at
    ///   11 s with 11 records; a queue producer of 30 messages at 1/s crashed at 10.5 s and
    ///   restarted at 40 s ended its 30 s world there, PASS with 11 messages sent, the restart
    ///   "not reached".
    private func runOnToScheduledWork() throws(SimulationError) {
        let limit = VirtualInstant.after(scenario.limits.timeLimit)
        var reached: VirtualInstant?
        // Each round reaches a later instant or none: at the instant itself the resume (or the
        // boot's end) fires before the wake-up below, which is set later.
        while let until = scheduledWork(), until <= limit, reached.map({ until > $0 }) ?? true {
            reached = until
            let simulation = simulation
            simulation.spawn("world.scheduled-work") { _ in
                await simulation.sleep(until: until)
                // A boot's end at this instant was set at its restart, after this task slept:
                // one more turn lets it start the producer's new process first.
                await simulation.sleep(for: .zero)
            }
            let spent = min(simulation.executor.eventsProcessed, scenario.limits.eventLimit)
            try simulation.runToCompletion(timeLimit: limit, eventLimit: scenario.limits.eventLimit - spent)
        }
    }

    /// The latest of ``runOnToScheduledWork()``'s instants still ahead, nil when none is.
    private func scheduledWork() -> VirtualInstant? {
        var latest = log.flatMap { network.lastResume(holdingWorkOn: [$0.id]) }
        let now = simulation.now
        // Every producer the world keeps records of: the log's (its record's end) and the
        // queue's (its schedule's).
        let unfinished = producers.filter { $0.finishedAt == nil }.map(\.producer.id) + (queue?.unfinishedProducers ?? [])
        for producer in unfinished {
            // Booting now: its restart is past, its boot's end ahead (a producer crashed at 5 s
            // and restarted at 6 s booting 30 s ended its 20 s world at 20 s, PASS with 100 of its
            // 300 records, the new process never started).
            if let booted = bootEnd(of: producer), booted > now { latest = max(latest ?? booted, booted) }
            let restart = networkFaults.first { entry in
                guard entry.at >= now, case .restart(let id, _) = entry.fault else { return false }
                return id == producer
            }
            guard let restart, case .restart(_, let bootTime) = restart.fault else { continue }
            let booted = restart.at.advanced(by: bootTime)
            latest = max(latest ?? booted, booted)
        }
        return latest
    }

    /// When `node`'s boot ends, if the network has it booting after one of the file's restarts
    /// (its last change of liveness is to booting, at that restart's instant).
    private func bootEnd(of node: NodeID) -> VirtualInstant? {
        guard let change = network.stateChanges.changes.last(where: { change in
            guard change.node == node, case .state = change.kind else { return false }
            return true
        }), change.kind == .state(.starting) else { return nil }
        let restart = networkFaults.last { entry in
            guard entry.at == change.at, case .restart(let id, _) = entry.fault else { return false }
            return id == node
        }
        guard let restart, case .restart(_, let bootTime) = restart.fault else { return nil }
        return restart.at.advanced(by: bootTime)
    }

    /// Why the run stopped early, as the reports say it (``SimulationError/reportText``). The
    /// engine stops at its time limit when the next event is due after it, so the clock — the
    /// report's "virtual time" — stands at the last event before the limit: a run said "time limit
    /// reached at t=80.000s" beside a virtual time of 38.517 s. A time-limit stop names both
    /// instants, each as reports write a duration (`80.000 s`, `1,799.524 s`).
    static func stopReason(_ error: SimulationError, lastEvent: VirtualInstant) -> String {
        guard case .timeLimitExceeded(let limit, let unfinished) = error, lastEvent < limit else { return error.reportText }
        return "virtual time limit reached at \(SimulationError.time(limit)) (nothing was due from the last event, at virtual time "
            + "\(SimulationError.time(lastEvent)) where the run's clock stopped, until past it)" + SimulationError.unfinishedClause(unfinished)
    }

    /// When the file sets `run.duration` and the world has daemons (backups, syncs, lifecycle),
    /// keeps it alive until then; a world of clients alone ends when its clients are done.
    private func keepAliveUntilDuration() {
        guard let duration = scenario.limits.duration, scenario.subsystems != [.balancer] else { return }
        let simulation = simulation
        simulation.spawn("world.clock") { _ in await simulation.sleep(until: .after(duration)) }
    }

    private func scheduleFaults() {
        let horizon = VirtualInstant.after(scenario.limits.timeLimit)
        networkFaults = scenario.faults.timeline(seed: seed, horizon: horizon)
        FaultInjector.schedule(networkFaults, on: network)
        guard let cluster, let section = scenario.mapreduce else { return }
        var timeline = section.faults
        if let chaos = section.chaos {
            clusterChaosFaults = chaos.timeline(seed: seed, workers: cluster.workerIDs, coordinator: cluster.coordinator.id, others: cluster.serviceIDs)
            timeline += clusterChaosFaults
        }
        clusterFaults = timeline.enumerated().sorted { ($0.element.at, $0.offset) < ($1.element.at, $1.offset) }.map(\.element)
        cluster.schedule(clusterFaults)
    }
}

/// A record carried out of the simulation. `@unchecked Sendable`: written on the simulation
/// thread (by the producer's task, and by the log as a copy lands), read after the run.
final class ProducerRecord: @unchecked Sendable {
    let producer: LogSection.Producer
    var acknowledged: [LogPosition] = []
    /// The records (by index) whose every attempt failed.
    var failed: [Int] = []
    /// Copies of each record (by index) that landed in the log, answered or not.
    var copies: [Int] = []
    /// Records whose every attempt failed.
    var errors: Int { failed.count }
    var finishedAt: VirtualInstant?

    init(_ producer: LogSection.Producer) { self.producer = producer }
}
