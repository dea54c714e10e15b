/// The figures seed 001 claims for its MapReduce word count over log events
/// (`../shared/design/EXPERIMENTS.md`), as read from `scenarios/mapreduce.yaml`: what the
/// experiment's claims table compares the simulation with. The defaults are the seed's.
public struct Seed001Claims: Sendable, Equatable {
    /// Map workers running at once (4).
    public var mappers: Int
    /// Reduce workers running at once (2).
    public var reducers: Int
    /// Events per second one map worker processes (12,500).
    public var eventsPerSecondPerMapper: Double
    /// Events per second with ``mappers`` map workers (50,000).
    public var eventsPerSecondWithMappers: Double
    /// Throughput grows linearly up to this many map workers (20).
    public var linearUpTo: Int
    /// The seed's own figure at its limit of linear scaling, as it wrote it: "20 map workers
    /// (200K events/sec)".
    public static let seedLinearLimit = (workers: 20, eventsPerSecond: 200_000.0)
    /// The events per second the seed states at ``linearUpTo`` map workers: not ``linearUpTo`` ×
    /// ``eventsPerSecondPerMapper`` (250,000), which the claims table printed as the seed's
    /// figure. Nil when the limit is not the seed's 20, for which alone it states one.
    public var eventsPerSecondAtLinearLimit: Double? {
        linearUpTo == Self.seedLinearLimit.workers ? Self.seedLinearLimit.eventsPerSecond : nil
    }
    /// A map task of this many events (10,000) …
    public var mapTaskEvents: Int
    /// … takes this long (800 ms).
    public var mapTaskTime: Duration
    /// A failed worker's task is detected and rescheduled within this many seconds (5 … 15).
    public var recoverySeconds: ClosedRange<Double>
    /// The share of shuffle data the combiner saves (0.8).
    public var combinerReduction: Double
    /// An end-to-end job over ``endToEndEvents`` events (40,000) …
    public var endToEndEvents: Int
    /// … takes this many seconds (15 … 30).
    public var endToEndSeconds: ClosedRange<Double>
    /// A single claimed figure holds when the simulated one is within this fraction of it (0.1);
    /// linear scaling holds when the efficiency at ``linearUpTo`` is at least 1 − tolerance.
    public var tolerance: Double

    /// Creates the claims; the defaults are seed 001's.
    public init(mappers: Int = 4, reducers: Int = 2, eventsPerSecondPerMapper: Double = 12_500,
                eventsPerSecondWithMappers: Double = 50_000, linearUpTo: Int = 20, mapTaskEvents: Int = 10_000,
                mapTaskTime: Duration = .milliseconds(800), recoverySeconds: ClosedRange<Double> = 5...15,
                combinerReduction: Double = 0.8, endToEndEvents: Int = 40_000, endToEndSeconds: ClosedRange<Double> = 15...30,
                tolerance: Double = 0.1) {
        self.mappers = mappers
        self.reducers = reducers
        self.eventsPerSecondPerMapper = eventsPerSecondPerMapper
        self.eventsPerSecondWithMappers = eventsPerSecondWithMappers
        self.linearUpTo = linearUpTo
        self.mapTaskEvents = mapTaskEvents
        self.mapTaskTime = mapTaskTime
        self.recoverySeconds = recoverySeconds
        self.combinerReduction = combinerReduction
        self.endToEndEvents = endToEndEvents
        self.endToEndSeconds = endToEndSeconds
        self.tolerance = tolerance
    }
}
