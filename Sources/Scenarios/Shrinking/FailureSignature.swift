/// How a run failed, coarsely enough that a smaller run failing "the same way" can be told from
/// one failing differently: which expectations failed (by their text; none in a run that stopped
/// early, which checks none), why the simulation stopped early (deadlock, time limit, …, not the
/// details), which jobs did not produce their exact output, and whether the explicit operations
/// went unanswered. An expectation that failed because nothing was measured (`p50 < 1ms` of a
/// run without a request) fails another way than one that measured a figure on the wrong side:
/// a latency failure shrunk to a world with no requests would reproduce nothing.
public struct FailureSignature: Sendable, Equatable, CustomStringConvertible {
    /// Why a simulation stopped before its work was done, without the instants and task names.
    public enum StopKind: String, Sendable, CaseIterable {
        case deadlock, timeLimit = "time limit", eventLimit = "event limit", escapedTask = "escaped task", livelock
        case other = "stopped early"

        /// The kind of the stop `description` (``RunResult/failure``) describes.
        init(describing description: String) {
            let prefixes: [(String, StopKind)] = [("deadlock", .deadlock), ("virtual time limit", .timeLimit), ("event limit", .eventLimit),
                                                  ("livelock", .livelock)]
            if let match = prefixes.first(where: { description.hasPrefix($0.0) }) {
                self = match.1
            } else if description.contains("escaped to the global executor") {
                self = .escapedTask
            } else {
                self = .other
            }
        }
    }

    /// The failed expectations' texts, in the file's order.
    public var failedExpectations: [String]
    /// Those of ``failedExpectations`` that failed with nothing measured.
    public var unmeasuredExpectations: [String]
    /// Why the simulation stopped early, if it did.
    public var stop: StopKind?
    /// The ids of jobs without their exact output, in the file's order.
    public var inexactJobs: [String]
    /// Whether an explicit operation could not be sent.
    public var operationsFailed: Bool

    /// The way `result` failed, or nil when it passed.
    ///
    /// - Parameter watched: when given (`--expect`), only these expectations (by text) and the
    ///   early stop count; everything else the run got wrong is ignored.
    public init?(_ result: RunResult, watching watched: [String]? = nil) {
        // A run that stopped early checked none of its expectations (`orrery run` says "not
        // checked"): it fails for the stop alone, and no expectation is named as failed.
        let checks = result.failure == nil ? result.checks : []
        let failed = checks.filter { !$0.holds }.map(\.expectation.text)
        let unmeasured = checks.filter { !$0.holds && $0.measured == nil }.map(\.expectation.text)
        var operationsFailed = false
        if case .failure = result.operations { operationsFailed = true }
        if let watched {
            failedExpectations = failed.filter(watched.contains)
            unmeasuredExpectations = unmeasured.filter(watched.contains)
            inexactJobs = []
            self.operationsFailed = false
        } else {
            failedExpectations = failed
            unmeasuredExpectations = unmeasured
            inexactJobs = result.jobs.filter { !$0.result.outputExact }.map(\.id)
            self.operationsFailed = operationsFailed
        }
        stop = result.failure.map(StopKind.init(describing:))
        if failedExpectations.isEmpty, stop == nil, inexactJobs.isEmpty, !self.operationsFailed { return nil }
    }

    /// One line: `expectation 'p99 < 200ms' failed; expectation 'p50 < 1ms' failed (not measured);
    /// stopped early (deadlock)`.
    public var description: String {
        var parts = failedExpectations.map { "expectation '\($0)' failed" + (unmeasuredExpectations.contains($0) ? " (not measured)" : "") }
        if let stop { parts.append("stopped early (\(stop.rawValue))") }
        if !inexactJobs.isEmpty { parts.append(inexactJobs.count == 1 ? "job \(inexactJobs[0]) without its exact output" : "jobs \(inexactJobs.joined(separator: ", ")) without their exact output") }
        if operationsFailed { parts.append("an operation could not be sent") }
        return parts.joined(separator: "; ")
    }
}
