@testable import Simulator

/// One swarm run: three writers and a backup manager against a store whose plan of faults comes
/// from the seed, then a check of the invariants against what the store holds.
///
/// Invariants: every acknowledged put is still there, byte for byte, unless an acknowledged
/// delete of that version (or lifecycle, in the lifecycle bucket) removed it; no key's newest
/// version is an acknowledged write older than its last acknowledged one; an acknowledged write
/// is seen by the read that follows it; every completed backup restores byte-identical to the
/// source it was taken from.
enum ObjectStoreChaosRun {
    static let hour: Int64 = 3_600_000_000_000

    /// The broken invariants of run `seed` (empty when all hold).
    static func violations(seed: UInt64) -> [String] {
        let plan = ChaosPlan(seed: seed)
        let simulation = Simulation(seed: seed)
        let network = Network(simulation: simulation, defaultLink: LinkProfile(latency: .uniform(min: 0.0003, max: 0.0008)))
        let store = ObjectStore("s3", configuration: plan.store, network: network)
        let patient = RetryPolicy(maxAttempts: 60, baseDelay: .milliseconds(50), maxDelay: .seconds(1))
        let setup = ObjectStoreClient("setup", store: store, network: network, timeout: .seconds(1), retryPolicy: patient)
        let ledger = ChaosLedger()
        let writers = (1...3).map { index in
            ChaosWriter(name: "writer-\(index)", client: ObjectStoreClient(
                NodeID("writer-\(index)"), store: store, network: network, timeout: .seconds(1),
                retryPolicy: RetryPolicy(maxAttempts: 6, baseDelay: .milliseconds(50), maxDelay: .seconds(2))), ledger: ledger, operations: 14)
        }
        var sourceRandom = SeededRandom(seed: seed, stream: "swarm.source")
        let backups = BackupManager(
            client: ObjectStoreClient("backup-host", store: store, network: network, timeout: .seconds(1),
                                      retryPolicy: RetryPolicy(maxAttempts: 6, baseDelay: .milliseconds(50), maxDelay: .seconds(2))),
            source: SourceChurn(initialFiles: 6, fileSize: .constant(32)).initialSource(using: &sourceRandom),
            configuration: BackupManager.Configuration(bucket: "backups", noncurrentVersionExpirationDays: nil))
        simulation.spawn("setup") { _ in
            while (try? await setup.createBucket("data")) == nil {}
            while (try? await setup.putBucketVersioning("data", .enabled)) == nil {}
            while (try? await setup.createBucket("scratch")) == nil {}
            let expiry = LifecycleConfiguration(rules: [LifecycleRule(id: "tmp", prefix: "tmp/", expirationDays: 1)])
            while (try? await setup.putBucketLifecycle("scratch", expiry)) == nil {}
        }
        complete(simulation)
        FaultInjector.schedule(plan.faults.map { .init(at: simulation.now.advanced(by: .nanoseconds($0.at.nanoseconds)), fault: $0.fault) }, on: network)
        for writer in writers {
            simulation.spawn(writer.name) { _ in await writer.run(simulation: simulation) }
        }
        simulation.spawn("backups") { _ in await exerciseBackups(backups, simulation: simulation) }
        complete(simulation)
        // Just before the second midnight every lifecycle object is still there; at it, all expire.
        run(simulation, until: VirtualInstant(nanoseconds: 48 * hour - 1))
        checkScratch(ledger, state: read(simulation) { await store.state }, expired: false)
        run(simulation, until: VirtualInstant(nanoseconds: 48 * hour + 1))
        let state = read(simulation) { await store.state }
        checkScratch(ledger, state: state, expired: true, actions: store.stats.lifecycleActions)
        checkVersions(ledger, state: state)
        checkRestores(backups, store: store, network: network, simulation: simulation, ledger: ledger)
        simulation.tearDown()
        return ledger.violations
    }

    /// Syncs, backs up and changes a small source a few times, whatever fails.
    private static func exerciseBackups(_ manager: BackupManager, simulation: Simulation) async {
        var random = simulation.randomStream("swarm.backups")
        while (try? await manager.prepareBucket()) == nil { await simulation.sleep(for: .seconds(1)) }
        let churn = SourceChurn(initialFiles: 0, fileSize: .constant(32), changesPerRound: 2, createWeight: 1, modifyWeight: 2, deleteWeight: 1)
        for _ in 0..<3 {
            await manager.change(churn.round(of: await manager.source, using: &random))
            await manager.sync()
            _ = try? await manager.backup()
            await simulation.sleep(for: .seconds(double: 1 + 4 * random.nextUnitInterval()))
        }
    }

