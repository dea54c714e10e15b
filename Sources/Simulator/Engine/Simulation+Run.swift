/// How a run ended when it did not fail.
public enum RunOutcome: Equatable, Sendable {
    /// Every foreground task finished.
    case completed
    /// The requested instant was reached (foreground work may remain).
    case reachedInstant
}

extension Simulation {
    /// Runs until virtual time reaches `instant` (timers due at `instant` still fire), or until
    /// nothing is left to do at all (no task running and no timer pending) if that comes first.
    ///
    /// - Throws: ``SimulationError`` on deadlock, an escaped task, or `eventLimit`.
    @discardableResult
    public func run(until instant: VirtualInstant, eventLimit: UInt64 = .max,
                    livelockEvents: UInt64 = Simulation.livelockEvents) throws(SimulationError) -> RunOutcome {
        try drive(limit: instant.nanoseconds, eventLimit: eventLimit, livelockEvents: livelockEvents, failAtLimit: false)
    }

    /// Runs until every foreground task has finished.
    ///
    /// - Throws: ``SimulationError/timeLimitExceeded(limit:unfinishedTasks:)`` if virtual time
    ///   would pass `timeLimit` first, and the other ``SimulationError`` cases as ``run(until:eventLimit:)``.
    public func runToCompletion(timeLimit: VirtualInstant, eventLimit: UInt64 = .max,
                                livelockEvents: UInt64 = Simulation.livelockEvents) throws(SimulationError) {
        _ = try drive(limit: timeLimit.nanoseconds, eventLimit: eventLimit, livelockEvents: livelockEvents, failAtLimit: true)
    }

    /// Events in a row without virtual time moving that make a livelock: far more than any burst
    /// at one instant (a million users starting together take about ten million), few enough to
    /// stop within seconds.
    public static let livelockEvents: UInt64 = 25_000_000

    /// Events between two calls of ``progress``.
    public static let progressEvents = 1 << 16

    private func drive(limit: Int64, eventLimit: UInt64, livelockEvents: UInt64, failAtLimit: Bool) throws(SimulationError) -> RunOutcome {
        executor.adoptCurrentThread()
        executor.isRunning = true
        defer { executor.isRunning = false }
        let firstEvent = executor.eventsProcessed
        // A checkpoint every `livelockEvents` events: if virtual time has not moved since the last
        // one, the world is busy at one instant for good.
        var checkpoint = (events: firstEvent, instant: executor.now)
        var sinceProgress = 0
        while true {
            if let progress {
                sinceProgress &+= 1
                if sinceProgress == Simulation.progressEvents {
                    sinceProgress = 0
                    progress(now, executor.eventsProcessed)
                }
            }
            if executor.hasEscapedJobs {
                throw .escapedTask(at: now, jobs: executor.escapedJobCount)
            }
            if executor.eventsProcessed &- firstEvent >= eventLimit {
                throw .eventLimitExceeded(limit: eventLimit, at: now)
            }
            if executor.eventsProcessed &- checkpoint.events >= livelockEvents {
                if executor.now == checkpoint.instant { throw .livelock(at: now, events: executor.eventsProcessed &- checkpoint.events) }
                checkpoint = (executor.eventsProcessed, executor.now)
            }
            if executor.runReadyJob() { continue }
            if tasks.foregroundCount == 0 && (failAtLimit || executor.timers.isEmpty) {
                return .completed
            }
            guard let next = executor.timers.earliestDeadline else {
                throw .deadlock(at: now, stuckTasks: tasks.foregroundNames)
            }
            if next > limit {
                if failAtLimit {
                    throw .timeLimitExceeded(limit: VirtualInstant(nanoseconds: limit), unfinishedTasks: tasks.foregroundNames)
                }
                executor.now = Swift.max(executor.now, limit)
                return .reachedInstant
            }
            executor.fireEarliestTimer()
        }
    }
}

extension Simulation {
    /// Jobs ``tearDown()`` runs, at most, to let the periodic loops it woke end.
    public static let tearDownJobs = 1_000_000

    /// Winds a finished world down so that it frees its memory; call it once its results have
    /// been read. The simulation cannot be run afterwards.
    ///
    /// A task parked on a timer is only freed when it is resumed and returns; dropped with its
    /// timer it would stay suspended for good and keep whatever it holds alive (a worker's
    /// heartbeat loop holds the worker, its log and its outputs: megabytes per world). So the
    /// periodic loops, which sleep with ``sleepUnlessTornDown(for:)``, are woken with `false` and
    /// end; nothing else runs on and virtual time does not move. Whatever else is pending is
    /// dropped; what runs here is not traced and the event count stays as the last run left it.
    public func tearDown() {
        precondition(!executor.isRunning, "tearDown() during a run")
        executor.adoptCurrentThread()
        executor.isTearingDown = true
        let events = executor.eventsProcessed
        executor.timers.removeAll { action in
            if case .resumeUnlessTornDown(let continuation) = action { continuation.resume(returning: false) }
        }
        executor.isRunning = true
        var jobs = 0
        while jobs < Simulation.tearDownJobs, executor.runReadyJob() { jobs += 1 }
        executor.isRunning = false
        executor.timers.removeAll()
        executor.discardReady()
        // Let the parked handler tasks finish, so they do not outlive the world.
        executor.handlerTasks.stopIdleTasks()
        while executor.runReadyJob() {}
        executor.eventsProcessed = events
    }

    /// Whether the world is being wound down after its last run (``tearDown()``).
    public var isTornDown: Bool { executor.isTearingDown }
}
