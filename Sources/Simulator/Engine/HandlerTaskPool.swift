/// Work that runs on one of the simulation's pooled tasks: a network call's handler, say.
protocol PooledWork: AnyObject, Sendable {
    /// The part that may suspend; runs on the pooled task's isolation (the simulation's context).
    nonisolated(nonsending) func handle() async
    /// What follows once ``handle()`` has returned and the task has hopped once.
    func finish()
}

/// Tasks that run network handlers and park between requests instead of ending.
///
/// Starting a task per delivered request cost a task allocation, an executor-preference record
/// and their teardown on every request. A parked task is resumed through its continuation
/// instead, which enqueues exactly one job on the simulation's executor at the same moment a new
/// task would have been enqueued; its loop then hops exactly as the per-request task's body did
/// (onto the context to handle, back off it to finish), so the order of jobs — and every run —
/// is unchanged. At most ``idleLimit`` tasks stay parked.
///
/// `@unchecked Sendable`: touched only on the simulation thread.
final class HandlerTaskPool: @unchecked Sendable {
    /// The most tasks kept parked: enough for the concurrency of an ordinary run, small enough
    /// that a burst of ten thousand concurrent handlers does not stay resident.
    static let idleLimit = 512
    @exclusivity(unchecked) private var idle: [UnsafeContinuation<(any PooledWork)?, Never>] = []

    /// Runs `work` on a parked task, or on a new one (preferring the simulation's executor) when
    /// none is idle.
    func start(_ work: any PooledWork, in simulation: Simulation) {
        if let task = idle.popLast() {
            task.resume(returning: work)
            return
        }
        let context = simulation.context
        let executor = simulation.executor
        Task(executorPreference: executor) { [self] in
            await serve(work, executor: executor, isolation: context)
        }
    }

    /// Handles the work it is given, then parks until the next, until told to stop.
    ///
    /// The per-request task this replaces started by switching straight onto the context (no
    /// job), ran its handler there, and hopped back off it (one job) before sending the answer;
    /// running isolated to the context with one explicit ``SimulationExecutor/hop()`` reproduces
    /// exactly those jobs.
    ///
    /// A parked task holds no work: held until the next, a finished call outlived its answer
    /// (and the step that took its outcome could not move it out). A new task's closure still
    /// holds its first: handed over through a box of its own, it was let go too, but the tasks'
    /// runs took more jobs (12 more events in a run of `BalancedRequestTests`).
    private func serve(_ first: any PooledWork, executor: SimulationExecutor, isolation: isolated SimulationContext) async {
        var next: (any PooledWork)? = first
        while let current = next.take() {
            await current.handle()
            await executor.hop()
            current.finish()
            _ = consume current
            // After a burst, keep only a bounded reserve parked: the rest end as the
            // per-request tasks did (ending enqueues nothing, so job order is unaffected).
            guard idle.count < Self.idleLimit else { return }
            next = await withUnsafeContinuation { idle.append($0) }
        }
    }

    /// Tells every parked task to end (each then runs once more, to return).
    func stopIdleTasks() {
        let parked = idle
        idle.removeAll()
        for task in parked { task.resume(returning: nil) }
    }
}