    private static func checkScratch(_ ledger: ChaosLedger, state: ObjectStoreState, expired: Bool,
                                     actions: [ObjectStoreStats.TimedLifecycleAction] = []) {
        for (key, bytes) in ledger.scratch.sorted(by: { $0.key < $1.key }) {
            let stored = try? state.getObject(bucket: "scratch", key: key).body
            if expired {
                let byLifecycle = actions.contains { $0.action.key == key && $0.action.kind == .expireObject }
                if stored != nil || !byLifecycle {
                    ledger.violations.append("lifecycle: scratch/\(key) \(stored == nil ? "vanished without a lifecycle action" : "outlived its expiration")")
                }
            } else if stored != bytes {
                ledger.violations.append("lost write: scratch/\(key) is \(stored == nil ? "gone" : "different") before its expiration")
            }
        }
    }

    private static func checkVersions(_ ledger: ChaosLedger, state: ObjectStoreState) {
        for key in ledger.writes.keys.sorted() {
            for (versionId, bytes) in ledger.acknowledgedPuts(key) {
                let stored = try? state.getObject(bucket: "data", key: key, options: ObjectReadOptions(versionId: versionId)).body
                if ledger.removedVersions.contains(versionId) {
                    if stored != nil { ledger.violations.append("delete ignored: data/\(key) version \(versionId) survived its acknowledged delete") }
                } else if stored != bytes && !(stored == nil && ledger.maybeRemovedVersions.contains(versionId)) {
                    ledger.violations.append("lost write: data/\(key) version \(versionId) is \(stored == nil ? "gone" : "different")")
                }
            }
            let acknowledged = (ledger.writes[key] ?? []).compactMap(\.versionId)
            let newest = try? state.listObjectVersions(bucket: "data", ListObjectVersionsRequest(prefix: key)).versions.first { $0.key == key }?.versionId
            if let newest, acknowledged.contains(newest), newest != acknowledged.last {
                ledger.violations.append("reordered: data/\(key)'s newest version \(newest) is an older acknowledged write than \(acknowledged.last ?? "")")
            }
        }
    }

    /// Restores every completed backup through a patient client and compares it with its source.
    private static func checkRestores(_ manager: BackupManager, store: ObjectStore, network: Network, simulation: Simulation, ledger: ChaosLedger) {
        let verifier = BackupManager(client: ObjectStoreClient("verifier", store: store, network: network, timeout: .seconds(1),
                                                               retryPolicy: RetryPolicy(maxAttempts: 60, baseDelay: .milliseconds(50), maxDelay: .seconds(1))),
                                     configuration: manager.configuration)
        let outcomes = read(simulation) { () -> [(String, Bool, String)] in
            var outcomes: [(String, Bool, String)] = []
            for record in await manager.backups {
                do {
                    outcomes.append((record.name, try await verifier.restore(record.name) == record.source, ""))
                } catch {
                    outcomes.append((record.name, false, "\(error)"))
                }
            }
            return outcomes
        }
        for (name, identical, failure) in outcomes where !identical {
            ledger.violations.append("restore: backup \(name) \(failure.isEmpty ? "is not byte-identical to its source" : "failed: \(failure)")")
        }
    }

    private static func run(_ simulation: Simulation, until instant: VirtualInstant) {
        do {
            try simulation.run(until: instant)
        } catch {
            preconditionFailure("a swarm run cannot deadlock or escape: \(error)")
        }
    }

    /// Runs until every foreground task has finished (an hour of virtual time is far more than any needs).
    private static func complete(_ simulation: Simulation) {
        do {
            try simulation.runToCompletion(timeLimit: simulation.now.advanced(by: .seconds(3600)))
        } catch {
            preconditionFailure("a swarm run's tasks finish within the hour: \(error)")
        }
    }

    /// Runs `body` in the simulation from the current instant and returns its result.
    private static func read<T: Sendable>(_ simulation: Simulation, _ body: @escaping @Sendable () async -> T) -> T {
        let box = ResultBox<T>()
        simulation.spawn("read") { _ in box.value = await body() }
        complete(simulation)
        return box.value!
    }
}
