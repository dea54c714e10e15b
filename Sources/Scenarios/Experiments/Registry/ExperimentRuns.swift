import Reports

/// Runs several experiments for one command (`orrery experiment all`), handing each one's reports
/// back in the order they were named.
///
/// With one job, or one experiment, they run one after another on the calling thread. With more
/// they run two at a time, their worlds on `jobs` threads shared by both (``WorldSlots``), the
/// earlier experiment's worlds first: when one runs the last worlds of a phase, or a single world
/// of its own (the backup experiment's sixty days), the next one's worlds take the idle core, and
/// no more than `jobs` worlds are alive at once. The reports are the same as running the
/// experiments one after another: each world is deterministic and shares nothing.
public enum ExperimentRuns {
    /// Experiments running at once when there is more than one job.
    static let width = 2

    /// Runs `experiments` with `jobs` worlds at a time, calling `deliver` with each one's index and
    /// outcome in order (from whichever thread finished it, never two at once); once `deliver`
    /// returns false no further experiment is started and nothing more is delivered.
    public static func run(_ experiments: [any Experiment], jobs: Int,
                           deliver: @Sendable (Int, Result<ReportBundle, ExperimentFailure>) -> Bool) {
        let run: @Sendable (Int) -> (Int, Result<ReportBundle, ExperimentFailure>) = { index in
            (index, Result { () throws(ExperimentFailure) -> ReportBundle in try experiments[index].run(jobs: jobs) })
        }
        guard jobs > 1, experiments.count > 1 else {
            for index in experiments.indices where !deliver(index, run(index).1) { return }
            return
        }
        ParallelWorlds.overlapping(experiments.count, width: width, worlds: jobs, run, deliver: { deliver($0.0, $0.1) })
    }
}
