/// Why a sweep stopped before its last world, and whose failure that is: the command exits 1 for
/// a world that replayed to another digest and 2 for what kept the sweep from going on.
///
/// The cause is carried beside the message, never read back from it: the exit status once came
/// from whether the text started with `error: `, so rewording a message could change it.
public struct SweepStop: Sendable, Equatable {
    /// Whose failure stopped the sweep.
    public enum Cause: Sendable, Equatable {
        /// A world's replay in a child process (`--check-determinism`) ended with another digest:
        /// the world's failure.
        case nondeterminism
        /// The environment's failure, not the world's: a child process could not replay a world
        /// (it could not be started, or ended without a digest), or a record could not be written.
        case environment
    }

    /// What to tell the user, as it is printed.
    public let message: String
    public let cause: Cause

    public init(message: String, cause: Cause) {
        self.message = message
        self.cause = cause
    }

    /// The environment's failure, `problem` printed after `error: `.
    public static func environment(_ problem: String) -> SweepStop {
        SweepStop(message: "error: " + problem, cause: .environment)
    }

    /// A world that replayed differently, `problem` printed after `nondeterminism: `.
    public static func nondeterminism(_ problem: String) -> SweepStop {
        SweepStop(message: "nondeterminism: " + problem, cause: .nondeterminism)
    }
}
