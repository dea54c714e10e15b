extension MapReduce.Worker {
    /// Why a fetch of map output failed.
    struct FetchFailure: Error {
        let message: String
        /// When the worker holding the output answered without it (its disk was wiped): the
        /// attempts whose output of the job it still holds. Nil when it did not answer, and for
        /// the shuffle store.
        var held: [Int]? = nil
    }

    /// How often a paused worker's attempts look whether the pause is over.
    static var pausePoll: Duration { .milliseconds(100) }

    /// Whether attempt `attempt`, begun in epoch `startedIn`, should go on: the worker has not
    /// crashed since and the coordinator has not told it to stop.
    func isCurrent(_ attempt: Int, _ startedIn: UInt64) -> Bool {
        epoch == startedIn && running[attempt] != nil
    }

    /// Whether the worker answers and works right now: its node is up and not hung. A `hang`
    /// stops the worker as a pause stops its node — no heartbeats, no task progress, no fetches
    /// served — until it ends (or a crash or restart clears it).
    var isAnswering: Bool {
        guard node.state == .up else { return false }
        guard let until = node.hungUntil else { return true }
        return simulation.now >= until
    }

    /// Waits while the node is paused or hung; returns whether the attempt should go on.
    func waitUntilUp(_ attempt: Int, _ startedIn: UInt64) async -> Bool {
        while isCurrent(attempt, startedIn), !isAnswering {
            guard await simulation.sleepUnlessTornDown(for: Self.pausePoll) else { return false }
        }
        return isCurrent(attempt, startedIn)
    }

    /// Spends `duration` of work on `attempt`, moving its progress across `progress` as it goes
    /// (see ``work(_:cpu:_:_:progressAfter:final:)``). Returns whether the attempt should go on.
    func work(_ duration: Duration, cpu: Bool, _ attempt: Int, _ startedIn: UInt64,
              progress: ClosedRange<Double>) async -> Bool {
        let total = duration.nanoseconds
        return await work(duration, cpu: cpu, attempt, startedIn, progressAfter: { done in
            progress.lowerBound + (progress.upperBound - progress.lowerBound) * Double(done) / Double(total)
        }, final: progress.upperBound)
    }

    /// Spends `duration` of work on `attempt`, setting its progress to `progressAfter(done)`
    /// after each slice (`done`: the nanoseconds of the work paid so far) and to `final` at the
    /// end. CPU work is stretched by the node's slow factor (read afresh for every slice, so a
    /// `slow` fault takes effect mid-task); nothing moves while the node is paused or hung. Work
    /// is paid in slices of at most the cost model's progress slice of virtual time, so even a
    /// straggler shows progress regularly. Returns whether the attempt should go on.
    func work(_ duration: Duration, cpu: Bool, _ attempt: Int, _ startedIn: UInt64,
              progressAfter: (_ done: Int64) -> Double, final: Double) async -> Bool {
        let total = duration.nanoseconds
        let slice = Double(max(1, configuration.cost.progressSlice.nanoseconds))
        var done: Int64 = 0
        while done < total {
            guard await waitUntilUp(attempt, startedIn) else { return false }
            let factor = cpu ? max(node.slowFactor, 1e-9) : 1
            let step = Self.step(slice: slice, factor: factor, left: total - done)
            guard await simulation.sleepUnlessTornDown(for: .saturating(nanoseconds: Double(step) * factor)) else { return false }
            done += step
            guard isCurrent(attempt, startedIn) else { return false }
            advance(attempt, to: progressAfter(done))
        }
        advance(attempt, to: final)
        return isCurrent(attempt, startedIn)
    }

    /// The nanoseconds of work (at least 1, at most `left`) that one slice of `slice` nanoseconds
    /// of virtual time pays on a node running `factor` times slower. A factor far below 1 makes
    /// a long slice worth more than `Int64` holds (10 s at 10⁻⁹ is 10¹⁹ ns): converting that
    /// trapped, so such a slice pays all that is `left`; below `Int64.max` the step is the
    /// truncated quotient it always was, so no run's slices move.
    static func step(slice: Double, factor: Double, left: Int64) -> Int64 {
        let worth = slice / factor
        return worth < Double(Int64.max) ? min(left, max(1, Int64(worth))) : left
    }

    /// Records that `attempt` reached `fraction` of its work.
    func advance(_ attempt: Int, to fraction: Double) {
        guard let current = running[attempt]?.progress, fraction > current else { return }
        running[attempt]!.progress = fraction
    }

    /// Fetches `partition` of the map output at `location`: from this worker's own disk, from
    /// the worker that wrote it, or from the shuffle store.
    func fetch(_ partition: Int, from location: MapReduce.MapOutputLocation, jobID: String) async -> Result<MapReduce.Bytes, FetchFailure> {
        let timeout = configuration.callTimeout
        if location.inShuffleStore {
            guard let store else { return .failure(FetchFailure(message: "the cluster has no shuffle store")) }
            let key = MapReduce.ShuffleStore.key(jobID: jobID, attempt: location.attempt, partition: partition)
            do {
                let bytes = try await network.call(from: id, to: store.id, timeout: timeout) { await store.get(key) }
                return bytes.map { .success($0) } ?? .failure(FetchFailure(message: "missing from the shuffle store"))
            } catch {
                return .failure(FetchFailure(message: "shuffle store \(error)"))
            }
        }
        if location.worker == id {
            return fetch(attempt: location.attempt, partition: partition).map { .success($0) }
                ?? .failure(FetchFailure(message: "missing from the local disk", held: held(of: jobID)))
        }
        guard let peer = directory[location.worker] else {
            return .failure(FetchFailure(message: "no worker \(location.worker)"))
        }
        do {
            let served = try await network.call(from: id, to: location.worker, timeout: timeout) {
                await peer.serveFetch(attempt: location.attempt, partition: partition, jobID: jobID)
            }
            switch served {
            case .bytes(let bytes): return .success(bytes)
            case .missing(let held): return .failure(FetchFailure(message: "missing from \(location.worker)'s disk", held: held))
            }
        } catch {
            return .failure(FetchFailure(message: "\(location.worker) \(error)"))
        }
    }

    /// Sends `report` to the coordinator until it is acknowledged (the coordinator may be down
    /// or unreachable for a while, this worker paused or hung), then carries out the answer. Gives up only if this worker
    /// crashes, which loses the attempt's output anyway.
    func deliver(_ report: MapReduce.TaskReport, startedIn: UInt64) async {
        let coordinator = coordinator
        while epoch == startedIn {
            if isAnswering {
                let current = MapReduce.TaskReport(
                    worker: report.worker, incarnation: report.incarnation, jobID: report.jobID, attempt: report.attempt,
                    result: report.result, freeMapSlots: freeSlots(.map), freeReduceSlots: freeSlots(.reduce),
                mapSlots: configuration.mapSlotsPerWorker, reduceSlots: configuration.reduceSlotsPerWorker)
                if let directives = try? await network.call(from: id, to: coordinator.id, timeout: configuration.callTimeout, {
                    await coordinator.receive(current)
                }) {
                    if epoch == startedIn { carryOut(directives) }
                    return
                }
            } else {
                guard await simulation.sleepUnlessTornDown(for: Self.pausePoll) else { return }
                continue
            }
            guard await simulation.sleepUnlessTornDown(for: configuration.policy.heartbeatInterval) else { return }
        }
    }
}
