/// The clock of one simulation: `now` is the simulation's virtual time, and sleeping parks the
/// caller on the simulation's timer heap instead of a real timer.
///
/// Virtual time advances only when the simulation has no job ready to run, so a quiet cluster
/// covers hours of virtual time in milliseconds of real time.
public struct VirtualClock: Clock, Sendable {
    public typealias Instant = VirtualInstant
    public typealias Duration = Swift.Duration

    let executor: SimulationExecutor

    public var now: VirtualInstant { VirtualInstant(nanoseconds: executor.now) }

    public var minimumResolution: Duration { .nanoseconds(1) }

    /// Suspends the calling task until `deadline` in virtual time; throws `CancellationError`
    /// if the task is cancelled first (the wake-up then happens at once).
    public func sleep(until deadline: VirtualInstant, tolerance: Duration? = nil) async throws {
        try await executor.cancellableSleep(until: deadline.nanoseconds)
    }
}
