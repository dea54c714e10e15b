import Simulator

extension World {
    /// The object store on its node, with the section's buckets created (and their versioning
    /// and encryption set) at virtual time zero by an administrator on the store's own host.
    func buildStore() {
        guard let section = scenario.store else { return }
        let store = ObjectStore(section.id, configuration: section.configuration, network: network)
        self.store = store
        guard !section.buckets.isEmpty else { return }
        let admin = ObjectStoreClient(section.id, store: store, network: network, timeout: section.clientTimeout, retryPolicy: section.retry)
        simulation.spawn("store.setup") { _ in
            for bucket in section.buckets {
                try? await admin.createBucket(bucket.name)
                if bucket.versioning { try? await admin.putBucketVersioning(bucket.name, .enabled) }
                if let encryption = bucket.encryption { try? await admin.putBucketEncryption(bucket.name, encryption) }
            }
        }
    }

    /// The explicit operations, sent in order by one client without retries.
    func startOperations() {
        guard let section = scenario.operations, let store else { return }
        let client = ObjectStoreClient(section.client, store: store, network: network, timeout: .seconds(3600), retryPolicy: .never)
        let simulation = simulation
        simulation.spawn("operations") { _ in
            self.operationOutcome = await OperationScenarioRunner.runSteps(section.steps, client: client, simulation: simulation)
        }
    }
}
