/// The exit codes of `orrery`, as documented in the README.
enum ExitStatus: Int32, Sendable {
    /// Everything ran and every expectation held.
    case success = 0
    /// A run failed: an `expect:` assertion did not hold, or the simulation stopped early
    /// (deadlock, time or event limit).
    case failed = 1
    /// Bad input: a scenario file, an option or an output path that cannot be used. Nothing was run
    /// or written.
    case badInput = 2
}
