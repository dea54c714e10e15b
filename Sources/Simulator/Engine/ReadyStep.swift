/// Work that runs as plain steps of the executor's ready queue instead of in a task of its own.
///
/// A model whose work never needs to wait in the middle of a step (a server replica: admit,
/// serve for a sampled time, answer) can be written as a small state machine whose steps are
/// queued with ``SimulationExecutor/enqueueStep(_:_:)`` exactly where a task's jobs would have
/// been queued. The order of everything that happens, and the number of events, stay those of
/// the task it replaces; what goes is the task itself — its allocation, its stack slabs, its
/// executor preference and the runtime's bookkeeping at every job.
protocol ReadyStep: AnyObject {
    /// Runs step `code`, synchronously, on the simulation thread and outside any task: it must
    /// not block, and it continues by queueing its next step or by setting a timer.
    func runStep(_ code: UInt8)
}
