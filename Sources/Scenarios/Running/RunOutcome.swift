import Reports

/// What running one scenario file gives the command line: the report files to write, the line
/// that sums the run up, and — when it failed — why, with the command that replays it. The library
/// decides none of the printing or the exit code; `orrery` does.
public struct RunOutcome: Sendable {
    /// The name its reports are written under.
    public var name: String
    /// The seed the run used.
    public var seed: UInt64
    /// The command that replays it.
    public var replay: String
    /// The report files, paths relative to the output directory.
    public var bundle: ReportBundle
    /// The trace, when one was asked for: every trace event as JSON lines, or a Perfetto trace.
    public var trace: String?
    /// The run's time series in the OpenMetrics text format, when asked for.
    public var metrics: String?
    /// Why the time series asked for were not made (more samples in all than a file may hold);
    /// nothing of the run is then written.
    public var metricsProblem: String?
    /// The digest of every event of a world; nil for an experiment.
    public var digest: String?
    /// `PASS <name> seed <seed> digest <digest>: <figures>`; nil for an experiment, whose summary is
    /// the list of files it wrote.
    public var headline: String?
    /// Why the run failed (an expectation that did not hold, a simulation stopped early, an
    /// operation that could not be sent), one reason per line, the replay command first; nil when
    /// it passed.
    public var failure: String?

    public init(name: String, seed: UInt64, replay: String, bundle: ReportBundle, trace: String? = nil, metrics: String? = nil, digest: String? = nil,
                headline: String?, failure: String?) {
        self.name = name
        self.seed = seed
        self.replay = replay
        self.bundle = bundle
        self.trace = trace
        self.metrics = metrics
        self.digest = digest
        self.headline = headline
        self.failure = failure
    }

    /// Whether every expectation held and the simulation ran to its end.
    public var passed: Bool { failure == nil }
}
