import Foundation
import ArgumentParser
import Reports
import Scenarios

/// `orrery`: parses the command line, hands over to `Scenarios`, prints, and chooses the exit code.
@main
struct Orrery: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "A deterministic, virtual-time simulator of load balancers, MapReduce clusters, partitioned logs and object stores.",
        discussion: "Exit codes: 0 success, 1 a run failed (an expect: assertion, or the simulation stopped early), 2 bad input.",
        version: OrreryVersion.current,
        subcommands: [Run.self, Validate.self, ExperimentCommand.self, SweepCommand.self, MergeCommand.self, ReportCommand.self, Schema.self, Shrink.self, MapReduceCommand.self, Ops.self])

    /// The most arguments a command line may hold. ArgumentParser reads one in time that grows
    /// with the square of its length (each option's value is removed from, and each repetition
    /// merged into, what it has read so far): 10,000 arguments take ~2 s, 40,000 took 27 s. A
    /// sweep's shards are merged by naming the directory that holds them.
    static let argumentLimit = 10_000

    /// Every refusal starts `error: `, as Orrery's own messages (and its file errors,
    /// `f.yaml:3:5: error: …`) do; ArgumentParser's own prefix is `Error: `, which its messages
    /// for a bad option value, an unknown subcommand or a missing argument printed beside them.
    /// Its usage and help lines follow as before.
    static var _errorPrefix: String { "error: " }

    /// Why `arguments` holding `--version` (before a `--`) are refused: it stands alone.
    /// ArgumentParser answers it wherever it stands and ignores the rest (`orrery --version extra`,
    /// `orrery run --version` printed the version and exited 0).
    static func versionProblem(in arguments: [String]) -> String? {
        guard arguments.prefix(while: { $0 != "--" }).contains("--version"),
              let other = arguments.first(where: { $0 != "--version" }) else { return nil }
        return "--version takes no other argument, got '\(other.prefix(40))'; run 'orrery --version' alone"
    }

    /// Parse errors are bad input (exit 2), not ArgumentParser's default 64.
    static func main() {
        AllocatorSlack.apply()
        // A closed pipe (`| head -1`) is an output that cannot be written, told on stderr with
        // exit 2 as `>/dev/full` is, not a silent death by SIGPIPE that leaves temporaries behind.
        signal(SIGPIPE, SIG_IGN)
        CommitSignals.install()
        let arguments = CommandLine.arguments.dropFirst()
        guard arguments.count <= argumentLimit else {
            // Only `merge` has a way round the limit (the directory that holds the shards).
            let remedy = arguments.first == "merge" ? " (to merge more shard directories, name the directory that holds them)" : ""
            FileHandleOutput.standardError("error: at most \(NumberFormat.integer(argumentLimit)) arguments, got \(NumberFormat.integer(arguments.count))\(remedy)")
            Foundation.exit(ExitStatus.badInput.rawValue)
        }
        if let position = ArgumentEncoding.firstInvalidArgument() {
            FileHandleOutput.standardError("error: argument \(position) is not valid UTF-8 (Orrery reads every path and value as UTF-8 text; rename the file)")
            Foundation.exit(ExitStatus.badInput.rawValue)
        }
        if let problem = versionProblem(in: Array(arguments)) {
            FileHandleOutput.standardError("error: \(problem)")
            Foundation.exit(ExitStatus.badInput.rawValue)
        }
        // ArgumentParser answers `help <anything>` with the overview and exit 0.
        if arguments.first == "help", let name = arguments.dropFirst().first,
           !configuration.subcommands.contains(where: { $0._commandName == name }) {
            FileHandleOutput.standardError("error: no subcommand named '\(name.prefix(40))'; see 'orrery --help'")
            Foundation.exit(ExitStatus.badInput.rawValue)
        }
        if let name = arguments.first, let command = configuration.subcommands.first(where: { $0._commandName == name }),
           let problem = RepeatedOptions.problem(in: arguments.dropFirst(), of: command) {
            FileHandleOutput.standardError("error: \(problem)")
            Foundation.exit(ExitStatus.badInput.rawValue)
        }
        if let problem = ProgressDisplay.delayProblem(environment: ProcessInfo.processInfo.environment) {
            FileHandleOutput.standardError("error: \(problem)")
            Foundation.exit(ExitStatus.badInput.rawValue)
        }
        do {
            var command = try parseAsRoot(Array(arguments))
            try command.run()
            FileHandleOutput.checkStandardOutput()
        } catch let exit as ExitCode {
            FileHandleOutput.checkStandardOutput()
            Foundation.exit(exit.rawValue)
        } catch {
            let code = exitCode(for: error)
            if code == .success {
                Orrery.exit(withError: error)
            }
            FileHandleOutput.standardError(fullMessage(for: error))
            Foundation.exit(ExitStatus.badInput.rawValue)
        }
    }
}
