import Foundation
import ArgumentParser
import Scenarios

/// `orrery`: parses the command line, hands over to `Scenarios`, prints, and chooses the exit code.
@main
struct Orrery: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "A deterministic, virtual-time simulator of load balancers, MapReduce clusters, partitioned logs and object stores.",
        discussion: "Exit codes: 0 success, 1 a run failed (an expect: assertion, or the simulation stopped early), 2 bad input.",
        subcommands: [Run.self, Validate.self, ExperimentCommand.self, SweepCommand.self, MergeCommand.self, ReportCommand.self, Schema.self, Shrink.self, MapReduceCommand.self, Ops.self])

    /// Parse errors are bad input (exit 2), not ArgumentParser's default 64.
    static func main() {
        AllocatorSlack.apply()
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch let exit as ExitCode {
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
