import Foundation
import Testing

/// ArgumentParser's own refusals — a bad option value, an unknown subcommand, a missing
/// argument — start `error: ` as Orrery's own do (they started `Error: `), keep their usage and
/// help lines, and exit 2 as before.
struct ParserRefusalPrefixTests {
    @Test func aBadOptionValueStartsLowerCase() throws {
        let outcome = try OrreryProcess.run(["run", "--jobs", "x", "f.yaml"])
        #expect(outcome.status == 2)
        #expect(outcome.standardError == """
            error: The value 'x' is invalid for '--jobs <jobs>': write it in the digits 0-9 alone (no sign, space, 0x, '_' or other scripts' digits)
            Help:  --jobs <jobs>  Simulations to run at once on separate threads, 1 … 1,024, at most one per core (the default); results are identical for any value.
            Usage: orrery run [<options>] <files> ...
              See 'orrery run --help' for more information.

            """, "\(outcome.standardError)")
    }

    @Test func anUnknownSubcommandStartsLowerCase() throws {
        let outcome = try OrreryProcess.run(["nosuch"])
        #expect(outcome.status == 2)
        #expect(outcome.standardError == "error: Unexpected argument 'nosuch'\nUsage: orrery <subcommand>\n  See 'orrery --help' for more information.\n")
    }

    @Test func aMissingArgumentStartsLowerCase() throws {
        let outcome = try OrreryProcess.run(["run"])
        #expect(outcome.status == 2)
        #expect(outcome.standardError == "error: Missing expected argument '<files> ...'\nHelp:  <files>  Scenario files (YAML).\nUsage: orrery run [<options>] <files> ...\n  See 'orrery run --help' for more information.\n")
    }

    /// A validation Orrery writes itself goes the same way.
    @Test func aValueOutOfRangeStartsLowerCase() throws {
        let outcome = try OrreryProcess.run(["run", "--jobs", "0", "f.yaml"])
        #expect(outcome.status == 2)
        #expect(outcome.standardError.hasPrefix("error: --jobs must be 1 … 1,024, got 0\nUsage: orrery run "), "\(outcome.standardError)")
    }

    /// Help is not a refusal: standard output, exit 0.
    @Test func helpIsUnchanged() throws {
        let outcome = try OrreryProcess.run(["--help"])
        #expect(outcome.status == 0 && outcome.standardError.isEmpty)
        #expect(outcome.standardOutput.hasPrefix("OVERVIEW: A deterministic, virtual-time simulator"))
    }
}
