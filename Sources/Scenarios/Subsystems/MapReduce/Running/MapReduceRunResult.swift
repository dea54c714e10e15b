import Simulator

/// What one run of a MapReduce scenario produced: the job's report, the comparison of its output
/// with the sequential oracle, and the `expect:` checks.
public struct MapReduceRunResult: Sendable {
    /// The scenario run.
    public var scenario: MapReduceScenario
    /// The seed used.
    public var seed: UInt64
    /// The command that replays this run exactly.
    public var replayCommand: String
    /// The job run.
    public var run: MapReduceJobRun
    /// Input records (lines) the map functions saw.
    public var inputRecords: Int
    /// Input bytes.
    public var inputBytes: Int
    /// The output against the oracle.
    public var comparison: OutputComparison
    /// Why the oracle itself could not run (the job's code threw), if it could not.
    public var oracleFailure: String?
    /// The checks of the scenario's expectations.
    public var checks: [ExpectationCheck]
    /// Why output parts a world's job writes to the store are not there as the job produced them,
    /// one line a part (empty for a job that writes none): never acknowledged, or missing or
    /// different at the end. A job whose output was not committed has not succeeded — a crashed
    /// store made a run pass with "1/1 jobs exact" and the part missing.
    public var unstoredOutput: [String] = []
    /// The world's node outages, which a recovery's figures are measured with
    /// (``RecoveryFigures``): set by the world's MapReduce part before it reads the figures.
    var outages: [NodeOutage] = []

    /// The job's recoveries measured from the lost workers' last progress (``RecoveryFigures``).
    var recoveryFigures: [RecoveryFigures] {
        run.report.map { RecoveryFigures.of($0, outages: outages) } ?? []
    }

    /// Why the run cannot say how many records the job's input held, or nil when it can. A world
    /// job reading a topic counts the records of the range it planned once it has ended (a job
    /// refused while the log was down, or still running at the end, never counted them: its input
    /// read "0 records" as if the topic were empty); one reading a bucket, once its client has
    /// fetched the objects. Every other input is read at load time.
    var inputUnread: String? {
        let input = scenario.input
        if scenario.job.objectInput != nil {
            // A job submitted has read its objects, empty ones included.
            if inputBytes > 0 || run.report != nil || run.rejection?.hasPrefix("no objects with bytes") == true { return nil }
            return run.rejection.map { "not read: the job was refused (\(SimulatorDurationText.reportable($0)))" } ?? "not read: the job's client never fetched the objects"
        }
        guard input.log != nil, input.files.isEmpty, input.synthetic == nil else { return nil }
        if run.report?.status.isFinished == true { return nil }
        if let rejection = run.rejection {
            // A client gives up after it planned the range, which the world then counts.
            if clientGaveUp { return nil }
            return rejection.hasSuffix("there is nothing to map") ? nil : "not read: the job was refused (\(SimulatorDurationText.reportable(rejection)))"
        }
        return run.report == nil ? "not read: the job was never submitted" : "not counted: the job was still running when the run ended"
    }

    /// Whether the job succeeded: it finished as succeeded and its output is stored, if it writes any.
    /// A job whose client gave up on it (``MapReduce/SubmissionError/coordinatorUnreachable(_:)``)
    /// did not succeed, whatever the coordinator's state says: its client has no report of it.
    public var succeeded: Bool { run.rejection == nil && run.report?.status == .succeeded && unstoredOutput.isEmpty }

    /// Whether the output equals the oracle's (false when the job produced none).
    public var outputExact: Bool { succeeded && oracleFailure == nil && comparison.exact }

    /// The verdict: the simulation finished, the job succeeded with exactly the oracle's output,
    /// and every expectation held.
    public var passed: Bool { run.failure == nil && outputExact && checks.allSatisfy(\.holds) }

    /// Whether the job's client gave up on a coordinator that stopped answering
    /// (``MapReduceJobRun/clientGaveUp``) rather than the job being refused: nothing said no to it
    /// (the coordinator may even have finished it), so its problem reads `job failed: the
    /// coordinator did not answer …`, not `job refused: …`, and no report calls it succeeded,
    /// running or exact: its client has no report of it.
    var clientGaveUp: Bool { run.clientGaveUp }

