/// A wake-up parked on the timer heap, ordered by (virtual instant, sequence number) so that two
/// timers for the same instant fire in the order they were set.
struct Timer: Comparable {
    enum Action {
        /// Resume a task parked by a non-cancellable sleep.
        case resume(UnsafeContinuation<Void, Never>)
        /// Resume a task parked by a cancellable sleep, unless it was already woken by cancellation.
        case resumeCancellable(SleepToken)
        /// Run a closure on the simulation thread (message delivery, timeouts, faults).
        case run(() -> Void)
    }

    let deadline: Int64
    let sequence: UInt64
    let action: Action

    static func < (lhs: Timer, rhs: Timer) -> Bool {
        lhs.deadline != rhs.deadline ? lhs.deadline < rhs.deadline : lhs.sequence < rhs.sequence
    }

    static func == (lhs: Timer, rhs: Timer) -> Bool {
        lhs.deadline == rhs.deadline && lhs.sequence == rhs.sequence
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
    func schedule(at deadline: Int64, _ action: Timer.Action) {
        nextTimerSequence &+= 1
        timers.insert(Timer(deadline: Swift.max(deadline, now), sequence: nextTimerSequence, action: action))
    }

    /// Runs `body` on the simulation thread at virtual instant `deadline`.
    public func schedule(at deadline: VirtualInstant, _ body: @escaping () -> Void) {
        schedule(at: deadline.nanoseconds, .run(body))
    }

    /// Runs `body` on the simulation thread after `delay` of virtual time.
    public func schedule(after delay: Duration, _ body: @escaping () -> Void) {
        schedule(at: now &+ delay.nanoseconds, .run(body))
    }

    /// Suspends the caller until virtual instant `deadline`; not cancellable, and the cheapest way
    /// for a model to let virtual time pass.
    func sleep(until deadline: Int64) async {
        await withUnsafeContinuation { (continuation: UnsafeContinuation<Void, Never>) in
            schedule(at: deadline, .resume(continuation))
        }
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
    func fire(_ timer: Timer) {
        now = Swift.max(now, timer.deadline)
        eventsProcessed &+= 1
        switch timer.action {
        case .resume(let continuation): continuation.resume()
        case .resumeCancellable(let token): token.wake()
        case .run(let body): body()
        }
    }
}
