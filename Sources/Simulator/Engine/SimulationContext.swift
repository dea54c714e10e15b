/// The isolation domain of a simulation's own tasks: an actor on the simulation's executor.
///
/// Tasks started by ``Simulation/spawn(_:daemon:_:)`` run isolated to it, so they share the one
/// serial executor with every model actor: calling an actor and waking from a sleep never need
/// an extra hop through the task executor, and nothing in a task can run in parallel with a model.
public actor SimulationContext {
    public nonisolated let unownedExecutor: UnownedSerialExecutor
    /// The simulation this context belongs to.
    public nonisolated unowned let simulation: Simulation

    init(simulation: Simulation) {
        self.simulation = simulation
        unownedExecutor = simulation.executor.asUnownedSerialExecutor()
    }

    /// Runs `body` isolated to this context.
    func run<Result: Sendable>(_ body: @Sendable (isolated SimulationContext) async -> Result) async -> Result {
        await body(self)
    }

    /// Runs `body` on this context's executor (a caller-isolated closure stays on it throughout).
    func run<Result: Sendable>(_ body: @Sendable () async -> Result) async -> Result {
        await body()
    }
}
