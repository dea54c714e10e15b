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
/// entries that name it (``WakeUp``) and holds itself once while it has any: a network call is
/// woken eight times in a request (its delivery, its service, its answer and its timeout; the
/// steps of its server), and each entry's atomic retain and release became a plain increment and
/// decrement of that count, with one retain and one release for the whole stretch.
///
/// A class rather than a protocol, so that an entry is one unretained reference and a code (an
/// existential would add a witness table, and its copy a retain). Public only because a public
/// class (``PooledConnection``) derives from it; nothing of it is.
///
/// `@unchecked Sendable`: touched only on the simulation thread.
public class SteppedWork: @unchecked Sendable {
    /// Entries of the ready queue and of the timer queue that name this object, not yet run or
    /// discarded. The object holds itself (one retain) while this is above zero.
    @exclusivity(unchecked) private final var wakeUps: UInt32 = 0

    init() {}

    /// Runs step `code`, synchronously, on the simulation thread and outside any task: it must
    /// not block, and it continues by queueing its next step or by setting a timer.
    func runStep(_ code: UInt8) {
        preconditionFailure("\(type(of: self)) has no steps")
    }

    /// Called on the simulation thread when the timer set with `code` is due.
    func timerFired(_ code: UInt8) {
        preconditionFailure("\(type(of: self)) sets no timers")
    }

    /// An entry naming this object, for the ready queue or a timer: it must be run or discarded
    /// exactly once (``WakeUp/runStep()``, ``WakeUp/fireTimer()``, ``WakeUp/discard()``).
    @inline(__always)
    final func wakeUp(_ code: UInt8) -> WakeUp {
        let unmanaged = Unmanaged.passUnretained(self)
        if wakeUps == 0 { _ = unmanaged.retain() }
        wakeUps &+= 1
        return WakeUp(target: unmanaged, code: code)
    }

    /// Cache lines of an object that ``prefetch(_:)`` asks for: 384 bytes, enough for the
    /// largest object woken by steps and timers and the one woken most, a network call
    /// (``PendingCall``, 296 bytes, whose steps touch fields all over it), wherever in its first
    /// line its 16-byte-aligned start falls (at most 48 + 296 = 344 bytes on). Measured on A-4 (40
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

    /// Counts one entry gone; true when it was the last, and the object's hold on itself must go.
    @inline(__always)
    fileprivate final func entryGone() -> Bool {
        wakeUps &-= 1
        return wakeUps == 0
    }
}

/// One entry of the ready queue or of the timer queue, naming a ``SteppedWork`` and the code it is
/// woken by. It holds no reference of its own (its target counts it): run it or discard it
/// exactly once, and never copy one that is still to be run.
struct WakeUp {
    let target: Unmanaged<SteppedWork>
    let code: UInt8

    /// Runs the target's step, then counts the entry gone.
    @inline(__always)
    func runStep() {
        target._withUnsafeGuaranteedRef { $0.runStep(code) }
        discard()
    }

    /// Tells the target its timer is due, then counts the entry gone.
    @inline(__always)
    func fireTimer() {
        target._withUnsafeGuaranteedRef { $0.timerFired(code) }
        discard()
    }

    /// Starts loading the target (``SteppedWork/prefetch(_:)``), so that a step or a timer
    /// queued for an object no event touched for a while does not wait for memory when it runs.
    @inline(__always)
    func prefetchTarget() {
        SteppedWork.prefetch(target.toOpaque())
    }

    /// Counts the entry gone without running it (a cancelled timer, a world torn down): the
    /// target lets go of itself with its last entry.
    @inline(__always)
    func discard() {
        if target._withUnsafeGuaranteedRef({ $0.entryGone() }) { target.release() }
    }
}
