import Reports
import Simulator

/// The settings of the MapReduce experiment's file that seed 001 states with its claims, and
/// which claim depends on which: a file that changes one gets the claims experiment's flag on
/// the claims that depend on it, and on those alone (``ClaimDeviation``). The recovery claim,
/// judged under a 5 s worker timeout against the seed's "Heartbeat-based failure detection
/// (15s timeout)", read "holds" (and "holds in 30 of 30 seeds") unflagged; under 25 s, "does not
/// hold", also unflagged.
struct Seed001StatedSettings: Sendable, Equatable {
    /// A setting seed 001 states with a claim.
    enum Setting: Sendable, Equatable {
        /// The workers of the baseline cluster: the job's `"numMappers": 4` — "4 parallel
        /// mappers" on map workers of one core each — the claims' ``Seed001Claims/mappers``.
        case workers
        /// Map slots per worker: a map worker has "1 CPU core", one map task at a time.
        case mapSlots
        /// The job's reduce tasks: `"numReducers": 2`, the claims' ``Seed001Claims/reducers``.
        case reducers
        /// "Heartbeat-based failure detection (15s timeout)".
        case workerTimeout
    }

    /// A map worker's one CPU core: one map slot.
    static let statedMapSlotsPerWorker = 1
    /// The seed's worker timeout. The task timeout, the heartbeat interval and the backoff are
    /// not stated (its "3 attempts" bound how many, which one crash does not reach).
    static let statedWorkerTimeout = Duration.seconds(15)

    /// What each claim of ``Seed001ClaimsTable/rows(_:_:settings:)`` depends on, in its order.
    /// Parallelism and the end-to-end time: the job as the seed submits it (4 mappers, 2
    /// reducers, on one-core workers). The per-worker rates and linear scaling: one-core map
    /// workers (the sweep varies their count). The map task's time is scaled to the claimed
    /// events and the combiner's cut compares two runs of the same job: no stated setting bears
    /// on them. Recovery: the worker timeout.
    static let parallelism: [Setting] = [.workers, .mapSlots, .reducers]
    static let perMapper: [Setting] = [.mapSlots]
    static let withMappers: [Setting] = [.mapSlots]
    static let linear: [Setting] = [.mapSlots]
    static let mapTask: [Setting] = []
    static let recovery: [Setting] = [.workerTimeout]
    static let combiner: [Setting] = []
    static let endToEnd: [Setting] = [.workers, .mapSlots, .reducers]

    /// The file's values.
    var workers: Int
    var mapSlotsPerWorker: Int
    var reducers: Int
    var workerTimeout: Duration

    /// The file's values as `spec` sets them.
    init(_ spec: MapReduceExperimentSpec) {
        self.init(workers: spec.cluster.workers, mapSlotsPerWorker: spec.cluster.mapSlotsPerWorker, reducers: spec.job.reducers,
                  workerTimeout: spec.cluster.policy.workerTimeout)
    }

    init(workers: Int, mapSlotsPerWorker: Int, reducers: Int, workerTimeout: Duration) {
        self.workers = workers
        self.mapSlotsPerWorker = mapSlotsPerWorker
        self.reducers = reducers
        self.workerTimeout = workerTimeout
    }

    /// Every setting as `claims` and the seed state it.
    static func asStated(_ claims: Seed001Claims) -> Seed001StatedSettings {
        Seed001StatedSettings(workers: claims.mappers, mapSlotsPerWorker: statedMapSlotsPerWorker, reducers: claims.reducers, workerTimeout: statedWorkerTimeout)
    }

    /// The settings among `dependsOn` that the file sets otherwise than `claims` and the seed
    /// state them, in `dependsOn`'s order.
    func deviations(_ dependsOn: [Setting], claims: Seed001Claims) -> [ClaimDeviation] {
        dependsOn.compactMap { setting in
            switch setting {
            case .workers:
                guard workers != claims.mappers else { return nil }
                return ClaimDeviation(file: NumberFormat.counted(workers, "worker"), claimed: NumberFormat.integer(claims.mappers),
                                      stated: NumberFormat.counted(claims.mappers, "worker"))
            case .mapSlots:
                let stated = Self.statedMapSlotsPerWorker
                guard mapSlotsPerWorker != stated else { return nil }
                return ClaimDeviation(file: "\(NumberFormat.counted(mapSlotsPerWorker, "map slot")) per worker", claimed: NumberFormat.integer(stated),
                                      stated: "\(NumberFormat.counted(stated, "map slot")) per worker")
            case .reducers:
                guard reducers != claims.reducers else { return nil }
                return ClaimDeviation(file: "R = \(NumberFormat.integer(reducers))", claimed: NumberFormat.integer(claims.reducers),
                                      stated: "R = \(NumberFormat.integer(claims.reducers))")
            case .workerTimeout:
                let stated = Self.statedWorkerTimeout
                guard workerTimeout != stated else { return nil }
                return ClaimDeviation(file: "worker_timeout \(ClaimCheck.s(workerTimeout.seconds))", claimed: ClaimCheck.statedS(stated.seconds),
                                      stated: "worker_timeout \(ClaimCheck.statedS(stated.seconds))")
            }
        }
    }
}
