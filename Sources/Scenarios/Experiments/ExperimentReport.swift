import Reports
import Foundation

/// What every experiment report opens with: the experiment, its seed, and the command that
/// replays it, so any figure in `results/` can be reproduced.
enum ExperimentReport {
    static func header(title: String, spec: some ExperimentIdentity, digest: String) -> String {
        var out = "# \(title)\n\n"
        out += "- seed: `\(spec.seed)`\n"
        out += "- replay: \(replay(name: spec.name, file: spec.file, seed: spec.seedFromCommandLine ? spec.seed : nil))\n"
        out += "- digest: `\(digest)`\n"
        if !spec.summary.isEmpty { out += "- setup: \(spec.summary)\n" }
        return out + "\n"
    }

    /// The directory `orrery experiment` reads its files from unless told otherwise.
    static let experimentsDirectory = "scenarios"

    /// The command that replays exactly this run. `orrery experiment NAME` reads
    /// `scenarios/NAME.yaml`, so only a run of that file is replayed by it; any other file
    /// (`orrery run cases/a1-small.yaml`, or `--scenarios elsewhere`) is replayed by running it,
    /// and so is a run whose `seed` the command line gave (`orrery run FILE --seed N`).
    static func replay(name: String, file: String, seed: UInt64? = nil) -> String {
        let command = replayCommand(name: name, file: file, seed: seed)
        return seed == nil && isExperimentsFile(name: name, file: file) ? "`\(command)` (reads `\(file)`)" : "`\(command)`"
    }

    /// The same command as plain text, for a run's own report line; `seed` is one the command
    /// line gave in place of the file's.
    static func replayCommand(name: String, file: String, seed: UInt64? = nil) -> String {
        if let seed { return "orrery run \(ShellQuoting.quote(ShellQuoting.fileArgument(file))) --seed \(seed)" }
        return isExperimentsFile(name: name, file: file)
            ? "orrery experiment \(name)" : "orrery run \(ShellQuoting.quote(ShellQuoting.fileArgument(file)))"
    }

    /// Whether `file` is the one `orrery experiment NAME` reads by default.
    private static func isExperimentsFile(name: String, file: String) -> Bool {
        file == "\(experimentsDirectory)/\(name).yaml"
    }
}
