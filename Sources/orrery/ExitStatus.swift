/// The exit codes of `orrery`, as documented in the README.
enum ExitStatus: Int32, Sendable {
    /// Everything ran and every expectation held.
    case success = 0
    /// A run failed: an `expect:` assertion did not hold, or the simulation stopped early
    /// (deadlock, time or event limit).
    case failed = 1
    /// Bad input: a scenario file, an option or an output path that cannot be used (nothing was
    /// run or written), or outputs that could not be written after the run (every file of the
    /// command written together or not at all: the earlier ones are left as they were).
    case badInput = 2
}
