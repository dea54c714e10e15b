import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The one serial executor of a simulation: every actor of the simulation returns it from
/// `unownedExecutor`, and every task of the simulation prefers it as its task executor.
///
/// It keeps a FIFO queue of ready jobs (``ReadyQueue``) and a min-heap of timers ordered by
/// (virtual instant, sequence number). The run loop drains the ready queue; only when it is empty
/// does it pop the earliest timer and advance virtual time to it. Nothing runs concurrently, so
/// the order of every job — and hence every run — is a function of the scenario and the seed.
///
/// Its hot stored properties opt out of dynamic exclusivity checks (`@exclusivity(unchecked)`),
/// which cost a thread-local lookup per access: they are only ever touched by the one thread
/// that runs the simulation, never across a suspension.
///
/// `@unchecked Sendable`: single-threaded by construction — all mutable state is touched only by
/// the thread that runs the simulation, and a job enqueued from any other thread is diverted to a
/// lock-protected list and reported as an escaped task instead of being run.
/// One entry of the ready queue.
enum ReadyItem {
    /// A job to run.
    case job(UnownedJob)
    /// A task that hopped (see ``SimulationExecutor/hop()``): resume it and run it in place.
    case hop(UnsafeContinuation<Void, Never>)
    /// One step of work that needs no task of its own (see ``SteppedWork``).
    case step(WakeUp)

    /// Starts loading a step's target while what is queued before it runs: a step is mostly
    /// queued for an object no event touched for a while (a client whose answer arrived, a
    /// server whose service ended).
    @inline(__always)
    func prefetchTarget() {
        if case .step(let wakeUp) = self { wakeUp.prefetchTarget() }
    }
}

public final class SimulationExecutor: SerialExecutor, TaskExecutor, @unchecked Sendable {
    /// Current virtual time in nanoseconds.
    @exclusivity(unchecked) public internal(set) var now: Int64 = 0

    @exclusivity(unchecked) var ready = ReadyQueue()
    /// Set while a hop resumes its task, so that the task's job runs at the hop's place in the
    /// queue instead of going to its back.
    @exclusivity(unchecked) private var resumingHop = false
    @exclusivity(unchecked) private var hopJob: UnownedJob?
    let timers = TimerQueue()
    /// Parked tasks that run network handlers, reused instead of starting a task per request.
    let handlerTasks = HandlerTaskPool()
    @exclusivity(unchecked) var nextTimerSequence: UInt64 = 0
    /// Jobs run plus timers fired since the simulation was created.
    @exclusivity(unchecked) public internal(set) var eventsProcessed: UInt64 = 0

    var ownerThread: pthread_t
    var isRunning = false
    /// Set by ``Simulation/tearDown()``: periodic loops are woken to end, and nothing is traced.
    @exclusivity(unchecked) @usableFromInline var isTearingDown = false

    let escapeDetected = Atomic<Bool>(false)
    let escapedJobs = Mutex<[UnownedJob]>([])

    init() {
        ownerThread = pthread_self()
    }

    deinit {
        discardReady()
    }

    // MARK: Executor conformance

    public func enqueue(_ job: consuming ExecutorJob) {
        let unowned = UnownedJob(job)
        guard pthread_equal(pthread_self(), ownerThread) != 0 else {
            // A job from a foreign thread means a task escaped to the global executor: never run
            // it here (that would race with the simulation thread), record it and stop the run.
            escapedJobs.withLock { $0.append(unowned) }
            escapeDetected.store(true, ordering: .releasing)
            return
        }
        if resumingHop {
            hopJob = unowned
        } else {
            ready.append(.job(unowned))
        }
    }

    public func asUnownedSerialExecutor() -> UnownedSerialExecutor {
        UnownedSerialExecutor(complexEquality: self)
    }

    public func isSameExclusiveExecutionContext(other: SimulationExecutor) -> Bool {
        self === other
    }

    public func asUnownedTaskExecutor() -> UnownedTaskExecutor {
        UnownedTaskExecutor(ordinary: self)
    }

    public func checkIsolated() {
        precondition(isOnSimulationThread, "not running on the simulation's executor thread")
    }

    public func isIsolatingCurrentContext() -> Bool? {
        isOnSimulationThread
    }

    /// Whether the calling thread is the one that owns (runs) this simulation.
    public var isOnSimulationThread: Bool {
        pthread_equal(pthread_self(), ownerThread) != 0
    }

    /// Makes the calling thread the simulation's thread. Called when a run starts and when setup
    /// code spawns tasks, so a simulation can be built and run from any one thread at a time.
    func adoptCurrentThread() {
        precondition(!isRunning, "a simulation cannot be driven from two threads at once")
        ownerThread = pthread_self()
    }

    /// Number of jobs that arrived from foreign threads.
    var escapedJobCount: Int { escapedJobs.withLock { $0.count } }

    /// Whether any job arrived from a thread other than the simulation's.
    public var hasEscapedJobs: Bool { escapeDetected.load(ordering: .acquiring) }

    // MARK: Running jobs

    /// Runs one ready job, if any. Returns false when the ready queue is empty.
    @inline(__always)
    func runReadyJob() -> Bool {
        guard let item = ready.popFirst() else { return false }
        if ready.isEmpty { timers.prefetchEarliestTarget() }
        eventsProcessed &+= 1
        let job: UnownedJob
        switch item {
        case .step(let wakeUp):
            wakeUp.runStep()
            return true
        case .job(let ready):
            job = ready
        case .hop(let continuation):
            resumingHop = true
            continuation.resume()
            resumingHop = false
            guard let resumed = hopJob else { return true }
            hopJob = nil
            job = resumed
        }
        job.runSynchronously(isolatedTo: asUnownedSerialExecutor(), taskExecutor: asUnownedTaskExecutor())
        return true
    }

    /// Queues step `code` of `target` behind every job that is ready now, exactly where a task
    /// resumed at this moment would run.
    @inline(__always)
    func enqueueStep<Work: SteppedWork>(_ target: Work, _ code: UInt8) {
        ready.append(.step(target.wakeUp(code)))
    }

    /// Queues an entry made earlier (a call's waiting step), as ``enqueueStep(_:_:)`` would.
    @inline(__always)
    func enqueue(_ wakeUp: WakeUp) {
        ready.append(.step(wakeUp))
    }

    /// Empties the ready queue without running it: its steps' targets are let go (their entries
    /// hold no references of their own), its jobs and hops are dropped.
    func discardReady() {
        while let item = ready.popFirst() {
            if case .step(let wakeUp) = item { wakeUp.discard() }
        }
    }

    /// Suspends the calling task and queues it behind every job that is ready now, exactly as
    /// one switch between executors does: one job, at the back of the ready queue.
    nonisolated(nonsending) func hop() async {
        await withUnsafeContinuation { ready.append(.hop($0)) }
    }
}
