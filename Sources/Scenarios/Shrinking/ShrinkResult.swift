/// What `orrery shrink` found.
public enum ShrinkOutcome {
    /// The run passes: there is nothing to shrink.
    case passes(runs: Int)
    /// The run fails, but not the same way once its chaos is written out as explicit faults, so
    /// no shrunk file could replay it.
    case notReplayable(FailureSignature, runs: Int)
    /// A schedule and workload that fail the same way: 1-minimal, unless the shrink reached its
    /// run limit.
    case shrunk(ShrinkResult)
}

/// A failing run shrunk: the faults before and after, the workload before and after, the runs it
/// took, and the standalone scenario file that replays the failure.
public struct ShrinkResult {
    /// The original file.
    public var file: String
    /// The scenario's name; the shrunk file is written as `<name>-shrunk.yaml`.
    public var name: String
    public var seed: UInt64
    /// How the original run failed (and every kept candidate fails).
    public var failure: FailureSignature
    /// Every incident of the original run: listed and drawn.
    public var before: [FaultIncident]
    /// The 1-minimal incidents.
    public var after: [FaultIncident]
    /// How many of ``before`` came after the original run's end, never struck, and were left out
    /// without a run spent on them (chaos draws up to the time limit, well past most worlds' end).
    public var unreached = 0
    /// When the original run ended, in seconds.
    public var originalEnd = 0.0
    /// The workload's figures in the original file.
    public var sizesBefore: [WorkloadSize]
    /// The workload's figures in the shrunk file.
    public var sizesAfter: [WorkloadSize]
    /// World runs spent, the original's included (not the replay of the written file).
    public var runs: Int
    /// The `--max-runs` limit, when the shrink stopped at it (the result is not shown 1-minimal).
    public var runLimit: Int?
    /// The shrunk scenario file's text.
    public var yaml: String
    /// The `--expect` assertions the failure was judged by (the shrunk file's whole `expect:`),
    /// or nil when it was judged by the file's own expectations.
    public var watched: [String]? = nil
    /// The `--set` values the original file was read with (the shrunk file has them written in).
    public var overrides: [ScenarioOverride] = []

    /// The shrunk file's name in the output directory.
    public var shrunkFileName: String { Self.shrunkFileName(of: name) }
    /// The report's name in the output directory.
    public var reportFileName: String { Self.reportFileName(of: name) }

    /// The shrunk file's name for a scenario named `name`.
    static func shrunkFileName(of name: String) -> String { "\(name)-shrunk.yaml" }
    /// The report's name for a scenario named `name`.
    static func reportFileName(of name: String) -> String { "\(name)-shrink.md" }

    /// Faults (items of `faults:`) in `incidents`.
    static func faultCount(_ incidents: [FaultIncident]) -> Int { incidents.reduce(0) { $0 + $1.faultCount } }
}
