/// The exit codes of `orrery`, as documented in the README.
enum ExitStatus: Int32, Sendable {
    /// Everything ran and every expectation held.
    case success = 0
    /// A run failed: an `expect:` assertion did not hold, or the simulation stopped early
    /// (deadlock, time or event limit).
    case failed = 1
    /// Bad input or output, at either of two moments:
    /// - before anything runs: a scenario file, an option, an environment variable
    ///   (`ORRERY_PROGRESS_DELAY`, a scheduler's array index) or an output path that cannot be
    ///   used — nothing was run or written (`validate` still checks every file it is given);
    /// - after runs have started: a run whose files could not be written (a full disk, a path
    ///   that changed), or that could not be built. The command stops there. Each run's files —
    ///   its report folder with its trace and metrics, a sweep's or merge's folder, shrink's two
    ///   files, `report`'s page — are written together or not at all, so that run's earlier files
    ///   are left as they were; the runs written before it (`run a.yaml b.yaml`, `experiment
    ///   all`) keep their new files, and their results were printed.
    case badInput = 2
}
