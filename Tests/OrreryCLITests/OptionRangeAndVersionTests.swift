import Foundation
import Testing

/// `--jobs 99999999999999999999` and `--trace-max-events 99999999999999999999` were refused as
/// "outside -9223372036854775808 … 9223372036854775807", the type's range, where `--jobs 0` says
/// "must be 1 … 1,024"; and `orrery --version extra` printed 0.1.0 and exited 0 (C1's F9).
struct OptionRangeAndVersionTests {
    @Test func digitsTooManyAreRefusedWithTheOptionsRange() throws {
        let jobs = try OrreryProcess.run(["run", "--jobs", "99999999999999999999", "f.yaml"])
        #expect(jobs.status == 2)
        #expect(jobs.standardError.hasPrefix("""
            error: The value '99999999999999999999' is invalid for '--jobs <jobs>': must be 1 … 1,024
            Help:  --jobs <jobs>  Simulations to run at once on separate threads, 1 … 1,024, at most one per core (the default); results are identical for any value.

            """), "\(jobs.standardError)")
        let events = try OrreryProcess.run(["run", "--trace-max-events", "99999999999999999999", "--trace", "t.json", "f.yaml"])
        #expect(events.status == 2)
        #expect(events.standardError.hasPrefix(
            "error: The value '99999999999999999999' is invalid for '--trace-max-events <trace-max-events>': must be 1,000 … 4,000,000\n"
            + "Help:  --trace-max-events <trace-max-events>  At most this many trace events, 1,000 … 4,000,000 (default 1,000,000;"), "\(events.standardError)")
        let shards = try OrreryProcess.run(["sweep", "f.yaml", "--seeds", "1..2", "--shards", "99999999999999999999"])
        #expect(shards.standardError.hasPrefix("error: The value '99999999999999999999' is invalid for '--shards <shards>': must be 1 … 100,000\n"), "\(shards.standardError)")
    }

    @Test(arguments: [["--version", "extra"], ["run", "--version"], ["--version", "run", "f.yaml"]])
    func versionStandsAlone(arguments: [String]) throws {
        let outcome = try OrreryProcess.run(arguments)
        #expect(outcome.status == 2)
        #expect(outcome.standardOutput == "")
        let other = arguments.first { $0 != "--version" }!
        #expect(outcome.standardError == "error: --version takes no other argument, got '\(other)'; run 'orrery --version' alone\n")
    }
}
