import CPrefetch

/// Work that runs as plain steps of the executor's ready queue, and wakes on timers, instead of
/// in a task of its own.
///
/// A model whose work never needs to wait in the middle of a step (a server replica: admit,
/// serve for a sampled time, answer) can be written as a small state machine whose steps are
/// queued with ``SimulationExecutor/enqueueStep(_:_:)`` exactly where a task's jobs would have
/// been queued, and whose waits are timers that wake it by code (``Timer/Action/notify(_:)``). The
/// order of everything that happens, and the number of events, stay those of the task it
/// replaces; what goes is the task itself — its allocation, its stack slabs, its executor
/// preference and the runtime's bookkeeping at every job.
///
/// The ready queue and the timers do not hold a reference per entry. The object counts the
/// entries that name it (``wakeUps``, through ``wakeUp(_:)`` and ``WakeUp``) and holds itself
/// once while it has any: a network call is woken eight times in a request (its delivery, its
/// service, its answer and its timeout; the steps of its server), and each entry's atomic retain
/// and release became a plain increment and decrement of that count, with one retain and one
/// release for the whole stretch.
///
/// A protocol rather than a base class: the deallocating `deinit` of any subclass retains and
/// releases the object it frees (the base's part hands the object back counted, and the release
/// of a field in between may, for all the compiler knows, reach the object itself), which cost
/// two atomic operations for each of the four objects of every balanced request (its two calls,
/// the balancer's record of it and its client). An entry finds its target's type again by its
/// ``StepKind``: the types woken on every request are named there and called directly; any other
/// conformer (a call with an answer type of its own, a test's probe) is found by a dynamic cast.
///
/// Conformers are `@unchecked Sendable` classes touched only on the simulation thread, which
/// declare `@exclusivity(unchecked) var wakeUps: UInt32 = 0` and change it only through this
/// protocol's functions.
protocol SteppedWork: AnyObject {
    /// Entries of the ready queue and of the timer queue that name this object, not yet run or
    /// discarded. The object holds itself (one retain) while this is above zero.
    var wakeUps: UInt32 { get set }
    /// How an entry naming this object calls it (``StepKind/dynamic`` unless it is one of the
    /// types named there).
    var stepKind: StepKind { get }
    /// Runs step `code`, synchronously, on the simulation thread and outside any task: it must
    /// not block, and it continues by queueing its next step or by setting a timer.
    func runStep(_ code: UInt8)
    /// Called on the simulation thread when the timer set with `code` is due.
    func timerFired(_ code: UInt8)
}

extension SteppedWork {
    var stepKind: StepKind { .dynamic }

    func runStep(_ code: UInt8) {
        preconditionFailure("\(type(of: self)) has no steps")
    }

    func timerFired(_ code: UInt8) {
        preconditionFailure("\(type(of: self)) sets no timers")
    }

    /// An entry naming this object, for the ready queue or a timer: it must be run or discarded
    /// exactly once (``WakeUp/runStep()``, ``WakeUp/fireTimer()``, ``WakeUp/discard()``).
    @inline(__always)
    func wakeUp(_ code: UInt8) -> WakeUp {
        let unmanaged = Unmanaged.passUnretained(self)
        if wakeUps == 0 { _ = unmanaged.retain() }
        wakeUps &+= 1
        return WakeUp(target: unmanaged.toOpaque(), code: code, kind: stepKind)
    }

    /// Counts one entry gone; lets go of the object's hold on itself with the last. The caller
    /// holds the object (lent or counted) while this runs.
    @inline(__always)
    fileprivate func entryGone() {
        wakeUps &-= 1
        if wakeUps == 0 { Unmanaged.passUnretained(self).release() }
    }
}

/// The type of an entry's target, so that the entry can call it without a reference of its own
/// and without a class hierarchy (see ``SteppedWork``): the types woken on every request, and the
/// rest.
enum StepKind: UInt8 {
    /// A ``PendingCall`` answered with a ``Response`` (every request to a server or a balancer).
    case responseCall
    /// A ``PendingCall`` answered with an ``ErasedAnswer`` (every other call made with a closure).
    case erasedCall
    /// A ``BalancedRequest``.
    case balancedRequest
    /// A ``WorkloadClient``.
    case workloadClient
    /// An ``OpenLoopArrivals``.
    case openLoopArrivals
    /// Any other conformer, found by a dynamic cast at every entry.
    case dynamic
}

