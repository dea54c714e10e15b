/// The circuit breaker of seed 001's gateway, in the usual three states (Resilience4j, Hystrix):
///
/// - **closed**: requests pass; the outcomes of the last `window` requests are kept, and once at
///   least `minimumRequests` are known and the share of failures reaches `failureRatio`, it opens.
/// - **open**: every request is rejected at once (503) for `openDuration`, which gives failing
///   servers room to recover instead of a queue of retries; then it is half-open.
/// - **half-open**: `halfOpenRequests` trial requests pass; if they all succeed it closes, and the
///   first failure opens it again for another `openDuration`.
///
/// A failure is a request that got no 2xx answer from the servers (after the balancer's retries).
/// Outcomes of requests admitted in an earlier state are ignored, so a slow request that started
/// while closed cannot decide a half-open trial.
public struct CircuitBreaker: Sendable, Equatable {
    /// When to open and how to recover.
    public struct Configuration: Sendable, Equatable {
        /// Share of failures in the window that opens the breaker.
        public var failureRatio: Double
        /// How many recent outcomes are considered.
        public var window: Int
        /// Outcomes needed before the ratio is trusted.
        public var minimumRequests: Int
        /// How long it stays open.
        public var openDuration: Duration
        /// Trial requests while half-open.
        public var halfOpenRequests: Int

        /// Resilience4j's defaults unless given (50 %, 100 calls, 100 minimum, 60 s, 10 trials)
        /// scaled down to a simulated gateway: 50 %, 20, 10, 5 s, 3.
        public init(failureRatio: Double = 0.5, window: Int = 20, minimumRequests: Int = 10, openDuration: Duration = .seconds(5), halfOpenRequests: Int = 3) {
            precondition(failureRatio > 0 && failureRatio <= 1, "the failure ratio must be in (0, 1]")
            precondition(window >= 1 && minimumRequests >= 1 && minimumRequests <= window, "need 1 ≤ minimum requests ≤ window")
            precondition(halfOpenRequests >= 1, "at least one trial request is needed")
            self.failureRatio = failureRatio
            self.window = window
            self.minimumRequests = minimumRequests
            self.openDuration = openDuration
            self.halfOpenRequests = halfOpenRequests
        }
    }

    /// Where the breaker is.
    public enum State: Sendable, Equatable {
        /// Requests pass and are counted.
        case closed
        /// Requests are rejected until the instant.
        case open(until: VirtualInstant)
        /// Trial requests pass.
        case halfOpen
    }

    /// A change of state, for the balancer's event log.
    public enum Transition: String, Sendable, Equatable {
        case opened, halfOpened = "half-opened", closed
    }

    /// A request admitted in a given state; its outcome counts only in that state.
    public struct Ticket: Sendable, Equatable {
        let generation: Int
    }

    public let configuration: Configuration
    /// The current state.
    public private(set) var state = State.closed
    private var generation = 0
    /// Recent outcomes (true = failure), oldest first, at most `window`.
    private var outcomes: [Bool] = []
    private var trialsAdmitted = 0
    private var trialsSucceeded = 0

    /// A closed breaker.
    public init(_ configuration: Configuration) {
        self.configuration = configuration
    }

    /// Asks to pass a request at `now`: a ticket when it may, and the transition that asking
    /// caused (open → half-open once the open period is over).
    public mutating func admit(at now: VirtualInstant) -> (ticket: Ticket?, transition: Transition?) {
        var transition: Transition?
        if case .open(let until) = state {
            guard now >= until else { return (nil, nil) }
            enter(.halfOpen)
            transition = .halfOpened
        }
        if state == .halfOpen {
            guard trialsAdmitted < configuration.halfOpenRequests else { return (nil, transition) }
            trialsAdmitted += 1
        }
        return (Ticket(generation: generation), transition)
    }

    /// Records the outcome of the request admitted with `ticket`; returns the transition it caused.
    public mutating func record(_ ticket: Ticket, failed: Bool, at now: VirtualInstant) -> Transition? {
        guard ticket.generation == generation else { return nil }
        switch state {
        case .open:
            return nil
        case .halfOpen:
            if failed {
                enter(.open(until: now.advanced(by: configuration.openDuration)))
                return .opened
            }
            trialsSucceeded += 1
            guard trialsSucceeded >= configuration.halfOpenRequests else { return nil }
            enter(.closed)
            return .closed
        case .closed:
            outcomes.append(failed)
            if outcomes.count > configuration.window { outcomes.removeFirst() }
            guard outcomes.count >= configuration.minimumRequests else { return nil }
            let failures = outcomes.reduce(0) { $0 + ($1 ? 1 : 0) }
            guard Double(failures) >= configuration.failureRatio * Double(outcomes.count) else { return nil }
            enter(.open(until: now.advanced(by: configuration.openDuration)))
            return .opened
        }
    }

    private mutating func enter(_ next: State) {
        state = next
        generation += 1
        outcomes.removeAll()
        trialsAdmitted = 0
        trialsSucceeded = 0
    }
}
