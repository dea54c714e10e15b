extension MapReduce.Worker {
    /// What the coordinator answered a reduce attempt's ``MapReduce/ShuffleQuery``.
    enum ShuffleAnswer {
        /// The map completion events the attempt had not read, at most as many as it asked for.
        case events([MapReduce.MapCompletionEvent])
        /// The attempt is over (killed, or its job finished): stop it.
        case stop
        /// The coordinator did not answer; ask again later.
        case noAnswer
    }

    /// Fetches this reduce partition of every map output and returns the buffers in map order
    /// with the bytes fetched; nil when the attempt was abandoned.
    ///
    /// It learns where the map outputs are as Hadoop's reducer does, from the job's map
    /// completion events (``MapReduce/MapCompletionEvent``): the first of them come with its
    /// assignment, and every later question asks only for the events after the last one it
    /// read — at most ``MapReduce/MapCompletionEvent/maxEventsToFetch(reducers:)``, asking again
    /// at once while an answer is full, as Hadoop's `EventFetcher` does.
    ///
    /// As Hadoop's reducer does, the attempt survives fetch failures: it tells the coordinator at
    /// once — which re-executes the output, with every other output the same worker held when the
    /// worker is unreachable or lost its disk, and says so in events — fetches the outputs it
    /// can, and then waits for the re-executed ones, asking the coordinator every heartbeat
    /// interval. An output it could not fetch waits for the coordinator's answer to that report;
    /// after a failed fetch it leaves the other outputs of the same worker (or of the shuffle
    /// store) for the next pass, rather than time out on each. Only the coordinator ends it: it
    /// stops when told its job finished or it was killed.
    ///
    /// A reducer started before every map completed (``MapReduce/ReduceSlowstart``) waits the same
    /// way for the outputs of maps not run yet: it fetches what exists, then each further output
    /// once an event says where it is — Hadoop's reducer polling for map-completion events.
    /// Its progress is Hadoop's copy phase (``MapReduce/ReduceProgress``): a third times the
    /// share of the outputs fetched, so it stays low while it waits, and asking keeps it from
    /// timing out.
    func shuffle(_ assignment: MapReduce.Assignment, startedIn: UInt64) async -> (buffers: [MapReduce.Bytes], fetchedBytes: Int)? {
        let (attempt, partition) = (assignment.attempt, assignment.task.index)
        var state = ShuffleState(maps: assignment.mapTasks,
                                 maxEvents: MapReduce.MapCompletionEvent.maxEventsToFetch(reducers: assignment.reducers))
        state.outputs.read(assignment.mapCompletionEvents)
        if assignment.mapCompletionEvents.count == state.maxEvents {
            guard await ask(assignment, &state, startedIn: startedIn) else { return nil }
        }
        while true {
            // Where a fetch failed in this pass (a worker, or nil for the shuffle store): the
            // other outputs there wait for the next pass rather than time out one by one.
            var failedSources: [NodeID?] = []
            for index in state.buffers.indices where state.buffers[index] == nil {
                guard let location = state.fetchable(index) else { continue }
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
                    let progress = MapReduce.ReduceProgress.copy(copied: state.done, of: state.buffers.count)
                    guard await work(configuration.cost.transferTime(bytes: bytes.count), cpu: false, attempt, startedIn,
                                     progress: progress...progress) else { return nil }
                case .failure(let failure):
                    failedSources.append(source)
                    state.failures.append(MapReduce.FetchFailureNotice(location: location, reason: failure.message, held: failure.held))
                    // At once: the answer's events already tell which of the outputs still to
                    // fetch are gone with this one.
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
        /// Where each map output is, as the events read so far say.
        var outputs: MapReduce.MapOutputsFromEvents
        /// The most events one answer holds.
        let maxEvents: Int
        /// Each map output's partition, once fetched.
        var buffers: [MapReduce.Bytes?]
        /// Fetch failures the coordinator has not answered yet.
        var failures: [MapReduce.FetchFailureNotice] = []
        /// Outputs fetched, and their bytes.
        var done = 0
        var fetchedBytes = 0

        init(maps: Int, maxEvents: Int) {
            outputs = MapReduce.MapOutputsFromEvents(maps: maps)
            self.maxEvents = maxEvents
            buffers = Array(repeating: nil, count: maps)
        }

        /// Where to fetch map output `index` from now: where the events say it is, unless a fetch
        /// of it failed and the coordinator has not answered the report yet.
        func fetchable(_ index: Int) -> MapReduce.MapOutputLocation? {
            guard let location = outputs.locations[index], !failures.contains(where: { $0.location.mapIndex == index }) else { return nil }
            return location
        }
    }

    /// Asks the coordinator, reporting `state`'s failures, and reads the events of its answer —
    /// again at once while an answer is full. Returns whether the attempt goes on.
    private func ask(_ assignment: MapReduce.Assignment, _ state: inout ShuffleState, startedIn: UInt64) async -> Bool {
        while true {
            switch await askCoordinator(assignment, failures: state.failures, fromEventID: state.outputs.nextEventID,
                                        maxEvents: state.maxEvents) {
            case .stop:
                endRunning(assignment.attempt, outcome: "aborted")
                return false
            case .noAnswer:
                return isCurrent(assignment.attempt, startedIn)
            case .events(let events):
                state.failures = []
                state.outputs.read(events)
                guard events.count == state.maxEvents, isCurrent(assignment.attempt, startedIn) else {
                    return isCurrent(assignment.attempt, startedIn)
                }
            }
        }
    }

    /// Sends one ``MapReduce/ShuffleQuery`` for `assignment`'s attempt to the coordinator.
    private func askCoordinator(_ assignment: MapReduce.Assignment, failures: [MapReduce.FetchFailureNotice],
                                fromEventID: Int, maxEvents: Int) async -> ShuffleAnswer {
        let query = MapReduce.ShuffleQuery(worker: id, incarnation: node.incarnation, jobID: assignment.jobID,
                                           attempt: assignment.attempt, failures: failures,
                                           fromEventID: fromEventID, maxEvents: maxEvents)
        let coordinator = coordinator
        let answer: [MapReduce.MapCompletionEvent]?
        do {
            answer = try await network.call(from: id, to: coordinator.id, timeout: configuration.callTimeout) {
                await coordinator.shuffle(query)
            }
        } catch {
            return .noAnswer
        }
        guard let answer else { return .stop }
        return .events(answer)
    }
}
