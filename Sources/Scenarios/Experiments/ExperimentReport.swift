import Reports
import Foundation

/// What every experiment report opens with: the experiment, its seed, and the command that
/// replays it, so any figure in `results/` can be reproduced.
enum ExperimentReport {
    static func header(title: String, spec: some ExperimentIdentity, digest: String) -> String {
        var out = "# \(title)\n\n"
        out += "- seed: `\(spec.seed)`\n"
        out += "- replay: \(replay(name: spec.name, file: spec.file, arguments: spec.replayArguments))\n"
        out += "- digest: `\(digest)`\n"
        if !spec.summary.isEmpty { out += "- setup: \(spec.summary)\n" }
        return out + "\n"
    }

    /// The directory `orrery experiment` reads its files from unless told otherwise.
    static let experimentsDirectory = "scenarios"

    /// The command that replays exactly this run. `orrery experiment NAME` reads
    /// `scenarios/NAME.yaml`, so only a run of that file is replayed by it; any other file
    /// (`orrery run cases/a1-small.yaml`, or `--scenarios elsewhere`) is replayed by running it,
    /// and so is a run the command line gave options (`orrery run FILE --seed N --set K=V`).
    static func replay(name: String, file: String, arguments: [String] = []) -> String {
        let command = replayCommand(name: name, file: file, arguments: arguments)
        return ShellQuoting.markdown(command, remark: arguments.isEmpty && isExperimentsFile(name: name, file: file) ? " (reads \(file.markdownCode))" : "")
    }

    /// The same command as plain text, for a run's own report line; `arguments` are the options
    /// the command line gave (`--seed 7`, `--set requests=100`). Each word is quoted by `quote`:
    /// for any shell (``ShellQuoting/posixQuote(_:)``) in a file, as ``ShellQuoting/quote(_:)``
    /// writes it on one line for the terminal.
    static func replayCommand(name: String, file: String, arguments: [String] = [],
                              quote: (String) -> String = ShellQuoting.posixQuote) -> String {
        if !arguments.isEmpty {
            return (["orrery", "run", ShellQuoting.fileArgument(file)] + arguments).map(quote).joined(separator: " ")
        }
        return isExperimentsFile(name: name, file: file)
            ? "orrery experiment \(name)" : "orrery run \(quote(ShellQuoting.fileArgument(file)))"
    }

    /// The replay of an experiment that reads worlds from the scenarios directory (keepalive,
    /// zones, deploy, strategies, claims): `orrery experiment NAME`, with `--scenarios DIR` when
    /// `files` (as they were read) came from another directory than `scenarios`, and the files it
    /// reads — "`orrery experiment keepalive --scenarios my-cases` (reads `my-cases/keepalive.yaml`)".
    static func replay(name: String, reading files: [String]) -> String {
        let directory = files.first.map { ($0 as NSString).deletingLastPathComponent } ?? experimentsDirectory
        var words = ["orrery", "experiment", name]
        if directory != experimentsDirectory { words += ["--scenarios", ShellQuoting.fileArgument(directory.isEmpty ? "." : directory)] }
        let read = files.map(ShellQuoting.markdownPath)
        let list = read.count <= 1 ? read.joined() : read.dropLast().joined(separator: ", ") + " and " + read[read.count - 1]
        return ShellQuoting.markdown(ShellQuoting.posixCommand(words), remark: " (reads \(list))")
    }

    /// Whether `file` is the one `orrery experiment NAME` reads by default.
    private static func isExperimentsFile(name: String, file: String) -> Bool {
        file == "\(experimentsDirectory)/\(name).yaml"
    }
}
