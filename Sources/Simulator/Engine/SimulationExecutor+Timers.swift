/// A wake-up parked on the timer heap, ordered by (virtual instant, sequence number) so that two
/// timers for the same instant fire in the order they were set.
enum Timer {
    enum Action {
        /// Resume a task parked by a non-cancellable sleep.
        case resume(UnsafeContinuation<Void, Never>)
        /// Resume a task parked by a cancellable sleep, unless it was already woken by cancellation.
        case resumeCancellable(SleepToken)
        /// Resume a periodic loop's task with `true`; ``Simulation/tearDown()`` resumes it with
        /// `false` instead, and the loop ends.
        case resumeUnlessTornDown(UnsafeContinuation<Bool, Never>)
        /// Run a closure on the simulation thread (faults, rare network paths).
        case run(() -> Void)
        /// Tell a ``SteppedWork`` that its timer number `code` is due: the hot paths (a network
        /// call's delivery, answer and timeout) use this instead of a closure, so they allocate
        /// nothing. The entry holds no reference (its target counts it): a timer queue that drops
        /// the action unfired must ``discard()`` it.
        case notify(WakeUp)

        /// Starts loading a ``notify(_:)`` action's target, which its firing touches first: the
        /// timer queue asks as it takes the action out, before it restores its heap.
        @inline(__always)
        func prefetchTarget() {
            if case .notify(let wakeUp) = self { wakeUp.prefetchTarget() }
        }

        /// Lets go of what an action that will not run holds, where dropping it does not: a
        /// ``notify(_:)`` entry is counted by its target.
        func discard() {
            if case .notify(let wakeUp) = self { wakeUp.discard() }
        }
    }
}

/// The state of one cancellable sleep, shared between the timer and the cancellation handler.
final class SleepToken: @unchecked Sendable {
    var continuation: UnsafeContinuation<Void, Never>?
    var woken = false
    var cancelled = false

    func wake() {
        guard !woken, let continuation else { return }
        woken = true
        self.continuation = nil
        continuation.resume()
    }
}

extension SimulationExecutor {
    /// Parks `action` on the timer heap for virtual instant `deadline` (never earlier than now).
    ///
    /// - Complexity: O(log t) for t pending timers.
    @inline(__always)
    func schedule(at deadline: Int64, _ action: consuming Timer.Action) {
        nextTimerSequence &+= 1
        timers.insert(deadline: Swift.max(deadline, now), sequence: nextTimerSequence, action: action)
    }

    /// Parks `action` for `duration` nanoseconds from now, taking its place in the sequence as
    /// ``schedule(at:_:)`` would, and returns a handle with which ``cancelTimer(_:)`` can take it
    /// out before it fires. It waits among the timers set for the same duration (a FIFO lane of
    /// the timer queue) rather than in the heap: made for the many equal timeouts of network calls.
    ///
    /// - Complexity: O(1) amortised while the duration has a lane, O(log t) otherwise.
    func scheduleCancellable(after duration: Int64, _ action: consuming Timer.Action) -> TimerHandle {
        nextTimerSequence &+= 1
        return timers.insertCancellable(deadline: Swift.max(VirtualInstant.saturating(now, plus: duration), now), sequence: nextTimerSequence, action: action, lane: duration)
    }

    /// Removes a timer set by ``scheduleCancellable(after:_:)`` unless it already fired or was
    /// cancelled: it will not fire, and is no longer counted as pending.
    ///
    /// - Complexity: O(log t).
    func cancelTimer(_ handle: TimerHandle) {
        timers.cancel(handle)
    }

    /// ``cancelTimer(_:)`` for a timer set with the action `.notify(wakeUp)`, without reading the
    /// action back (see ``TimerQueue/cancel(_:notifying:)``).
    func cancelTimer(_ handle: TimerHandle, notifying wakeUp: WakeUp) {
        timers.cancel(handle, notifying: wakeUp)
    }

    /// Runs `body` on the simulation thread at virtual instant `deadline`.
    public func schedule(at deadline: VirtualInstant, _ body: @escaping () -> Void) {
        schedule(at: deadline.nanoseconds, .run(body))
    }

    /// Runs `body` on the simulation thread after `delay` of virtual time.
    public func schedule(after delay: Duration, _ body: @escaping () -> Void) {
        schedule(at: VirtualInstant.saturating(now, plus: delay.nanoseconds), .run(body))
    }

    /// Parks a sleeping task's `continuation` until virtual instant `deadline`; not cancellable,
    /// and the cheapest way for a model to let virtual time pass (``Simulation/sleep(for:)``).
    @usableFromInline
    func resume(_ continuation: UnsafeContinuation<Void, Never>, at deadline: Int64) {
        schedule(at: deadline, .resume(continuation))
    }

    /// Parks a periodic loop's `continuation` until `deadline`, to be resumed with true, or with
    /// false when ``Simulation/tearDown()`` wakes it (``Simulation/sleepUnlessTornDown(for:)``).
    @usableFromInline
    func resumeUnlessTornDown(_ continuation: UnsafeContinuation<Bool, Never>, at deadline: Int64) {
        schedule(at: deadline, .resumeUnlessTornDown(continuation))
    }

    /// Suspends the caller until `deadline`, or until its task is cancelled (then it throws
    /// `CancellationError` at the moment of cancellation).
    func cancellableSleep(until deadline: Int64) async throws {
        try Task.checkCancellation()
        let token = SleepToken()
        await withTaskCancellationHandler {
            await withUnsafeContinuation { (continuation: UnsafeContinuation<Void, Never>) in
                if token.cancelled {
                    continuation.resume()
                    return
                }
                token.continuation = continuation
                schedule(at: deadline, .resumeCancellable(token))
            }
        } onCancel: {
            token.cancelled = true
            token.wake()
        }
        if token.cancelled { throw CancellationError() }
    }

    /// Pops the earliest timer and advances virtual time to it, firing its action.
    @inline(__always)
    func fireEarliestTimer() {
        let timer = timers.removeMin()
        now = Swift.max(now, timer.deadline)
        eventsProcessed &+= 1
        switch timer.action {
        case .resume(let continuation): continuation.resume()
        case .resumeCancellable(let token): token.wake()
        case .resumeUnlessTornDown(let continuation): continuation.resume(returning: true)
        case .run(let body): body()
        case .notify(let wakeUp): wakeUp.fireTimer()
        }
    }
}