/// One entry of the ready queue or of the timer queue, naming a ``SteppedWork``, the code it is
/// woken by and the target's kind. It holds no reference of its own (its target counts it): run
/// it or discard it exactly once, and never copy one that is still to be run.
struct WakeUp {
    /// The target's address, not counted.
    let target: UnsafeMutableRawPointer
    let code: UInt8
    let kind: StepKind

    /// Runs the target's step, then counts the entry gone.
    @inline(__always)
    func runStep() { deliver(.step) }

    /// Tells the target its timer is due, then counts the entry gone.
    @inline(__always)
    func fireTimer() { deliver(.timer) }

    /// Counts the entry gone without running it (a cancelled timer, a world torn down): the
    /// target lets go of itself with its last entry.
    @inline(__always)
    func discard() { deliver(.nothing) }

    /// What an entry brings its target before it is counted gone.
    private enum Delivery {
        case step, timer, nothing
    }

    /// Brings `delivery` to the target as the type its kind says it is, then counts the entry
    /// gone. A named type is lent (the entry's count keeps it alive until the count goes); a
    /// dynamic one is counted while it is used.
    @inline(__always)
    private func deliver(_ delivery: Delivery) {
        switch kind {
        case .responseCall: deliver(delivery, as: PendingCall<Response>.self)
        case .erasedCall: deliver(delivery, as: PendingCall<ErasedAnswer>.self)
        case .balancedRequest: deliver(delivery, as: BalancedRequest.self)
        case .workloadClient: deliver(delivery, as: WorkloadClient.self)
        case .openLoopArrivals: deliver(delivery, as: OpenLoopArrivals.self)
        case .dynamic: deliver(delivery, to: dynamicTarget)
        }
    }

    @inline(__always)
    private func deliver<Work: SteppedWork>(_ delivery: Delivery, as type: Work.Type) {
        Unmanaged<Work>.fromOpaque(target)._withUnsafeGuaranteedRef { deliver(delivery, to: $0) }
    }

    @inline(__always)
    private func deliver(_ delivery: Delivery, to work: some SteppedWork) {
        switch delivery {
        case .step: work.runStep(code)
        case .timer: work.timerFired(code)
        case .nothing: break
        }
        work.entryGone()
    }

    /// The target of a ``StepKind/dynamic`` entry, counted for as long as the caller uses it.
    private var dynamicTarget: any SteppedWork {
        Unmanaged<AnyObject>.fromOpaque(target).takeUnretainedValue() as! any SteppedWork
    }

    /// Cache lines of an object that ``prefetch(_:)`` asks for: 384 bytes, enough for the
    /// largest object woken by steps and timers and the one woken most, a network call
    /// (``PendingCall``, 312 bytes, whose steps touch fields all over it), wherever in its first
    /// line its 16-byte-aligned start falls (at most 48 + 312 = 360 bytes on). Measured on A-4 (40
    /// worlds of 10,000 requests in flight, `experiment a4 --jobs 1`, alternating rounds, user
    /// time): when a call took 432 bytes, medians of six rounds, the first line alone 1.69 s,
    /// seven lines 1.48 s, nine 1.48 s; at 296 bytes, means of eight rounds, seven lines 2.89 s,
    /// six 2.89 s (a slow hour of the machine).
    static let prefetchedLines: Int32 = 6

    /// Starts loading the first ``prefetchedLines`` cache lines of the work at `address`, which
    /// an event will touch soon. A hint to the processor: it changes nothing.
    @inline(__always)
    static func prefetch(_ address: UnsafeMutableRawPointer) {
        orrery_prefetch_lines(address, prefetchedLines)
    }

    /// Starts loading the target (``prefetch(_:)``), so that a step or a timer queued for an
    /// object no event touched for a while does not wait for memory when it runs.
    @inline(__always)
    func prefetchTarget() {
        Self.prefetch(target)
    }
}
