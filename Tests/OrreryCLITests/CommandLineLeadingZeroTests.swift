import Foundation
import Testing

/// A whole number typed on the command line with a leading zero (`--seed 017`, `--jobs 08`,
/// `--shard 01/2`, `JOB_COMPLETION_INDEX=01`) ran as 17, 8 or shard 1, where `seed: 017` in a file,
/// `--set seed=017` and `--metrics-interval 017` are refused: a YAML 1.1 reader sees 15 (s77's F6).
/// Each is refused, naming the option, in the command line's own words (s78): it was refused in
/// the scenario language's, which speak of YAML readers; on a command line what reads `017` as
/// 15 is the shell's arithmetic and C (``PlainDecimal/leadingZeroProblem(_:)``).
struct CommandLineLeadingZeroTests {
    static let octal = "'017' has a leading zero, which marks an octal number in shell arithmetic and C ($((017)) is 15); type 17, or 15 if the octal number was meant"

    @Test func aSeedOrJobsWithALeadingZeroIsRefused() throws {
        let seed = try OrreryProcess.run(["run", "--seed", "017", "scenarios/closed-loop.yaml"])
        #expect(seed.status == 2)
        #expect(seed.standardError.hasPrefix("error: The value '017' is invalid for '--seed <seed>': \(Self.octal)\n"), "\(seed.standardError)")
        let jobs = try OrreryProcess.run(["run", "--jobs", "08", "scenarios/closed-loop.yaml"])
        #expect(jobs.status == 2)
        #expect(jobs.standardError.hasPrefix("error: The value '08' is invalid for '--jobs <jobs>': '08' has a leading zero, which marks an octal number in shell arithmetic and C (which refuse it: 8 is no octal digit); type 8\n"), "\(jobs.standardError)")
        let runs = try OrreryProcess.run(["shrink", "--max-runs", "017", "scenarios/closed-loop.yaml"])
        #expect(runs.status == 2)
        #expect(runs.standardError.hasPrefix("error: The value '017' is invalid for '--max-runs <max-runs>': \(Self.octal)\n"), "\(runs.standardError)")
    }

    @Test func aSweepsSeedsShardAndSchedulerIndexWithALeadingZeroAreRefused() throws {
        let seeds = try OrreryProcess.run(["sweep", "scenarios/closed-loop.yaml", "--seeds", "017"])
        #expect(seeds.status == 2)
        #expect(seeds.standardError.hasPrefix("error: --seeds: '017' is not a seed: \(Self.octal), e.g. 1..200 or 1,5,9\n"), "\(seeds.standardError)")
        let shard = try OrreryProcess.run(["sweep", "scenarios/closed-loop.yaml", "--seeds", "1..2", "--shard", "01/2"])
        #expect(shard.status == 2)
        #expect(shard.standardError.hasPrefix("error: --shard: expected a shard as i/n in the digits 0-9 (e.g. 2/8, numbered from 1): '01' has a leading zero, which marks an octal number in shell arithmetic and C; type 1\n"), "\(shard.standardError)")
        let index = try OrreryProcess.run(["sweep", "scenarios/closed-loop.yaml", "--seeds", "1..2", "--shards", "2"], environment: ["JOB_COMPLETION_INDEX": "01"])
        #expect(index.status == 2)
        #expect(index.standardError.hasPrefix("error: --shards 2: JOB_COMPLETION_INDEX is not an index: '01' has a leading zero, which marks an octal number in shell arithmetic and C; type 1\n"), "\(index.standardError)")
    }
}
