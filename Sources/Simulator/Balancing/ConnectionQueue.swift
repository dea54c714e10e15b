import DequeModule

/// nginx Plus's upstream `queue N timeout=T` with per-server `max_conns`: when every server that
/// may take a request is at its connection limit, the request waits in a FIFO queue for a
/// connection to end, for at most `timeout`; a full queue or an expired wait is answered 503.
public struct ConnectionQueueConfiguration: Sendable, Equatable {
    /// Requests that may wait at once; 0 rejects as soon as every server is at its limit.
    public var capacity: Int
    /// How long a request may wait from the moment it is queued.
    public var timeout: Duration

    /// A queue of `capacity` requests waiting at most `timeout` each.
    public init(capacity: Int, timeout: Duration) {
        precondition(capacity >= 0, "a queue capacity must not be negative")
        self.capacity = capacity
        self.timeout = timeout
    }
}

/// The requests waiting for a connection, in arrival order.
///
/// A class so that the timeout timers, which run on the simulation thread outside the balancer's
/// isolation, can settle a waiter. `@unchecked Sendable`: touched only on the simulation thread.
final class ConnectionQueue: @unchecked Sendable {
    /// One waiting request: resumed once, with true when a connection ended or false at its deadline.
    final class Waiter: @unchecked Sendable {
        var continuation: UnsafeContinuation<Bool, Never>?
        init(_ continuation: UnsafeContinuation<Bool, Never>) { self.continuation = continuation }
    }

    let configuration: ConnectionQueueConfiguration
    private let executor: SimulationExecutor
    /// Waiters in order; settled ones are skipped lazily when a connection ends.
    private var waiters = Deque<Waiter>()
    /// Waiters not yet settled.
    private(set) var waiting = 0

    init(_ configuration: ConnectionQueueConfiguration, executor: SimulationExecutor) {
        self.configuration = configuration
        self.executor = executor
    }

    /// Whether another request may join the queue.
    var hasRoom: Bool { waiting < configuration.capacity }

    /// Waits until a connection ends (true) or until `deadline` (false). A request woken before
    /// that found nothing free again re-joins at the front (`atFront`), keeping its place.
    func wait(until deadline: VirtualInstant, atFront: Bool) async -> Bool {
        await withUnsafeContinuation { continuation in
            let waiter = Waiter(continuation)
            if atFront { waiters.prepend(waiter) } else { waiters.append(waiter) }
            waiting += 1
            executor.schedule(at: deadline) { [self] in
                guard let continuation = waiter.continuation else { return }
                waiter.continuation = nil
                waiting -= 1
                continuation.resume(returning: false)
            }
        }
    }

    /// A connection ended: the first waiter still waiting tries again.
    func wakeFirst() {
        while let waiter = waiters.popFirst() {
            guard let continuation = waiter.continuation else { continue }
            waiter.continuation = nil
            waiting -= 1
            continuation.resume(returning: true)
            return
        }
    }

    /// The balancer's process crashed: every request waiting ends (resumed with false, and finds
    /// its process gone), and the queue is empty for the next process.
    func endAllWaits() {
        let ended = waiters
        waiters = []
        waiting = 0
        for waiter in ended {
            guard let continuation = waiter.continuation else { continue }
            waiter.continuation = nil
            continuation.resume(returning: false)
        }
    }
}
