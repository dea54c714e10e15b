/// One seeded, single-threaded world: an executor, a virtual clock, named random streams and a
/// trace. Everything that happens in it is a function of its seed and of what is put into it.
///
/// Build the models (actors that return `executor` from `unownedExecutor`), start tasks with
/// ``spawn(_:daemon:_:)``, then call ``run(until:eventLimit:)`` or
/// ``runToCompletion(timeLimit:eventLimit:)`` from one thread.
public final class Simulation: @unchecked Sendable {
    /// The seed every random stream of this simulation derives from.
    public let seed: UInt64
    /// The serial executor all actors and tasks of this simulation run on.
    public let executor: SimulationExecutor
    /// The simulation's clock; its `now` is virtual time.
    public let clock: VirtualClock
    /// The running digest of every meaningful event, and the optional event sink.
    public let trace: Trace
    let tasks = TaskRegistry()
    /// Receives spans, instants and gauges for timeline viewers and metrics exporters; nil (the
    /// default) costs one check per observation point. Set it before the run.
    @exclusivity(unchecked) public var observer: (any SimulationObserver)?
    /// Called on the simulation thread every ``progressEvents`` events of a run with the virtual
    /// time reached and the events so far, for a progress display; it must not touch the world.
    public var progress: ((VirtualInstant, UInt64) -> Void)?
    /// The isolation domain of the simulation's own tasks.
    public private(set) lazy var context = SimulationContext(simulation: self)

    /// Creates an empty world whose random streams all derive from `seed`.
    public init(seed: UInt64) {
        self.seed = seed
        executor = SimulationExecutor()
        clock = VirtualClock(executor: executor)
        trace = Trace(executor: executor)
    }

    /// Current virtual time.
    public var now: VirtualInstant { clock.now }

    /// Runs `body` with the executor lent, not retained: the simulation holds its executor for
    /// its whole life, and whoever calls this holds the simulation. A step that queues its next
    /// step or sets a timer through `simulation.executor` had the executor retained and released
    /// around the call (the compiler cannot tell that changing the executor's queues leaves the
    /// simulation alone): a pair for every client, arrival and queued request.
    @inline(__always)
    func withExecutor<Result>(_ body: (SimulationExecutor) -> Result) -> Result {
        Unmanaged.passUnretained(executor)._withUnsafeGuaranteedRef(body)
    }

    /// Runs `body` with the task registry lent, as ``withExecutor(_:)`` lends the executor: an
    /// open-loop request's client registers and finishes through it, and reached through
    /// `simulation.tasks` the registry was retained and released around each.
    @inline(__always)
    func withTasks<Result>(_ body: (TaskRegistry) -> Result) -> Result {
        Unmanaged.passUnretained(tasks)._withUnsafeGuaranteedRef(body)
    }

    /// An independent random stream for the component called `name`.
    ///
    /// Streams derive from (seed, name) only, so adding a component never changes what another
    /// component draws. Asking twice for the same name gives two generators in the same state.
    public func randomStream(_ name: String) -> SeededRandom {
        SeededRandom(seed: seed, stream: name)
    }

    /// `randomStream(node.name)`, from the hash the node already holds of its name.
    public func randomStream(for node: NodeID) -> SeededRandom {
        SeededRandom(seed: seed, streamHash: node.stableHash)
    }

    /// Starts `body` as a task on this simulation's executor.
    ///
    /// The task runs isolated to the simulation's ``SimulationContext`` (the closure receives
    /// it), on the same serial executor as every model actor. A run ends when every foreground
    /// task has finished; daemons (periodic checks, fault injection) run for as long as something
    /// else keeps the simulation going.
    @discardableResult
    public func spawn<Result: Sendable>(
        _ name: String, daemon: Bool = false,
        _ body: @escaping @Sendable (isolated SimulationContext) async -> Result
    ) -> Task<Result, Never> {
        if !executor.isRunning { executor.adoptCurrentThread() }
        let id = tasks.start(name, daemon: daemon)
        let registry = tasks
        let context = context
        return Task(name: name, executorPreference: executor) {
            let result = await context.run(body)
            registry.finish(id)
            return result
        }
    }

    // The sleeps are inlined into their callers and suspend through the continuation that
    // inherits the caller's executor. `withUnsafeContinuation(isolation:)` hops to its isolation
    // before it suspends and again after it resumes, and a sleep compiled apart from its caller
    // hops to the caller's isolation on entry: each hop is a `swift_task_switch`, which reads the
    // task's executor preference under the task's status-record lock. Inlined and inheriting, a
    // wake-up makes one such hop (back to the caller's isolation once it resumes) instead of two.
    // The continuation resumes on the executor the caller was on when it suspended, so nothing
    // about where the caller runs changes.

    /// Lets `duration` of virtual time pass for the calling task (not cancellable).
    @inlinable
    public func sleep(for duration: Duration) async {
        await sleep(until: VirtualInstant(nanoseconds: VirtualInstant.saturating(executor.now, plus: duration.nanoseconds)))
    }

    /// Lets virtual time pass until `instant` for the calling task (not cancellable).
    @inlinable
    public func sleep(until instant: VirtualInstant) async {
        let executor = executor
        await _unsafeInheritExecutor_withUnsafeContinuation { executor.resume($0, at: instant.nanoseconds) }
    }

    /// Lets `duration` of virtual time pass for a periodic loop and returns true; returns false
    /// once the world is being torn down after its last run (``tearDown()``), and the loop should
    /// end — a task left parked for good would keep everything it holds alive.
    @inlinable
    public func sleepUnlessTornDown(for duration: Duration) async -> Bool {
        await sleepUnlessTornDown(until: VirtualInstant(nanoseconds: VirtualInstant.saturating(executor.now, plus: duration.nanoseconds)))
    }

    /// ``sleepUnlessTornDown(for:)`` until `instant`.
    @inlinable
    public func sleepUnlessTornDown(until instant: VirtualInstant) async -> Bool {
        let executor = executor
        guard !executor.isTearingDown else { return false }
        return await _unsafeInheritExecutor_withUnsafeContinuation { executor.resumeUnlessTornDown($0, at: instant.nanoseconds) }
    }

    /// Runs `body` on the simulation thread after `delay` of virtual time.
    public func schedule(after delay: Duration, _ body: @escaping () -> Void) {
        executor.schedule(after: delay, body)
    }

    /// Number of foreground tasks still running.
    public var unfinishedTaskCount: Int { tasks.foregroundCount }
}
