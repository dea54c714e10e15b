import Simulator

extension World {
    /// The object store on its node, holding the section's buckets (with their versioning and
    /// encryption) from virtual time zero: they are part of the store's initial state, not
    /// requests, so no client's first request can overtake them and no fault at time zero can
    /// stop them existing.
    func buildStore() {
        guard let section = scenario.store else { return }
        store = ObjectStore(section.id, configuration: section.configuration, network: network, state: section.initialState)
        // A storm is a fault as the report lists it: observed when it strikes, as the network's
        // faults are (`orrery_faults_total`, the trace's instants), with or without an observer,
        // so that a run's events are the same either way. The store reads its storms by time. The
        // JSON-lines trace gets it too (`storm`, its code, its length in nanoseconds), written but
        // not folded into the digest, which the file's storm already fixes. Its length (the
        // instant's value, the line's) is where both traces find its end.
        let simulation = simulation
        for storm in section.configuration.errorStorms {
            let detail = "\(storm.code.rawValue) for \(storm.length.formattedSeconds) at rate \(Fault.levelText(storm.errorRate))"
            let code = storm.code.rawValue, length = storm.length.nanoseconds
            simulation.executor.schedule(at: VirtualInstant.after(storm.start)) {
                simulation.observeInstant(.network, section.id.name, "storm", detail: detail, value: length)
                simulation.trace.note(.storm, section.id.name, code, value: length)
            }
        }
    }

    /// The explicit operations, sent in order by one client that retries as the store's
    /// `client` policy says (an S3 SDK's retries of 500s, 503s and network failures), each
    /// waiting up to an hour for an answer (an explicit upload may be large).
    func startOperations() {
        guard let section = scenario.operations, let store, let storeSection = scenario.store else { return }
        let client = ObjectStoreClient(section.client, store: store, network: network, timeout: .seconds(3600),
                                       retryPolicy: storeSection.retry)
        let simulation = simulation
        simulation.spawn("operations") { _ in
            self.operationOutcome = await OperationScenarioRunner.runSteps(section.steps, client: client, simulation: simulation)
        }
    }
}