    /// Why the run did not pass, one reason per line (empty when it passed).
    public var problems: [String] {
        var problems: [String] = []
        if let failure = run.failure { problems.append("simulation stopped early: \(failure)") }
        if let rejection = run.rejection {
            problems.append(clientGaveUp ? "job failed: " + SimulatorDurationText.reportable(rejection) : "job refused: \(rejection)")
        }
        // The coordinator's own state of a job its client gave up on (`running`, after a restart)
        // is no second story: the job failed with the give-up.
        if !clientGaveUp, let report = run.report, report.status != .succeeded { problems.append("job \(report.status)") }
        if run.report == nil && run.rejection == nil { problems.append("the job did not finish") }
        if let oracleFailure { problems.append("the sequential oracle failed: \(oracleFailure)") }
        problems += unstoredOutput.map { "output not stored: \($0)" }
        if !clientGaveUp && run.report?.status == .succeeded && !comparison.exact {
            problems.append("output differs from the sequential oracle: " + comparison.differences.joined(separator: "; "))
        }
        return problems
    }

    /// The figure a `mapreduce.*` expectation talks about; nil for another namespace's.
    public func value(of metric: Metric) -> Double? {
        guard metric.subsystem == .mapreduce, let known = MapReduceMetric(rawValue: metric.name) else { return nil }
        return value(of: known)
    }

    /// The figure an expectation talks about; nil when the run cannot say (the job never
    /// finished, or a phase never completed).
    public func value(of metric: MapReduceMetric) -> Double? {
        let report = run.report
        let statistics = report?.statistics
        switch metric {
        case .outputExact: return outputExact ? 1 : 0
        case .succeeded: return succeeded ? 1 : 0
        case .makespan: return report?.makespan?.seconds
        case .mapPhase: return report?.mapPhase?.duration.seconds
        case .reducePhase: return report?.reducePhase?.duration.seconds
        case .attempts: return statistics.map { Double($0.attempts) }
        case .retries: return statistics.map { Double($0.retries) }
        case .speculativeAttempts: return statistics.map { Double($0.speculativeAttempts) }
        case .speculativeWins: return statistics.map { Double($0.speculativeWins) }
        case .failedAttempts: return statistics.map { Double($0.failedAttempts) }
        case .timedOutAttempts: return statistics.map { Double($0.timedOutAttempts) }
        case .lostAttempts: return statistics.map { Double($0.lostAttempts) }
        case .mapReexecutions: return statistics.map { Double($0.mapReexecutions) }
        case .mapTasks: return report.map { Double($0.mapTasks) }
        case .outputRecords: return statistics.map { Double($0.outputRecords) }
        case .bytesShuffled: return statistics.map { Double($0.shuffledBytes) }
        case .bytesWithoutCombiner: return statistics.map { Double($0.shuffleBytesWithoutCombiner) }
        // Measured only once every reduce task has committed: the bytes fetched are those of the
        // committed reduce attempts, 0 for a job whose reducers never committed (a failed or
        // stuck job read "1", 100 %, even without a combiner). And 0 ÷ 0 when the maps emitted
        // nothing: no figure.
        case .shuffleReduction:
            guard let report, report.shuffleMeasured else { return nil }
            return statistics.flatMap { $0.shuffleBytesWithoutCombiner > 0 ? $0.shuffleReduction : nil }
        case .maxDetectionTime: return report.map { _ in recoveryFigures.map(\.detection).max() ?? 0 }
        // 0 when nothing needed recovering; no figure when something did and nothing recovered.
        case .maxRecoveryTime:
            guard report != nil else { return nil }
            let figures = recoveryFigures
            guard !figures.isEmpty else { return 0 }
            return figures.compactMap(\.recovery).max()
        case .jobs: return 1
        case .succeededJobs: return succeeded ? 1 : 0
        case .failedJobs: return succeeded ? 0 : 1
        case .offsetsNotCommitted: return run.report?.offsetCommitFailure == nil ? 0 : 1
        case .inputRecords: return inputUnread == nil || run.rejection != nil ? Double(inputRecords) : nil
        case .throughput: return value(of: .eventsPerSecond)
        // Only for a job that succeeded: a failed job did not get its input through (its
        // completed maps may have read a part of it, or none), so records per second of its
        // makespan measure nothing — 500 records over a job that failed after 4 s read 124.9/s.
        case .eventsPerSecond:
            guard succeeded, inputUnread == nil, let makespan = report?.makespan?.seconds, makespan > 0 else { return nil }
            return Double(inputRecords) / makespan
        }
    }
}

extension MapReduce.JobReport {
    /// Whether every reduce task committed, so that the bytes the committed reduce attempts
    /// fetched are the whole shuffle.
    var shuffleMeasured: Bool { status == .succeeded }
}

extension MapReduce.JobStatistics {
    /// The share of map output the combiner saved: 1 − bytes shuffled ÷ bytes without combiner
    /// (0 when nothing was emitted).
    var shuffleReduction: Double {
        shuffleBytesWithoutCombiner > 0 ? 1 - Double(shuffledBytes) / Double(shuffleBytesWithoutCombiner) : 0
    }
}
