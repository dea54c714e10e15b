extension MapReduce.Worker {
    /// What the coordinator answered a reduce attempt's ``MapReduce/ShuffleQuery``.
    enum ShuffleAnswer {
        /// Where every map output is now; nil for one being re-executed.
        case locations([MapReduce.MapOutputLocation?])
        /// The attempt is over (killed, or its job finished): stop it.
        case stop
        /// The coordinator did not answer; ask again later.
        case noAnswer
    }

    /// Fetches this reduce partition of every map output and returns the buffers in map order
    /// with the bytes fetched; nil when the attempt was abandoned.
    ///
    /// As Hadoop's reducer does, the attempt survives fetch failures: it tells the coordinator at
    /// once — which re-executes the output, with every other output the same worker held when the
    /// worker is unreachable or lost its disk — fetches the outputs it can, and then waits for the
    /// re-executed ones, asking the coordinator where they are every heartbeat interval. After a
    /// failed fetch it leaves the other outputs of the same worker (or of the shuffle store) for
    /// the next pass, rather than time out on each. Only the coordinator ends it: it stops when
    /// told its job finished or it was killed.
    ///
    /// A reducer started before every map completed (``MapReduce/ReduceSlowstart``) waits the same
    /// way for the outputs of maps not run yet: it fetches what exists, then each further output
    /// once an answer says where it is — Hadoop's reducer polling for map-completion events.
    /// Its progress counts the outputs fetched (the first tenth of its work), so it stays low
    /// while it waits, and asking keeps it from timing out.
    func shuffle(_ assignment: MapReduce.Assignment, startedIn: UInt64) async -> (buffers: [MapReduce.Bytes], fetchedBytes: Int)? {
        let (attempt, partition) = (assignment.attempt, assignment.task.index)
        var state = ShuffleState(assignment.mapOutputs)
        while true {
            // Where a fetch failed in this pass (a worker, or nil for the shuffle store): the
            // other outputs there wait for the next pass rather than time out one by one.
            var failedSources: [NodeID?] = []
            for index in state.buffers.indices where state.buffers[index] == nil {
                guard let location = state.locations[index] else { continue }
                let source = location.inShuffleStore ? nil : location.worker
                guard !failedSources.contains(source) else { continue }
                guard await waitUntilUp(attempt, startedIn) else { return nil }
                let fetchStart = simulation.now
                let outcome = await fetch(partition, from: location, jobID: assignment.jobID)
                observeFetch(outcome, of: partition, from: location, jobID: assignment.jobID, startedAt: fetchStart)
                guard isCurrent(attempt, startedIn) else { return nil }
                switch outcome {
                case .success(let bytes):
                    state.buffers[index] = bytes
                    state.done += 1
                    state.fetchedBytes += bytes.count
                    // Fetching is ~10 % of a reduce task's time, reducing the rest.
                    let progress = 0.1 * Double(state.done) / Double(state.buffers.count)
                    guard await work(configuration.cost.transferTime(bytes: bytes.count), cpu: false, attempt, startedIn,
                                     progress: progress...progress) else { return nil }
                case .failure(let failure):
                    state.locations[index] = nil
                    failedSources.append(source)
                    state.failures.append(MapReduce.FetchFailureNotice(location: location, reason: failure.message, held: failure.held))
                    // At once: the answer already tells which of the outputs still to fetch are
                    // gone with this one.
                    guard await ask(assignment, &state, startedIn: startedIn) else { return nil }
                }
            }
            if state.done == state.buffers.count { break }
            guard await simulation.sleepUnlessTornDown(for: configuration.policy.heartbeatInterval),
                  await waitUntilUp(attempt, startedIn) else { return nil }
            guard await ask(assignment, &state, startedIn: startedIn) else { return nil }
        }
        return (state.buffers.map { $0! }, state.fetchedBytes)
    }

    /// A reduce attempt's shuffle so far.
    struct ShuffleState {
        /// Where each map output is, as last heard; nil while it is being re-executed.
        var locations: [MapReduce.MapOutputLocation?]
        /// Each map output's partition, once fetched.
        var buffers: [MapReduce.Bytes?]
        /// Fetch failures the coordinator has not heard of yet.
        var failures: [MapReduce.FetchFailureNotice] = []
        /// Outputs fetched, and their bytes.
        var done = 0
        var fetchedBytes = 0

        init(_ locations: [MapReduce.MapOutputLocation?]) {
            self.locations = locations
            buffers = Array(repeating: nil, count: locations.count)
        }
    }

    /// Asks the coordinator, reporting `state`'s failures, and takes the answer's locations of
    /// the outputs not fetched yet. Returns whether the attempt goes on.
    private func ask(_ assignment: MapReduce.Assignment, _ state: inout ShuffleState, startedIn: UInt64) async -> Bool {
        switch await askCoordinator(assignment, failures: state.failures, startedIn: startedIn) {
        case .stop:
            endRunning(assignment.attempt, outcome: "aborted")
            return false
        case .noAnswer:
            break
        case .locations(let now):
            state.failures = []
            for index in state.buffers.indices where state.buffers[index] == nil && now.indices.contains(index) {
                state.locations[index] = now[index]
            }
        }
        return isCurrent(assignment.attempt, startedIn)
    }

    /// Sends one ``MapReduce/ShuffleQuery`` for `assignment`'s attempt to the coordinator.
    private func askCoordinator(_ assignment: MapReduce.Assignment, failures: [MapReduce.FetchFailureNotice],
                                startedIn: UInt64) async -> ShuffleAnswer {
        let query = MapReduce.ShuffleQuery(worker: id, incarnation: node.incarnation, jobID: assignment.jobID,
                                           attempt: assignment.attempt, failures: failures)
        let coordinator = coordinator
        let answer: [MapReduce.MapOutputLocation?]?
        do {
            answer = try await network.call(from: id, to: coordinator.id, timeout: configuration.callTimeout) {
                await coordinator.shuffle(query)
            }
        } catch {
            return .noAnswer
        }
        guard let answer else { return .stop }
        return .locations(answer)
    }
}
